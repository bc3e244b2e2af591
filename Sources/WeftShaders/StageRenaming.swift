/// The names one author file declares at file scope (functions, structs, constants, macros), and its text with each of
/// them prefixed, so that several files can share one fused kernel. Member accesses (`.name`) and the names the
/// prelude declares keep their spelling; macros are listed for `#undef` after the file.
struct StageRenaming {
    let source: AuthorSource
    let prefix: String
    /// File-scope names that are renamed.
    let names: Set<String>
    /// Macros the file defines.
    let macros: [String]

    init(source: AuthorSource, prefix: String, keeping reserved: Set<String>) {
        self.source = source
        self.prefix = prefix
        self.names = Self.declaredNames(in: source).subtracting(reserved).filter { !$0.hasPrefix("weft") }
        self.macros = Self.macroNames(in: source)
    }

    /// Identifiers declared at file scope: a name after a type (or `struct`) and before `(`, `=`, `;`, `[`, `,` or `{`.
    static func declaredNames(in source: AuthorSource) -> Set<String> {
        var names = Set<String>()
        var braces = 0
        var parens = 0
        let tokens = source.tokens
        for (i, token) in tokens.enumerated() {
            switch token.text {
            case "{": braces += 1
            case "}": braces -= 1
            case "(": parens += 1
            case ")": parens -= 1
            default: break
            }
            guard braces == 0, parens == 0, token.kind == .identifier, i > 0, i + 1 < tokens.count,
                  tokens[i - 1].kind == .identifier, ["(", "=", ";", "[", ",", "{"].contains(tokens[i + 1].text) else { continue }
            names.insert(token.text)
        }
        return names
    }

    /// Names of the file's `#define`s.
    static func macroNames(in source: AuthorSource) -> [String] {
        var names = [String]()
        for line in 1...source.lineStarts.count {
            let text = String(decoding: source.codeLine(line), as: UTF8.self).drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix("#") else { continue }
            let words = text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" })
            if words.count >= 2, words[0] == "define" { names.append(String(words[1])) }
        }
        return names
    }

    /// `text` (the file's compilable text: same byte offsets as the source) with every use of a renamed name prefixed.
    func apply(to text: String) -> String {
        let bytes = Array(text.utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 256)
        var copied = 0
        let tokens = source.tokens
        for (i, token) in tokens.enumerated() where token.kind == .identifier && names.contains(token.text) {
            if i > 0, tokens[i - 1].text == "." { continue }
            out += bytes[copied..<token.offset]
            out += Array(prefix.utf8)
            copied = token.offset
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }
}
