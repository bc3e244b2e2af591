#if WEFT_LIBFUZZER
import Foundation
import WeftFuzz

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Hands the process to libFuzzer with one target's entry point.
enum LibFuzzerDriver {
    /// The target libFuzzer's callback feeds; set once, before libFuzzer starts.
    nonisolated(unsafe) private static var target = FuzzTarget.spirv

    static func run(target: FuzzTarget, arguments: [String]) -> Int32 {
        Self.target = target
        var argc = CInt(arguments.count)
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                LibFuzzerDriver.target.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
                return 0
            }
        }
    }
}
#endif
