/// The working color mode of an offscreen layer, after SwiftUI's `drawingGroup(colorMode:)`.
public enum ColorMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// sRGB-encoded values in RGBA8 (the default).
    case nonLinear
    /// Linear sRGB in at least 16-bit float storage, clamped to [0, 1].
    case linear
    /// Linear sRGB in RGBA16F, values outside [0, 1] kept.
    case extendedLinear

    /// The storage format a layer in this mode is allocated with.
    public var storageFormat: PixelFormat {
        switch self {
        case .nonLinear: .rgba8Unorm
        case .linear, .extendedLinear: .rgba16Float
        }
    }
}

/// The sRGB transfer functions (IEC 61966-2-1), on one channel.
public enum SRGB {
    @inlinable
    public static func decode(_ v: Float) -> Float {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : Float.pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    @inlinable
    public static func encode(_ v: Float) -> Float {
        let a = abs(v)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * Float.pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }
}

extension Float {
    @usableFromInline
    static func pow(_ x: Float, _ y: Float) -> Float {
        Float(Foundation_pow(Double(x), Double(y)))
    }
}

#if canImport(Glibc)
import Glibc
@usableFromInline func Foundation_pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
#else
import Foundation
@usableFromInline func Foundation_pow(_ x: Double, _ y: Double) -> Double { Foundation.pow(x, y) }
#endif
