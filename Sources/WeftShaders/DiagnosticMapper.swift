/// Turns glslang's info log into diagnostics in the author's file.
///
/// glslang reports `ERROR: <file>:<line>: '<token>' : <message>` with the file and line the
/// wrapper's `#line` directives set, and no column. The column is where the quoted token
/// first appears on that line of the author's file (the first non-blank character when the
/// token is empty or not found). Messages about Weft's own generated code are attributed to
/// the stitchable function's declaration, never to wrapper lines. glslang runs in its
/// "cascading errors" mode so that independent errors are all reported; the follow-on
/// errors it then makes about a line already in error are dropped (one error per line).
enum DiagnosticMapper {
    static func diagnostics(fromLog log: String, source: AuthorSource, function: StitchableFunction) -> [ShaderDiagnostic] {
        var result = [ShaderDiagnostic]()
        for rawLine in log.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimming(" \t")
            let severity: ShaderDiagnostic.Severity
            var rest: Substring
            if line.hasPrefix("ERROR: ") {
                severity = .error
                rest = line.dropFirst("ERROR: ".count)
            } else if line.hasPrefix("WARNING: ") {
                severity = .warning
                rest = line.dropFirst("WARNING: ".count)
            } else {
                continue
            }
            if rest.hasSuffix("compilation terminated") || rest.contains("compilation errors.") { continue }
            // `<file>:<line>: <message>`
            var file: Substring?
            var lineNumber: Int?
            if let colon = rest.firstIndex(of: ":") {
                let afterFile = rest[rest.index(after: colon)...]
                if let colon2 = afterFile.firstIndex(of: ":"), let n = Int(afterFile[..<colon2]) {
                    file = rest[..<colon]
                    lineNumber = n
                    rest = afterFile[afterFile.index(after: colon2)...].drop(while: { $0 == " " })
                }
            }
            var (token, message) = splitToken(rest)
            if source.language == .metal { message += metalHint(token: token, message: message) }
            if file.map(String.init) == WrapperGenerator.authorTag, let n = lineNumber {
                if severity == .error, result.contains(where: { $0.line == n && $0.severity == .error && $0.file == source.path }) { continue }
                result.append(ShaderDiagnostic(file: source.path, line: n, column: column(of: token, onLine: n, in: source),
                                               severity: severity, message: message))
            } else if severity == .error {
                result.append(ShaderDiagnostic(file: function.file, line: function.line, column: function.column, severity: .error,
                                               message: "in Weft's generated code for '\(function.name)': \(message)"))
            }
        }
        if result.isEmpty {
            let text = log.trimming(" \t\n")
            result.append(ShaderDiagnostic(file: function.file, line: function.line, column: function.column, severity: .error,
                                           message: "'\(function.name)' did not compile: \(text.isEmpty ? "glslang gave no reason" : text)"))
        }
        return result
    }

    /// Metal compares vectors componentwise (giving a bool vector); GLSL's operators do not, so a translated `.metal`
    /// file that does gets glslang's "wrong operand types", and this says what to write instead.
    static func metalHint(token: String, message: String) -> String {
        let functions = ["<": "lessThan", ">": "greaterThan", "<=": "lessThanEqual", ">=": "greaterThanEqual", "==": "equal", "!=": "notEqual"]
        guard let function = functions[token], message.contains("wrong operand types"), message.contains("vector") else { return "" }
        return " (Metal's \(token) compares vectors component by component, which Weft's Metal subset does not translate: compare vectors with \(function)(a, b), or compare components)"
    }

    /// `'tok' : message` → ("tok", "'tok': message"); otherwise ("", message).
    private static func splitToken(_ text: Substring) -> (String, String) {
        guard text.first == "'", let close = text.dropFirst().firstIndex(of: "'") else {
            return ("", text.trimming(" "))
        }
        let token = String(text[text.index(after: text.startIndex)..<close])
        var message = text[text.index(after: close)...].drop(while: { $0 == " " })
        if message.first == ":" { message = message.dropFirst() }
        let body = message.trimming(" ")
        return (token, token.isEmpty ? body : "'\(token)': \(body)")
    }

    private static func column(of token: String, onLine line: Int, in source: AuthorSource) -> Int {
        let code = source.codeLine(line)
        let needle = Array(token.utf8)
        let isWord = needle.first.map(AuthorSource.isIdentifierHead) ?? false
        if !needle.isEmpty, needle.count <= code.count {
            for start in 0...(code.count - needle.count) where code[start..<(start + needle.count)].elementsEqual(needle) {
                if isWord {
                    let before = start == 0 ? nil : code[start - 1]
                    let after = start + needle.count < code.count ? code[start + needle.count] : nil
                    if before.map(AuthorSource.isIdentifierBody) == true || after.map(AuthorSource.isIdentifierBody) == true { continue }
                }
                return authorColumn(start, onLine: line, in: source)
            }
        }
        let first = code.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) ?? 0
        return authorColumn(first, onLine: line, in: source)
    }

    /// The author's column of byte `index` of compiled line `line` (they differ in a translated `.metal` file).
    private static func authorColumn(_ index: Int, onLine line: Int, in source: AuthorSource) -> Int {
        guard line >= 1, line <= source.lineStarts.count else { return index + 1 }
        return source.location(of: source.lineStarts[line - 1] + index).column
    }
}

extension StringProtocol {
    func trimming(_ set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let c = s.first, chars.contains(c) { s = s.dropFirst() }
        while let c = s.last, chars.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
