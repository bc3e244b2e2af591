import CFreeType
import CHarfBuzz

/// One face of one font file, opened in FreeType (rasterising) and HarfBuzz (shaping). Only `FontLibrary` touches
/// the C objects, under its lock.
public final class FontFace: Hashable, @unchecked Sendable, CustomStringConvertible {
    public let path: String
    public let index: Int
    /// The family name the file declares.
    public let family: String
    /// Font units per em: every metric below is in these units.
    public let unitsPerEm: Float
    public let ascender: Float
    /// Negative: below the baseline.
    public let descender: Float
    /// Baseline-to-baseline distance.
    public let lineHeight: Float
    let ftFace: FT_Face
    let hbFont: OpaquePointer

    init(path: String, index: Int, library: FT_Library) throws(TextError) {
        var face: FT_Face?
        guard FT_New_Face(library, path, index, &face) == 0, let face else { throw .unreadableFontFile(path) }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            throw .unreadableFontFile(path)
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        hbFont = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        self.path = path
        self.index = index
        self.ftFace = face
        let record = face.pointee
        family = record.family_name.map { String(cString: $0) } ?? path
        unitsPerEm = Float(record.units_per_EM)
        ascender = Float(record.ascender)
        descender = Float(record.descender)
        lineHeight = Float(record.height)
        let upem = Int32(record.units_per_EM)
        hb_font_set_scale(hbFont, upem, upem)
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "\(family) (\(path))" }
}
