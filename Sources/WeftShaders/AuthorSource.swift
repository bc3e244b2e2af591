/// One author file (or source string) as the front end reads it: the text, a copy with
/// comments blanked out (so nothing inside a comment is mistaken for code, and every byte
/// keeps its line and column), and the tokens of that copy.
///
/// A `.metal` file is translated to GLSL first (`MetalTranslator`): `text` is then the translation, line for line,
/// and `authorText` what the author wrote; locations and lines are reported in the author's text.
struct AuthorSource: Sendable {
    enum Language: Sendable, Hashable { case glsl, metal }

    /// The author's name for the file: a path, or a label for source strings.
    let path: String
    /// The GLSL the front end compiles.
    let text: String
    let language: Language
    /// What the author wrote: `text` itself for GLSL.
    let authorText: String
    /// Problems the translation found (unsupported Metal), at the author's lines.
    let translationDiagnostics: [ShaderDiagnostic]
    /// Where the bytes of `text` came from in `authorText`; nil when they are the same text.
    private let origins: TranslationOrigins?
    private let authorLineStarts: [Int]
    /// UTF-8 bytes of `text` with `//` and `/* */` comments replaced by spaces, newlines kept.
    let code: [UInt8]
    /// Byte offsets at which each line starts.
    let lineStarts: [Int]
    /// Tokens of `code`, preprocessor lines skipped.
    let tokens: [Token]

    struct Token: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case identifier, number, punctuation }
        let kind: Kind
        let text: String
        /// Byte offset in the source.
        let offset: Int
    }

    init(path: String, text: String) {
        self.init(path: path, text: text, language: .glsl, authorText: text, origins: nil, translationDiagnostics: [])
    }

    /// A file as its name says: `.metal` is translated from Metal Shading Language, anything else is GLSL.
    init(reading path: String, text: String) {
        guard path.hasSuffix(".metal") else { self.init(path: path, text: text); return }
        let translation = MetalTranslator.translate(text, path: path)
        self.init(path: path, text: translation.glsl, language: .metal, authorText: text, origins: translation.origins,
                  translationDiagnostics: translation.diagnostics)
    }

    private init(path: String, text: String, language: Language, authorText: String, origins: TranslationOrigins?,
                 translationDiagnostics: [ShaderDiagnostic]) {
        self.path = path
        self.text = text
        self.language = language
        self.authorText = authorText
        self.origins = origins
        self.translationDiagnostics = translationDiagnostics
        let bytes = Array(text.utf8)
        let code = Self.blankingComments(bytes)
        self.code = code
        self.lineStarts = Self.lineStarts(of: bytes)
        self.authorLineStarts = origins == nil ? lineStarts : Self.lineStarts(of: Array(authorText.utf8))
        self.tokens = Self.tokenize(code)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        return starts
    }

    /// 1-based line and column, in the author's text, of a byte offset of `text`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = origins?.authorOffset(of: offset) ?? offset
        let lineStarts = authorLineStarts
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The text of 1-based `line` without its newline, comments blanked; empty when out of range.
    func codeLine(_ line: Int) -> [UInt8] {
        guard line >= 1, line <= lineStarts.count else { return [] }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : code.count
        return Array(code[start..<max(start, end)])
    }

    /// The author's text of 1-based `line`, comments included, without its newline; empty when out of range.
    func rawLine(_ line: Int) -> String {
        let lineStarts = authorLineStarts
        guard line >= 1, line <= lineStarts.count else { return "" }
        let utf8 = authorText.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line - 1])
        let end = line < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[line] - 1) : utf8.endIndex
        return String(decoding: utf8[start..<max(start, end)], as: UTF8.self)
    }

    func diagnostic(at offset: Int, _ message: String) -> ShaderDiagnostic {
        let (line, column) = location(of: offset)
        return ShaderDiagnostic(file: path, line: line, column: column, severity: .error, message: message)
    }

    static func blankingComments(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var i = 0
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        while i < bytes.count {
            if bytes[i] == slash, i + 1 < bytes.count, bytes[i + 1] == slash {
                while i < bytes.count, bytes[i] != newline { out[i] = space; i += 1 }
            } else if bytes[i] == slash, i + 1 < bytes.count, bytes[i + 1] == star {
                out[i] = space; out[i + 1] = space; i += 2
                while i < bytes.count, !(bytes[i] == star && i + 1 < bytes.count && bytes[i + 1] == slash) {
                    if bytes[i] != newline { out[i] = space }
                    i += 1
                }
                if i < bytes.count { out[i] = space; out[i + 1] = space; i += 2 }
            } else {
                i += 1
            }
        }
        return out
    }

    static func isIdentifierHead(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: "_")
    }

    static func isIdentifierBody(_ b: UInt8) -> Bool {
        isIdentifierHead(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    private static func tokenize(_ code: [UInt8]) -> [Token] {
        var tokens = [Token]()
        var i = 0
        var atLineStart = true
        while i < code.count {
            let b = code[i]
            if b == UInt8(ascii: "\n") { atLineStart = true; i += 1; continue }
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") { i += 1; continue }
            if atLineStart, b == UInt8(ascii: "#") {
                // A preprocessor line, with its backslash continuations.
                while i < code.count, code[i] != UInt8(ascii: "\n") || (i > 0 && code[i - 1] == UInt8(ascii: "\\")) { i += 1 }
                continue
            }
            atLineStart = false
            let start = i
            if isIdentifierHead(b) {
                while i < code.count, isIdentifierBody(code[i]) { i += 1 }
                tokens.append(Token(kind: .identifier, text: String(decoding: code[start..<i], as: UTF8.self), offset: start))
            } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") || (b == UInt8(ascii: ".") && i + 1 < code.count && code[i + 1] >= UInt8(ascii: "0") && code[i + 1] <= UInt8(ascii: "9")) {
                while i < code.count, isIdentifierBody(code[i]) || code[i] == UInt8(ascii: ".") { i += 1 }
                tokens.append(Token(kind: .number, text: String(decoding: code[start..<i], as: UTF8.self), offset: start))
            } else {
                i += 1
                tokens.append(Token(kind: .punctuation, text: String(decoding: code[start..<i], as: UTF8.self), offset: start))
            }
        }
        return tokens
    }
}
