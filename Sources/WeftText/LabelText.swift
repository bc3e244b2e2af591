import WeftImage

/// Host-side labels (the gallery's contact sheet, the preview's overlays): one line of text in the default face
/// (`FontRequest()`, Inter) at a pixel size, shaped by HarfBuzz and drawn as FreeType's coverage at the layout's pen
/// positions. Layouts and glyph bitmaps come from the library's caches, so redrawing the same label rasterises nothing.
public struct LabelText: Sendable {
    public let face: FontFace
    /// Pixels per em.
    public let pixelSize: Float
    let library: FontLibrary

    /// `TextError.noFont` when no font for the request or the default design is installed.
    public init(pixelSize: Float, request: FontRequest = FontRequest(), library: FontLibrary = .shared) throws(TextError) {
        self.face = try library.faceOrFallback(for: request).face
        self.pixelSize = pixelSize
        self.library = library
    }

    /// The face's line height (ascender − descender + gap), whole pixels.
    public var lineHeight: Int { Int((face.lineHeight * pixelSize / face.unitsPerEm).rounded(.up)) }
    /// From a line's top to its baseline, whole pixels.
    public var ascent: Int { Int((face.ascender * pixelSize / face.unitsPerEm).rounded()) }

    /// `string` shaped on one line.
    public func layout(_ string: String) -> TextLayout {
        library.layout(string.replacingOccurrences(of: "\n", with: " "), face: face, size: pixelSize)
    }

    /// The advance width of `string`, whole pixels (rounded up).
    public func width(of string: String) -> Int { Int(layout(string).size.x.rounded(.up)) }

    /// `string`, or its longest prefix followed by "…" that is at most `width` pixels wide.
    public func truncated(_ string: String, toWidth width: Int) -> String {
        if self.width(of: string) <= width { return string }
        var prefix = Substring(string)
        while !prefix.isEmpty {
            prefix = prefix.dropLast()
            let candidate = String(prefix.trimmingSuffixSpaces) + "\u{2026}"
            if self.width(of: candidate) <= width { return candidate }
        }
        return ""
    }

    /// Each inked pixel of `string` with the line's top-left corner at `origin`: its position and FreeType's coverage
    /// (0…255). Glyph bitmaps sit at the layout's pen positions rounded to whole pixels.
    public func forEachInk(_ string: String, at origin: SIMD2<Int>, _ body: (_ x: Int, _ y: Int, _ coverage: UInt8) -> Void) {
        for line in layout(string).lines {
            for glyph in line.glyphs {
                let bitmap = library.rasterize(GlyphKey(face: glyph.face, glyph: glyph.glyph, pixelSize: pixelSize))
                let left = origin.x + Int(glyph.position.x.rounded()) + bitmap.left
                let top = origin.y + Int(glyph.position.y.rounded()) - bitmap.top
                for row in 0..<bitmap.height {
                    for column in 0..<bitmap.width {
                        let coverage = bitmap.coverage[row * bitmap.width + column]
                        if coverage > 0 { body(left + column, top + row, coverage) }
                    }
                }
            }
        }
    }

    /// `string` drawn over premultiplied RGBA8 `pixels` in `color` (straight alpha), source-over with the glyphs'
    /// coverage, the line's top-left corner at `origin`; clipped to the buffer.
    public func draw(_ string: String, into pixels: inout PixelBuffer, at origin: SIMD2<Int>, color: SIMD4<UInt8>) {
        guard pixels.format == .rgba8Unorm else { return }
        let width = pixels.width, height = pixels.height
        pixels.bytes.withUnsafeMutableBufferPointer { bytes in
            forEachInk(string, at: origin) { x, y, coverage in
                guard x >= 0, x < width, y >= 0, y < height else { return }
                let a = (UInt32(color.w) * UInt32(coverage) + 127) / 255, keep = 255 - a
                let i = (y * width + x) * 4
                for c in 0..<3 { bytes[i + c] = UInt8((UInt32(color[c]) * a + UInt32(bytes[i + c]) * keep + 127) / 255) }
                bytes[i + 3] = UInt8((255 * a + UInt32(bytes[i + 3]) * keep + 127) / 255)
            }
        }
    }
}

private extension Substring {
    var trimmingSuffixSpaces: Substring {
        var s = self
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
