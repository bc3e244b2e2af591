/// A color as authors write it: sRGB-encoded components, straight (not premultiplied) alpha.
public struct Color: Sendable, Hashable, Codable {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Float, alpha: Float = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `#rrggbb` or `#rrggbbaa` (the `#` optional); nil when malformed.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let v = digits.count == 6 ? value << 8 | 0xff : value
        self.init(red: Float(v >> 24 & 0xff) / 255, green: Float(v >> 16 & 0xff) / 255,
                  blue: Float(v >> 8 & 0xff) / 255, alpha: Float(v & 0xff) / 255)
    }

    /// Premultiplied RGBA in `mode`'s encoding: sRGB-encoded for `.nonLinear`, linear otherwise.
    public func premultiplied(in mode: ColorMode) -> SIMD4<Float> {
        let rgb = SIMD3(red, green, blue)
        let working = mode == .nonLinear ? rgb : SIMD3(SRGB.decode(rgb.x), SRGB.decode(rgb.y), SRGB.decode(rgb.z))
        return SIMD4(working * alpha, alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let red = Color(red: 1, green: 0.231, blue: 0.188)
    public static let orange = Color(red: 1, green: 0.584, blue: 0)
    public static let yellow = Color(red: 1, green: 0.8, blue: 0)
    public static let green = Color(red: 0.204, green: 0.78, blue: 0.349)
    public static let mint = Color(red: 0, green: 0.78, blue: 0.745)
    public static let teal = Color(red: 0.188, green: 0.69, blue: 0.78)
    public static let cyan = Color(red: 0.196, green: 0.678, blue: 0.902)
    public static let blue = Color(red: 0, green: 0.478, blue: 1)
    public static let indigo = Color(red: 0.345, green: 0.337, blue: 0.839)
    public static let purple = Color(red: 0.686, green: 0.322, blue: 0.871)
    public static let pink = Color(red: 1, green: 0.176, blue: 0.333)
    public static let brown = Color(red: 0.635, green: 0.518, blue: 0.369)
}
