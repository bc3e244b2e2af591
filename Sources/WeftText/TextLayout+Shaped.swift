import Synchronization

extension TextLayout {
    /// A text as HarfBuzz shaped it once, kept with its layout at an unbounded width: its layouts at the widths it does
    /// not fit in are broken from these glyphs, not shaped again, and the latest of them are kept here with it. A stack
    /// asks each text at its two probes and its share: kept in the font library's cache, the widths of a screen of ten
    /// thousand texts outnumbered the cache and every frame shaped them all again.
    final class Shaped: Sendable {
        struct Ellipsis: Sendable {
            var glyphs: [ShapedGlyph]
            /// The paragraphs' warnings and the ellipsis's own: what a truncated layout warns of.
            var warnings: [TextWarning]
        }

        let paragraphs: [[ShapedGlyph]]
        let warnings: [TextWarning]
        /// Shaped where the text has a line limit.
        let ellipsis: Ellipsis?
        let face: FontFace
        let size: Float
        let lineLimit: Int
        let alignment: TextAlignment
        let isEmpty: Bool

        /// Layouts at more widths than a frame asks one text at (its probes and its share), so that a window resized
        /// back and forth keeps the latest.
        static let widthsKept = 8
        private let narrower = Mutex<(layouts: [(width: UInt32, layout: TextLayout)], oldest: Int)>(([], 0))

        init(paragraphs: [[ShapedGlyph]], warnings: [TextWarning], ellipsis: Ellipsis?, face: FontFace, size: Float, lineLimit: Int,
             alignment: TextAlignment, isEmpty: Bool) {
            self.paragraphs = paragraphs
            self.warnings = warnings
            self.ellipsis = ellipsis
            self.face = face
            self.size = size
            self.lineLimit = lineLimit
            self.alignment = alignment
            self.isEmpty = isEmpty
        }

        /// The layout at `width`, kept or broken anew (and then kept, over the oldest once `widthsKept` are).
        func layout(atWidth width: Float) -> TextLayout {
            let key = width.bitPattern
            if let kept = narrower.withLock({ kept in kept.layouts.first { $0.width == key }?.layout }) { return kept }
            FontLibrary.layoutCounter?.made.add(1, ordering: .relaxed)
            let layout = assembled(width: width)
            narrower.withLock { kept in
                guard !kept.layouts.contains(where: { $0.width == key }) else { return }
                guard kept.layouts.count == Self.widthsKept else { return kept.layouts.append((key, layout)) }
                kept.layouts[kept.oldest] = (key, layout)
                kept.oldest = (kept.oldest + 1) % Self.widthsKept
            }
            return layout
        }
    }
}
