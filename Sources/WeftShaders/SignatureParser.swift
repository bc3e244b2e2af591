import WeftRuntime

/// Finds `[[ stitchable ]]` / `[[ stitchable(kind) ]]` / `[[ stitchable(passes: N) ]]` / `[[ stitchable(layer, passes: N) ]]`
/// markers and parses the function
/// signature after each one. Comments, multi-line signatures and parameter qualifiers are
/// handled; types are kept as written (the classifier interprets them).
enum SignatureParser {
    struct Marker: Sendable, Hashable {
        /// Byte range of the marker text, to blank out of the compiled source.
        let range: Range<Int>
        let explicitKind: EffectKind?
        /// `passes: N`: the function runs N times in a row, each run reading the one before (`weftPass()`); 1 when absent.
        var passes = 1
    }

    /// The most passes a marker may ask for.
    static let maxPasses = 8

    struct RawParameter: Sendable, Hashable {
        let qualifiers: [String]
        let typeName: String
        let name: String
        let isArrayDeclarator: Bool
        let offset: Int
    }

    struct RawSignature: Sendable, Hashable {
        let marker: Marker
        let returnType: String
        let name: String
        let nameOffset: Int
        let parameters: [RawParameter]
    }

    struct Result: Sendable {
        var markers: [Marker] = []
        var signatures: [RawSignature] = []
        var diagnostics: [ShaderDiagnostic] = []
    }

    static let allowedQualifiers: Set<String> = ["in", "const", "highp", "mediump", "lowp", "precise"]
    static let outputQualifiers: Set<String> = ["out", "inout"]

    static func parse(_ source: AuthorSource) -> Result {
        var result = Result()
        let tokens = source.tokens
        var i = 0
        while i < tokens.count {
            guard tokens[i].text == "[", i + 1 < tokens.count, tokens[i + 1].text == "[",
                  i + 2 < tokens.count, tokens[i + 2].text == "stitchable" else { i += 1; continue }
            let start = tokens[i].offset
            var j = i + 3
            var explicitKind: EffectKind?
            var passes = 1
            var kindError: ShaderDiagnostic?
            if j < tokens.count, tokens[j].text == "(" {
                // Items separated by commas: a kind, and `passes: N`.
                j += 1
                while kindError == nil {
                    guard j < tokens.count else { kindError = source.diagnostic(at: start, "malformed marker: write [[ stitchable ]] or [[ stitchable(kind) ]]"); break }
                    let word = tokens[j].text
                    if word == "passes", j + 2 < tokens.count, tokens[j + 1].text == ":" {
                        if let n = Int(tokens[j + 2].text), (1...maxPasses).contains(n) {
                            passes = n
                        } else {
                            kindError = source.diagnostic(at: tokens[j + 2].offset, "passes: '\(tokens[j + 2].text)' in [[ stitchable(…) ]]; write a whole number from 1 to \(maxPasses)")
                        }
                        j += 3
                    } else if let kind = EffectKind(rawValue: word), explicitKind == nil {
                        explicitKind = kind
                        j += 1
                    } else if tokens[j].kind == .identifier {
                        kindError = source.diagnostic(at: tokens[j].offset,
                            "unknown effect kind '\(word)' in [[ stitchable(…) ]]; write one of \(EffectKind.allCases.map(\.rawValue).joined(separator: ", "))")
                    } else {
                        kindError = source.diagnostic(at: tokens[j].offset, "malformed marker: write [[ stitchable ]], [[ stitchable(kind) ]] or [[ stitchable(layer, passes: N) ]]")
                    }
                    guard kindError == nil, j < tokens.count else { break }
                    if tokens[j].text == ")" { j += 1; break }
                    if tokens[j].text == "," { j += 1; continue }
                    kindError = source.diagnostic(at: tokens[j].offset, "malformed marker: write [[ stitchable ]], [[ stitchable(kind) ]] or [[ stitchable(layer, passes: N) ]]")
                }
            }
            guard kindError == nil, j + 1 < tokens.count, tokens[j].text == "]", tokens[j + 1].text == "]" else {
                result.diagnostics.append(kindError ?? source.diagnostic(at: start, "malformed marker: write [[ stitchable ]] or [[ stitchable(kind) ]]"))
                // Blank what there is of the marker so the rest of the file still compiles.
                let end = j < tokens.count ? tokens[j].offset : start + 1
                result.markers.append(Marker(range: start..<end, explicitKind: nil))
                i = j
                continue
            }
            let marker = Marker(range: start..<(tokens[j + 1].offset + 1), explicitKind: explicitKind, passes: passes)
            result.markers.append(marker)
            i = j + 2
            switch parseSignature(tokens, from: i, marker: marker, source: source) {
            case .success(let (signature, next)):
                result.signatures.append(signature)
                i = next
            case .failure(let diagnostic):
                result.diagnostics.append(diagnostic)
            }
        }
        return result
    }


