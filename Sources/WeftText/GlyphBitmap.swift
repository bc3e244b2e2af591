/// One glyph's coverage as FreeType rasterised it: 8-bit anti-aliased, hinted (light: vertical only, so
/// advances keep their design widths) for one pixel size.
public struct GlyphBitmap: Sendable {
    public var width: Int
    public var height: Int
    /// Pixels from the pen position to the bitmap's left edge.
    public var left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    public var top: Int
    /// Row-major, top row first.
    public var coverage: [UInt8]
}

/// A glyph of a face at a pixel size: the key of rasterised coverage.
public struct GlyphKey: Hashable, Sendable {
    public var face: FontFace
    public var glyph: UInt32
    /// Pixels per em, in 1/64 (FreeType's 26.6).
    public var pixelSize64: Int

    public init(face: FontFace, glyph: UInt32, pixelSize: Float) {
        self.face = face
        self.glyph = glyph
        self.pixelSize64 = max(1, Int((pixelSize * 64).rounded()))
    }
}
