import WeftImage

/// The gallery test image: a deterministic 512×384 premultiplied RGBA8 (sRGB-encoded) picture
/// that exercises what effects and codecs get wrong — transparency, smooth gradients, hard
/// edges, 1-pixel detail. Built with integer arithmetic only, so every platform makes the same
/// bytes; `examples/images/test-pattern.png` is this image, and a test keeps the two equal.
///
/// Layout (x and y ranges in pixels, end exclusive):
/// - y 0–128: a hue sweep left to right (red → yellow → green → cyan → blue → magenta),
///   alpha falling from 255 at the top to 0 at row 127.
/// - y 128–256, x 0–128: an opaque black/white checker, 8-pixel squares above, 1-pixel below.
/// - y 128–256, x 128–256: 1-pixel lines on transparency: white verticals above; cyan
///   horizontals and a magenta diagonal below.
/// - y 128–256, x 256–384: concentric 6-pixel rings around (320, 192): orange, half-transparent
///   blue, transparent, white; transparent outside radius 60.
/// - y 128–256, x 384–512: hard-edged quadrants — opaque red, green at alpha 128, opaque blue,
///   white at alpha 64 — with a fully transparent 32×32 hole in the middle.
/// - y 256–320: an opaque gray ramp, 0 at the left to 255 at the right.
/// - y 320–352: white with alpha ramping 0 → 255 left to right.
/// - y 352–384: eight 64-pixel swatches (red, orange, yellow, green, cyan, blue, purple, clear),
///   opaque in the upper half, alpha 128 in the lower.
public enum TestPattern {
    public static let width = 512
    public static let height = 384
    /// The name the committed copy goes by in `examples/images`.
    public static let fileName = "test-pattern.png"

    public static func make() -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = straightColor(x: x, y: y)
                let i = (y * width + x) * 4
                bytes[i] = Premultiplication.premultiply(r, alpha: a)
                bytes[i + 1] = Premultiplication.premultiply(g, alpha: a)
                bytes[i + 2] = Premultiplication.premultiply(b, alpha: a)
                bytes[i + 3] = a
            }
        }
        return PixelBuffer.wrapping(width: width, height: height, format: .rgba8Unorm, bytes: bytes)
    }

    typealias RGBA = (UInt8, UInt8, UInt8, UInt8)
    static let clear: RGBA = (0, 0, 0, 0)

    static func straightColor(x: Int, y: Int) -> RGBA {
        switch y {
        case 0..<128:
            let (r, g, b) = hue(x * 1536 / width)
            return (r, g, b, UInt8(255 - y * 255 / 127))
        case 128..<256:
            switch x {
            case 0..<128: return checker(x: x, y: y)
            case 128..<256: return lines(x: x - 128, y: y - 128)
            case 256..<384: return rings(x: x, y: y)
            default: return quadrants(x: x - 384, y: y - 128)
            }
        case 256..<320:
            let v = UInt8(x * 255 / (width - 1))
            return (v, v, v, 255)
        case 320..<352:
            return (255, 255, 255, UInt8(x * 255 / (width - 1)))
        default:
            let swatches: [RGBA] = [(255, 59, 48, 255), (255, 149, 0, 255), (255, 204, 0, 255), (52, 199, 89, 255),
                                    (50, 173, 230, 255), (0, 122, 255, 255), (175, 82, 222, 255), clear]
            let (r, g, b, a) = swatches[x / 64]
            return (r, g, b, y < 368 ? a : a / 2 + a % 2)
        }
    }

    /// A fully saturated hue; `h` in 0..<1536, 256 steps per sixth of the circle.
    static func hue(_ h: Int) -> (UInt8, UInt8, UInt8) {
        let f = UInt8(h % 256)
        switch h / 256 {
        case 0: return (255, f, 0)
        case 1: return (255 - f, 255, 0)
        case 2: return (0, 255, f)
        case 3: return (0, 255 - f, 255)
        case 4: return (f, 0, 255)
        default: return (255, 0, 255 - f)
        }
    }

    static func checker(x: Int, y: Int) -> RGBA {
        let cell = y < 192 ? 8 : 1
        let white = (x / cell + y / cell) % 2 == 0
        return white ? (255, 255, 255, 255) : (0, 0, 0, 255)
    }

    static func lines(x: Int, y: Int) -> RGBA {
        if y < 64 { return x % 2 == 0 ? (255, 255, 255, 255) : clear }
        let diagonal = y - 64
        if x == diagonal || x == diagonal + 64 { return (255, 0, 255, 255) }
        return y % 2 == 0 ? (0, 255, 255, 255) : clear
    }

    static func rings(x: Int, y: Int) -> RGBA {
        // Distances in half pixels from the center (320, 192), measured at pixel centers.
        let dx = 2 * (x - 320) + 1
        let dy = 2 * (y - 192) + 1
        let d2 = dx * dx + dy * dy
        var ring = 0
        while (ring + 1) * (ring + 1) * 144 <= d2 { ring += 1 }
        if ring >= 10 { return clear }
        let colors: [RGBA] = [(255, 149, 0, 255), (0, 122, 255, 128), clear, (255, 255, 255, 255)]
        return colors[ring % 4]
    }

    static func quadrants(x: Int, y: Int) -> RGBA {
        if (48..<80).contains(x) && (48..<80).contains(y) { return clear }
        switch (x < 64, y < 64) {
        case (true, true): return (255, 0, 0, 255)
        case (false, true): return (0, 255, 0, 128)
        case (true, false): return (0, 0, 255, 255)
        case (false, false): return (255, 255, 255, 64)
        }
    }
}
