import Weft
import WeftImage

extension FrameOverlay {
    /// The checkerboard's squares, in pixels, and their two grays.
    public static let checkerSize = 8
    public static let checkerLight: UInt8 = 204
    public static let checkerDark: UInt8 = 153

    /// The gray of the checkerboard at pixel (x, y): light where `x / 8 + y / 8` is even.
    public static func checker(x: Int, y: Int) -> UInt8 {
        (x / checkerSize + y / checkerSize) % 2 == 0 ? checkerLight : checkerDark
    }

    /// A premultiplied RGBA8 frame over the checkerboard, opaque: each pixel's color plus (1 − alpha) of the square's
    /// gray, so transparent content shows the squares and opaque content hides them.
    public static func overCheckerboard(_ pixels: PixelBuffer) -> PixelBuffer {
        guard pixels.format == .rgba8Unorm else { return pixels }
        var out = pixels
        let w = pixels.width
        out.bytes.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<pixels.height {
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    let behind = UInt32(255 - bytes[i + 3]) * UInt32(checker(x: x, y: y))
                    for c in 0..<3 { bytes[i + c] = UInt8(min(255, UInt32(bytes[i + c]) + (behind + 127) / 255)) }
                    bytes[i + 3] = 255
                }
            }
        }
        return out
    }

    /// `segments` packed into as few lines as fit a box `width` pixels wide at `scale` (`drawText`'s), joined by
    /// `separator` within a line; a segment longer than a line is broken between words, and a word longer than a line
    /// between characters, so no overlay runs past the window's edge.
    public static func wrap(_ segments: [String], toWidth width: Int, scale: Int, separator: String = " | ") -> [String] {
        let columns = max(1, (width / max(scale, 1) - 4 + 1) / BitmapFont.advance)
        var lines: [String] = []
        for segment in segments {
            let pieces = split(segment, columns: columns)
            // A segment's first piece goes on the line before when it fits there; the rest start lines of their own.
            if let last = lines.last, let first = pieces.first, last.count + separator.count + first.count <= columns {
                lines[lines.count - 1] = last + separator + first
                lines += pieces.dropFirst()
            } else {
                lines += pieces
            }
        }
        return lines
    }

    /// `text` in lines of at most `columns` characters, broken at spaces where it can.
    private static func split(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            while word.count > columns {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(columns)))
                word = String(word.dropFirst(columns))
            }
            if line.isEmpty { line = word } else if line.count + 1 + word.count <= columns { line += " " + word } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
