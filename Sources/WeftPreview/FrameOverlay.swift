import Weft
import WeftCatalog
import WeftImage
import WeftText

/// What the preview draws over a rendered frame before presenting it: text boxes (`LabelText`, the default face) and a
/// nearest-neighbour magnifier. Pure functions over RGBA8 pixels.
public enum FrameOverlay {
    public static let textColor: SIMD4<UInt8> = [255, 255, 255, 255]
    public static let errorColor: SIMD4<UInt8> = [255, 96, 96, 255]
    public static let boxColor: SIMD4<UInt8> = [0, 0, 0, 200]

    /// The overlay's text at `scale`: 11 pixels per em times `scale`; nil when no font is installed, and the overlays
    /// then show no text (the preview itself runs on).
    public static func text(scale: Int) -> LabelText? { try? LabelText(pixelSize: 11 * Float(max(scale, 1))) }

    /// `lines` in a dark box with its top-left corner at `origin` (pixels), the text `text(scale:)`, inset by
    /// 2 × `scale`; a negative `origin.y` counts from the bottom edge. Clipped to the frame.
    public static func drawText(_ lines: [String], into pixels: inout PixelBuffer, at origin: SIMD2<Int>, scale: Int,
                                color: SIMD4<UInt8> = textColor) {
        guard !lines.isEmpty, pixels.format == .rgba8Unorm, let text = text(scale: scale) else { return }
        let (width, height) = boxSize(lines, scale: scale)
        let top = origin.y >= 0 ? origin.y : pixels.height + origin.y - height
        fill(&pixels, x: origin.x, y: top, width: width, height: height, color: boxColor)
        let inset = 2 * max(scale, 1)
        for (row, line) in lines.enumerated() {
            text.draw(line, into: &pixels, at: SIMD2(origin.x + inset, top + inset + row * text.lineHeight), color: color)
        }
    }

    /// The size in pixels of the box `drawText` draws for `lines`: the widest line's advance and the lines' heights,
    /// plus the inset on each side.
    public static func boxSize(_ lines: [String], scale: Int) -> (width: Int, height: Int) {
        guard let text = text(scale: scale) else { return (0, 0) }
        let inset = 2 * max(scale, 1)
        return ((lines.map(text.width).max() ?? 0) + 2 * inset, lines.count * text.lineHeight + 2 * inset)
    }

    /// `lines` in an opaque box of their own, for drawing over a frame that is not on the host (`PresentOverlay`).
    public static func textBox(_ lines: [String], scale: Int, color: SIMD4<UInt8> = textColor) -> PixelBuffer? {
        let (width, height) = boxSize(lines, scale: scale)
        guard !lines.isEmpty, width > 0, height > 0 else { return nil }
        var pixels = PixelBuffer.blank(width: width, height: height, format: .rgba8Unorm)
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
        var out = PixelBuffer.blank(width: w, height: h, format: .rgba8Unorm)
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
