import Weft
import WeftImage
import WeftText

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

    /// `segments` packed into as few lines as fit a box `width` pixels wide at `scale` (`drawText`'s, measured with
    /// its text), joined by `separator` within a line; a segment longer than a line is broken between words, and a word
    /// longer than a line between characters, so no overlay runs past the window's edge.
    public static func wrap(_ segments: [String], toWidth width: Int, scale: Int, separator: String = " | ") -> [String] {
        guard let text = text(scale: scale) else { return segments }
        let room = width - 4 * max(scale, 1)
        func fits(_ line: String) -> Bool { text.width(of: line) <= room }
        var lines: [String] = []
        for segment in segments {
            let pieces = split(segment, fits: fits)
            // A segment's first piece goes on the line before when it fits there; the rest start lines of their own.
            if let last = lines.last, let first = pieces.first, fits(last + separator + first) {
                lines[lines.count - 1] = last + separator + first
                lines += pieces.dropFirst()
            } else {
                lines += pieces
            }
        }
        return lines
    }

    /// `text` in lines that `fits`, broken at spaces where it can (a line of one character is kept even when too wide).
    private static func split(_ text: String, fits: (String) -> Bool) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            while !fits(word) && word.count > 1 {
                if !line.isEmpty { lines.append(line); line = "" }
                var count = word.count - 1
                while count > 1 && !fits(String(word.prefix(count))) { count -= 1 }
                lines.append(String(word.prefix(count)))
                word = String(word.dropFirst(count))
            }
            if line.isEmpty { line = word } else if fits(line + " " + word) { line += " " + word } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

extension FrameOverlay {
    /// The marker of a point parameter: a white cross on a black square, 9×9 pixels, its centre on the point.
    public static let markerSize = 9

    public static var marker: PixelBuffer {
        var pixels = PixelBuffer.blank(width: markerSize, height: markerSize, format: .rgba8Unorm)
        fill(&pixels, x: 0, y: 0, width: markerSize, height: markerSize, color: SIMD4(0, 0, 0, 255))
        fill(&pixels, x: markerSize / 2, y: 1, width: 1, height: markerSize - 2, color: textColor)
        fill(&pixels, x: 1, y: markerSize / 2, width: markerSize - 2, height: 1, color: textColor)
        return pixels
    }

    /// Where the marker's top-left corner goes for a point at pixel `center`, kept inside a `width`×`height` frame.
    public static func markerOrigin(_ center: SIMD2<Int>, width: Int, height: Int) -> SIMD2<Int> {
        SIMD2(min(max(center.x - markerSize / 2, 0), max(width - markerSize, 0)),
              min(max(center.y - markerSize / 2, 0), max(height - markerSize, 0)))
    }

    /// The marker drawn over `pixels` for a point at pixel `center`.
    public static func drawMarker(into pixels: inout PixelBuffer, at center: SIMD2<Int>) {
        let origin = markerOrigin(center, width: pixels.width, height: pixels.height)
        let marker = marker
        for y in 0..<markerSize where origin.y + y < pixels.height {
            for x in 0..<markerSize where origin.x + x < pixels.width {
                let i = (y * markerSize + x) * 4
                fill(&pixels, x: origin.x + x, y: origin.y + y, width: 1, height: 1,
                     color: SIMD4(marker.bytes[i], marker.bytes[i + 1], marker.bytes[i + 2], 255))
            }
        }
    }
}
