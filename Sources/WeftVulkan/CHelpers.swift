import CVulkan

/// A fixed-size C character array (imported as a tuple) as a Swift string.
func string<T>(fromCArray tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}

/// `VK_MAKE_API_VERSION(0, major, minor, patch)`.
func vkAPIVersion(_ major: UInt32, _ minor: UInt32, _ patch: UInt32 = 0) -> UInt32 {
    major << 22 | minor << 12 | patch
}

/// "1.3.230" from a packed Vulkan version.
func vkVersionString(_ v: UInt32) -> String {
    "\(v >> 22 & 0x7f).\(v >> 12 & 0x3ff).\(v & 0xfff)"
}

/// Calls `body` with an array of C strings that live for the duration of the call.
func withCStringArray<R, E: Error>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws(E) -> R) throws(E) -> R {
    let owned = strings.map { strdup($0) }
    defer { owned.forEach { free($0) } }
    return try body(owned.map { UnsafePointer($0) })
}

/// Flags from `VkXxxFlagBits` values.
func vkFlags<T: RawRepresentable>(_ bits: T...) -> UInt32 where T.RawValue == UInt32 {
    bits.reduce(0) { $0 | $1.rawValue }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
