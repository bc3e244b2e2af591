/// How the lines of a paragraph line up (SwiftUI's `TextAlignment`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

/// Text shaped by HarfBuzz and broken into lines: each glyph's pen position on its baseline, in points from the
/// layout's top-left corner. Lines break at spaces to fit the offered width (inside a word when one word is wider).
public struct TextLayout: Sendable {
    public struct Glyph: Sendable {
        public var face: FontFace
        public var glyph: UInt32
        /// The pen position on the baseline, in points.
        public var position: SIMD2<Float>
    }

    public struct Line: Sendable {
        public var glyphs: [Glyph]
        /// The advance width of the line's glyphs, trailing spaces left out.
        public var width: Float
        /// From the layout's top, in points.
        public var baseline: Float
    }

    public var lines: [Line]
    /// Widest line × lines' height, in points.
    public var size: SIMD2<Float>
    /// The em size the glyphs are positioned for.
    public var pointSize: Float
    /// Characters no installed font has.
    public var warnings: [TextWarning]
    /// What a renderer kept of drawing these glyphs (its own type), shared by every copy of the layout: the layout cache
    /// hands one layout to every text of the same string, font, size and width, so a text built anew finds where its
    /// glyphs were placed by the text it replaces.
    package let drawn = DrawnMemo()
    /// The text as shaped, on a layout at an unbounded width: its layouts at narrower widths are broken from it.
    let shaped: Shaped?

    /// No lines, of size zero: the layout of a text no font can draw.
    package static func empty(pointSize: Float) -> TextLayout {
        TextLayout(lines: [], size: .zero, pointSize: pointSize, warnings: [])
    }

    init(lines: [Line], size: SIMD2<Float>, pointSize: Float, warnings: [TextWarning], shaped: Shaped? = nil) {
        self.lines = lines
        self.size = size
        self.pointSize = pointSize
        self.warnings = warnings
        self.shaped = shaped
    }

    /// How far past the offered width a glyph may reach before its line breaks, in points (rounding of advances).
    static let breakSlack: Float = 1e-3

    /// Whether this layout, made at an unbounded width, is also the layout at `width`: offered at least its natural
    /// width, a text breaks no line the unbounded layout does not — unless it is truncated (its ellipsis is placed by
    /// the width).
    public func isLayout(atWidth width: Float, lineLimit: Int?) -> Bool {
        let truncated = lineLimit.map { lines.count >= $0 } ?? false
        return !truncated && size.x <= width + Self.breakSlack
    }
    /// Layouts at an unbounded width kept (by string, face, size, line limit and alignment), the least recently used
    /// let go first: a screen's texts, each with its layouts at the widths it does not fit in (`Shaped`).
    package static let cacheCapacity = 16_384

    struct Key: Hashable {
        var string: String
        var face: FontFace
        var size: Float
        var lineLimit: Int
        var alignment: TextAlignment
    }
}

extension FontLibrary {
    /// `string` in `face` at `size` points, wrapped to `width` points (infinite: no wrapping), at most `lineLimit`
    /// lines (nil: no limit). Newlines always break. `natural`: the same text's layout at an unbounded width, when the
    /// caller has it.
    public func layout(_ string: String, face: FontFace, size: Float, width: Float = .infinity, lineLimit: Int? = nil,
                       alignment: TextAlignment = .leading, natural known: TextLayout? = nil) -> TextLayout {
        // A text is shaped once, at an unbounded width; every width it does not fit in is broken from that shaping and
        // kept with it (`TextLayout.Shaped`), so a screen's texts asked at three widths each fill the cache once each.
        let natural = known?.shaped != nil ? known! : naturalLayout(string, face: face, size: size, lineLimit: lineLimit, alignment: alignment)
        guard width.isFinite, !natural.isLayout(atWidth: width, lineLimit: lineLimit), let shaped = natural.shaped else { return natural }
        return shaped.layout(atWidth: width)
    }