    private static func parseSignature(_ tokens: [AuthorSource.Token], from start: Int, marker: Marker, source: AuthorSource)
        -> Swift.Result<(RawSignature, Int), ShaderDiagnostic>
    {
        var i = start
        func fail(_ offset: Int, _ message: String) -> Swift.Result<(RawSignature, Int), ShaderDiagnostic> {
            .failure(source.diagnostic(at: offset, message))
        }
        let expectation = "a function definition after [[ stitchable ]], like: vec4 name(vec2 position, vec4 color) { … }"
        // Leading precision qualifiers on the return type are allowed.
        while i < tokens.count, ["highp", "mediump", "lowp", "precise"].contains(tokens[i].text) { i += 1 }
        guard i + 2 < tokens.count, tokens[i].kind == .identifier, tokens[i + 1].kind == .identifier, tokens[i + 2].text == "(" else {
            return fail(i < tokens.count ? tokens[i].offset : marker.range.upperBound, "expected \(expectation)")
        }
        let returnType = tokens[i].text
        let name = tokens[i + 1].text
        let nameOffset = tokens[i + 1].offset
        i += 3
        var parameters = [RawParameter]()
        var words = [AuthorSource.Token]()
        var isArray = false
        var closed = false
        while i < tokens.count {
            let t = tokens[i]
            if t.text == "," || t.text == ")" {
                if !(t.text == ")" && parameters.isEmpty && words.isEmpty) {
                    if words.count == 1, words[0].text == "void", t.text == ")", parameters.isEmpty {
                        // `f(void)`: no parameters.
                    } else if words.count < 2 {
                        let at = words.first?.offset ?? t.offset
                        return fail(at, "parameter \(parameters.count + 1) of '\(name)' needs a type and a name")
                    } else {
                        let qualifiers = words.dropLast(2).map(\.text)
                        if let bad = qualifiers.first(where: { outputQualifiers.contains($0) }) {
                            return fail(words[0].offset, "parameter '\(words.last!.text)' of '\(name)' is '\(bad)'; stitchable parameters are inputs only")
                        }
                        if let bad = qualifiers.first(where: { !allowedQualifiers.contains($0) }) {
                            return fail(words[0].offset, "parameter '\(words.last!.text)' of '\(name)' has qualifier '\(bad)'; only in and const are allowed")
                        }
                        parameters.append(RawParameter(qualifiers: qualifiers, typeName: words[words.count - 2].text,
                                                       name: words[words.count - 1].text, isArrayDeclarator: isArray,
                                                       offset: words[words.count - 2].offset))
                    }
                }
                words = []
                isArray = false
                i += 1
                if t.text == ")" { closed = true; break }
                continue
            }
            if t.text == "[" {
                // An array declarator: skip to the matching bracket.
                isArray = true
                while i < tokens.count, tokens[i].text != "]" { i += 1 }
                i += 1
                continue
            }
            guard t.kind == .identifier else {
                return fail(t.offset, "unexpected '\(t.text)' in the parameter list of '\(name)'")
            }
            words.append(t)
            i += 1
        }
        guard closed else { return fail(nameOffset, "the parameter list of '\(name)' is not closed") }
        guard i < tokens.count, tokens[i].text == "{" else {
            return fail(i < tokens.count ? tokens[i].offset : nameOffset, "'\(name)' must be defined (with a body) right after [[ stitchable ]]")
        }
        let signature = RawSignature(marker: marker, returnType: returnType, name: name, nameOffset: nameOffset, parameters: parameters)
        return .success((signature, i + 1))
    }
}
