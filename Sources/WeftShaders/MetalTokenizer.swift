/// The tokens of a Metal Shading Language file, for `MetalTranslator`: identifiers, numbers (with their suffixes and
/// signed exponents), `::` and single-character punctuation, and whole preprocessor lines. Comments are skipped
/// (the tokenizer reads the text with comments blanked), so their bytes are copied through untouched.
struct MetalToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case identifier, number, punctuation, directive }
    let kind: Kind
    let text: String
    /// Byte range in the author's text.
    let range: Range<Int>

    func `is`(_ text: String) -> Bool { self.text == text }
}

enum MetalTokenizer {
    static func tokens(ofCode code: [UInt8]) -> [MetalToken] {
        var tokens = [MetalToken]()
        var i = 0
        var atLineStart = true
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func append(_ kind: MetalToken.Kind, _ start: Int, _ end: Int) {
            tokens.append(MetalToken(kind: kind, text: String(decoding: code[start..<end], as: UTF8.self), range: start..<end))
        }
        while i < code.count {
            let b = code[i]
            if b == UInt8(ascii: "\n") { atLineStart = true; i += 1; continue }
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") { i += 1; continue }
            let start = i
            if atLineStart, b == UInt8(ascii: "#") {
                while i < code.count, code[i] != UInt8(ascii: "\n") || (i > 0 && code[i - 1] == UInt8(ascii: "\\")) { i += 1 }
                var end = i
                while end > start, code[end - 1] == UInt8(ascii: " ") || code[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                append(.directive, start, end)
                continue
            }
            atLineStart = false
            if AuthorSource.isIdentifierHead(b) {
                while i < code.count, AuthorSource.isIdentifierBody(code[i]) { i += 1 }
                append(.identifier, start, i)
            } else if isDigit(b) || (b == UInt8(ascii: ".") && i + 1 < code.count && isDigit(code[i + 1])) {
                let hex = b == UInt8(ascii: "0") && i + 1 < code.count && (code[i + 1] | 0x20) == UInt8(ascii: "x")
                while i < code.count, AuthorSource.isIdentifierBody(code[i]) || code[i] == UInt8(ascii: ".") {
                    let exponent = !hex && (code[i] | 0x20) == UInt8(ascii: "e")
                    i += 1
                    if exponent, i + 1 < code.count, code[i] == UInt8(ascii: "-") || code[i] == UInt8(ascii: "+"), isDigit(code[i + 1]) { i += 1 }
                }
                append(.number, start, i)
            } else if b == UInt8(ascii: ":"), i + 1 < code.count, code[i + 1] == UInt8(ascii: ":") {
                i += 2
                append(.punctuation, start, i)
            } else {
                i += 1
                append(.punctuation, start, i)
            }
        }
        return tokens
    }
}