    /// `string`'s layout at an unbounded width, from the cache or shaped and kept there.
    private func naturalLayout(_ string: String, face: FontFace, size: Float, lineLimit: Int?, alignment: TextAlignment) -> TextLayout {
        let key = TextLayout.Key(string: string, face: face, size: size, lineLimit: lineLimit ?? .max, alignment: alignment)
        return lock.withLock { _ in
            if let hit = layouts[key] { return hit }
            FontLibrary.layoutCounter?.made.add(1, ordering: .relaxed)
            var warnings: [TextWarning] = []
            let paragraphs = string.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
                shape(String(paragraph), primary: face, warnings: &warnings)
            }
            var ellipsis: TextLayout.Shaped.Ellipsis?
            if lineLimit != nil {
                var truncatedWarnings = warnings
                ellipsis = .init(glyphs: shape("\u{2026}", primary: face, warnings: &truncatedWarnings), warnings: truncatedWarnings)
            }
            let shaped = TextLayout.Shaped(paragraphs: paragraphs, warnings: warnings, ellipsis: ellipsis, face: face, size: size,
                                           lineLimit: key.lineLimit, alignment: alignment, isEmpty: string.isEmpty)
            let layout = shaped.assembled(width: .infinity, keepingShaping: true)
            layouts[key] = layout
            return layout
        }
    }
}

extension TextLayout.Shaped {
    /// The lines at `width`: paragraphs broken greedily, cut to the line limit with an ellipsis, lined up.
    func assembled(width: Float, keepingShaping: Bool = false) -> TextLayout {
        let scale = size / face.unitsPerEm
        let lineHeight = face.lineHeight * scale
        let ascent = face.ascender * scale
        var warnings = self.warnings
        var lines: [TextLayout.Line] = []
        var pieces: [ArraySlice<ShapedGlyph>] = []
        for shaped in paragraphs {
            pieces += Self.breakLines(shaped, scale: scale, width: width).map { shaped[$0] }
        }
        if pieces.count > lineLimit, let ellipsis {
            // SwiftUI's truncation: the last line kept ends in an ellipsis, within the width.
            pieces.removeLast(pieces.count - lineLimit)
            warnings = ellipsis.warnings
            var last = Array(pieces[pieces.count - 1])
            let room = width - ellipsis.glyphs.reduce(0) { $0 + $1.advance } * scale
            func length(_ glyphs: [ShapedGlyph]) -> Float { glyphs.reduce(0) { $0 + $1.advance } * scale }
            while let end = last.last, end.isSpace || length(last) > room { last.removeLast() }
            pieces[pieces.count - 1] = ArraySlice(last + ellipsis.glyphs)
        }
        for piece in pieces {
            var x: Float = 0
            var glyphs: [TextLayout.Glyph] = []
            glyphs.reserveCapacity(piece.count)
            var width: Float = 0
            let baseline = ascent + Float(lines.count) * lineHeight
            for g in piece {
                glyphs.append(TextLayout.Glyph(face: g.face, glyph: g.glyph,
                                               position: SIMD2(x + g.offset.x * scale, baseline - g.offset.y * scale)))
                x += g.advance * scale
                if !g.isSpace { width = x }
            }
            lines.append(TextLayout.Line(glyphs: glyphs, width: width, baseline: baseline))
        }
        let widest = lines.map(\.width).max() ?? 0
        for i in lines.indices {
            let shift: Float = switch alignment {
            case .leading: 0
            case .center: (widest - lines[i].width) / 2
            case .trailing: widest - lines[i].width
            }
            for j in lines[i].glyphs.indices { lines[i].glyphs[j].position.x += shift }
        }
        return TextLayout(lines: isEmpty ? [] : lines, size: isEmpty ? .zero : SIMD2(widest, Float(lines.count) * lineHeight),
                          pointSize: size, warnings: warnings, shaped: keepingShaping ? self : nil)
    }

    /// Greedy line breaking: a line ends at its last space before the glyph that would overflow `width`, or before
    /// that glyph when the line has no space; the spaces at a break start no line.
    private static func breakLines(_ glyphs: [ShapedGlyph], scale: Float, width: Float) -> [Range<Int>] {
        guard !glyphs.isEmpty else { return [0..<0] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < glyphs.count {
            var x: Float = 0
            var i = start
            var lastSpace: Int?
            while i < glyphs.count {
                let advance = glyphs[i].advance * scale
                if !glyphs[i].isSpace && i > start && x + advance > width + TextLayout.breakSlack { break }
                if glyphs[i].isSpace { lastSpace = i }
                x += advance
                i += 1
            }
            let end = i == glyphs.count ? i : (lastSpace.map { $0 > start ? $0 : i } ?? i)
            ranges.append(start..<end)
            start = end
            while start < glyphs.count && glyphs[start].isSpace { start += 1 }
        }
        return ranges
    }
}
