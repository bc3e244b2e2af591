/// Where each byte of a translated text came from in the author's text: a list of spans, each a piece of the
/// translation and the piece of the author's text it replaces. Bytes between spans were copied unchanged.
struct TranslationOrigins: Sendable {
    struct Span: Sendable {
        let translated: Range<Int>
        let author: Range<Int>
    }

    /// In increasing order of both ranges.
    private(set) var spans: [Span] = []

    mutating func append(translated: Range<Int>, author: Range<Int>) {
        spans.append(Span(translated: translated, author: author))
    }

    /// The author's byte offset of translated byte `offset`: the same byte for copied text and for a replacement of
    /// equal length, the start of the replaced text for a replacement of another length.
    func authorOffset(of offset: Int) -> Int {
        var low = 0, high = spans.count - 1, found = -1
        while low <= high {
            let mid = (low + high) / 2
            if spans[mid].translated.lowerBound <= offset { found = mid; low = mid + 1 } else { high = mid - 1 }
        }
        guard found >= 0 else { return offset }
        let span = spans[found]
        if span.translated.contains(offset) {
            return span.translated.count == span.author.count
                ? span.author.lowerBound + (offset - span.translated.lowerBound) : span.author.lowerBound
        }
        return span.author.upperBound + (offset - span.translated.upperBound)
    }
}
