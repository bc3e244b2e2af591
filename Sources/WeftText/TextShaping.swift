import CFreeType
import CHarfBuzz

/// A glyph as HarfBuzz placed it, in font units of its face.
struct ShapedGlyph: Sendable {
    var face: FontFace
    var glyph: UInt32
    var advance: Float
    /// HarfBuzz's offset, y up.
    var offset: SIMD2<Float>
    var isSpace: Bool
}

extension FontLibrary {
    /// `paragraph` shaped by HarfBuzz (kerning, ligatures: the font's default features), in runs of one face each:
    /// `primary` where it has the character, else the first installed face that has it (fontconfig), else `primary`'s
    /// missing-glyph box and a warning. Caller holds `lock`.
    func shape(_ paragraph: String, primary: FontFace, warnings: inout [TextWarning]) -> [ShapedGlyph] {
        let bytes = Array(paragraph.utf8)
        guard !bytes.isEmpty else { return [] }
        // Runs of one face over the paragraph's UTF-8 bytes.
        var runs: [(face: FontFace, start: Int, end: Int)] = []
        var offset = 0
        for scalar in paragraph.unicodeScalars {
            let length = String(scalar).utf8.count
            var face = primary
            if FT_Get_Char_Index(primary.ftFace, FT_ULong(scalar.value)) == 0 && !scalar.properties.isWhitespace
                && scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format {
                if let fallback = fallback(for: scalar) {
                    face = fallback
                } else {
                    let warning = TextWarning.missingGlyph(scalar, family: primary.family)
                    if !warnings.contains(warning) { warnings.append(warning) }
                }
            }
            if let last = runs.last, last.face === face, last.end == offset {
                runs[runs.count - 1].end = offset + length
            } else {
                runs.append((face, offset, offset + length))
            }
            offset += length
        }
        var glyphs: [ShapedGlyph] = []
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        for run in runs {
            hb_buffer_clear_contents(buffer)
            bytes.withUnsafeBufferPointer { utf8 in
                utf8.withMemoryRebound(to: CChar.self) {
                    hb_buffer_add_utf8(buffer, $0.baseAddress, Int32(bytes.count), UInt32(run.start), Int32(run.end - run.start))
                }
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(run.face.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            let scale = primary.unitsPerEm / run.face.unitsPerEm
            for i in 0..<Int(count) {
                let cluster = Int(infos[i].cluster)
                let isSpace = cluster < bytes.count && (bytes[cluster] == 0x20 || bytes[cluster] == 0x09)
                glyphs.append(ShapedGlyph(face: run.face, glyph: infos[i].codepoint, advance: Float(positions[i].x_advance) * scale,
                                          offset: SIMD2(Float(positions[i].x_offset), Float(positions[i].y_offset)) * scale,
                                          isSpace: isSpace))
            }
        }
        return glyphs
    }
}
