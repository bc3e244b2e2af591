import Weft
import WeftCatalog
import WeftImage

/// What the preview draws over a rendered frame before presenting it: text boxes in the built-in bitmap font and a
/// nearest-neighbour magnifier. Pure functions over RGBA8 pixels.
public enum FrameOverlay {
    public static let textColor: SIMD4<UInt8> = [255, 255, 255, 255]
    public static let errorColor: SIMD4<UInt8> = [255, 96, 96, 255]
    public static let boxColor: SIMD4<UInt8> = [0, 0, 0, 200]

    /// `lines` in a dark box with its top-left corner at `origin` (pixels), each glyph pixel `scale`×`scale`; a
    /// negative `origin.y` counts from the bottom edge. Clipped to the frame.
    public static func drawText(_ lines: [String], into pixels: inout PixelBuffer, at origin: SIMD2<Int>, scale: Int,
                                color: SIMD4<UInt8> = textColor) {
        guard !lines.isEmpty, pixels.format == .rgba8Unorm else { return }
        let lineHeight = (BitmapFont.glyphHeight + 3) * scale
        let width = (lines.map(BitmapFont.width).max() ?? 0) * scale + 4 * scale
        let height = lines.count * lineHeight + 2 * scale
        let top = origin.y >= 0 ? origin.y : pixels.height + origin.y - height
        fill(&pixels, x: origin.x, y: top, width: width, height: height, color: boxColor)
        for (row, line) in lines.enumerated() {
            var x0 = origin.x + 2 * scale
            let y0 = top + 2 * scale + row * lineHeight
            for character in line {
                for gx in 0..<BitmapFont.glyphWidth {
                    for gy in 0..<BitmapFont.glyphHeight where BitmapFont.isLit(character, x: gx, y: gy) {
                        fill(&pixels, x: x0 + gx * scale, y: y0 + gy * scale, width: scale, height: scale, color: color)
                    }
                }
                x0 += BitmapFont.advance * scale
            }
        }
    }

    /// The size in pixels of the box `drawText` draws for `lines`.
    public static func boxSize(_ lines: [String], scale: Int) -> (width: Int, height: Int) {
        let lineHeight = (BitmapFont.glyphHeight + 3) * scale
        return ((lines.map(BitmapFont.width).max() ?? 0) * scale + 4 * scale, lines.count * lineHeight + 2 * scale)
    }

    /// `lines` in an opaque box of their own, for drawing over a frame that is not on the host (`PresentOverlay`).
    public static func textBox(_ lines: [String], scale: Int, color: SIMD4<UInt8> = textColor) -> PixelBuffer? {
        guard !lines.isEmpty else { return nil }
        let (width, height) = boxSize(lines, scale: scale)
        var pixels = PixelBuffer(width: width, height: height, format: .rgba8Unorm)
        fill(&pixels, x: 0, y: 0, width: width, height: height, color: SIMD4(0, 0, 0, 255))
        drawText(lines, into: &pixels, at: .zero, scale: scale, color: color)
        return pixels
    }

    /// `color` (straight alpha) blended over the rectangle, clipped to the frame.
    static func fill(_ pixels: inout PixelBuffer, x: Int, y: Int, width: Int, height: Int, color: SIMD4<UInt8>) {
        let x0 = max(0, x), x1 = min(pixels.width, x + width)
        let y0 = max(0, y), y1 = min(pixels.height, y + height)
        guard x0 < x1, y0 < y1 else { return }
        let a = UInt32(color.w), keep = 255 - a
        let w = pixels.width
        pixels.bytes.withUnsafeMutableBufferPointer { bytes in
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let i = (py * w + px) * 4
                    for c in 0..<3 { bytes[i + c] = UInt8((UInt32(color[c]) * a + UInt32(bytes[i + c]) * keep + 127) / 255) }
                    bytes[i + 3] = UInt8((255 * a + UInt32(bytes[i + 3]) * keep + 127) / 255)
                }
            }
        }
    }

    /// `pixels` magnified `factor` times by nearest neighbour, the pixel under `center` staying where it is.
    public static func magnify(_ pixels: PixelBuffer, factor: Int, around center: SIMD2<Int>) -> PixelBuffer {
        guard factor > 1, pixels.format == .rgba8Unorm else { return pixels }
        let w = pixels.width, h = pixels.height
        let cx = min(max(center.x, 0), w - 1), cy = min(max(center.y, 0), h - 1)
        var out = PixelBuffer(width: w, height: h, format: .rgba8Unorm)
        let sourceX = (0..<w).map { x in min(w - 1, max(0, cx + Int((Double(x - cx) / Double(factor)).rounded(.down)))) }
        pixels.bytes.withUnsafeBufferPointer { source in
            out.bytes.withUnsafeMutableBufferPointer { target in
                for y in 0..<h {
                    let sy = min(h - 1, max(0, cy + Int((Double(y - cy) / Double(factor)).rounded(.down))))
                    for x in 0..<w {
                        let s = (sy * w + sourceX[x]) * 4, t = (y * w + x) * 4
                        for c in 0..<4 { target[t + c] = source[s + c] }
                    }
                }
            }
        }
        return out
    }
}
