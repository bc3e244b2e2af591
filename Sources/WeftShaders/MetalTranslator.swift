/// Translates a SwiftUI stitchable shader written in Metal Shading Language into the GLSL the front end compiles,
/// token by token and line for line: every token keeps its line, so a diagnostic about the translation points at
/// the author's own line, and `TranslationOrigins` takes it back to the author's column (docs/authoring.md,
/// "Metal shaders").
///
/// The subset: `#include <metal_stdlib>` and `<SwiftUI/SwiftUI_Metal.h>`, `using namespace metal;`, the `metal::`
/// and `SwiftUI::` qualifiers, `[[ stitchable ]]`, scalar, vector and matrix types of `half` and `float` (and the
/// integer ones), C casts and `static_cast`, `as_type<T>`, `SwiftUI::Layer` with `layer.sample(p)`, the array
/// arguments SwiftUI passes (`device const float *values, int count` for `floatArray`, `device const half4 *colors,
/// int count` for `colorArray`), `constexpr` and file-scope `constant` constants, `inline` helpers, the literal
/// suffixes `h` and `f`, `<metal_math>` constants and the `metal::` functions (those GLSL spells differently are
/// renamed, or defined in `MetalPrelude`). Anything else that is Metal and not GLSL (other address spaces,
/// references, textures and samplers, templates, other attributes) is a diagnostic naming it, never a silent change.
enum MetalTranslator {
    struct Translation: Sendable {
        let glsl: String
        let origins: TranslationOrigins
        let diagnostics: [ShaderDiagnostic]
    }

    static func translate(_ text: String, path: String) -> Translation {
        var translator = Translator(text: text, path: path)
        translator.run()
        return translator.finish()
    }
}

private struct Translator {
    enum ArrayKind {
        case float, color
        var glslType: String { self == .float ? "FloatArray" : "ColorArray" }
        var accessor: String { self == .float ? "floatAt" : "colorAt" }
    }

    let bytes: [UInt8]
    let tokens: [MetalToken]
    let located: AuthorSource
    /// The closing partner of each `(`, `[` and `{` (and the opening one of each closer); nil when unbalanced.
    var partner: [Int?]
    /// Brace and parenthesis depth before each token.
    var braceDepth: [Int]
    var parenDepth: [Int]
    /// A token's translation, when it is not its own text; and text to add after it.
    var replacement: [String?]
    var suffix: [String]
    var diagnostics = [ShaderDiagnostic]()

    /// The array parameters of the function whose body is being read, and the count parameters folded into them.
    var arrays = [String: ArrayKind]()
    var counts = [String: String]()
    var bodyEnd: Int?
    var markerPending = false

    init(text: String, path: String) {
        bytes = Array(text.utf8)
        located = AuthorSource(path: path, text: text)
        tokens = MetalTokenizer.tokens(ofCode: located.code)
        replacement = Array(repeating: nil, count: tokens.count)
        suffix = Array(repeating: "", count: tokens.count)
        partner = Array(repeating: nil, count: tokens.count)
        braceDepth = Array(repeating: 0, count: tokens.count)
        parenDepth = Array(repeating: 0, count: tokens.count)
        var stack = [Int]()
        var braces = 0, parens = 0
        let closers: [String: String] = [")": "(", "]": "[", "}": "{"]
        for (i, token) in tokens.enumerated() {
            if token.is("}") { braces -= 1 }
            if token.is(")") { parens -= 1 }
            braceDepth[i] = braces
            parenDepth[i] = parens
            switch token.text {
            case "(", "[", "{":
                stack.append(i)
            case ")", "]", "}":
                if let open = stack.last, tokens[open].text == closers[token.text] {
                    stack.removeLast()
                    partner[open] = i
                    partner[i] = open
                }
            default: break
            }
            if token.is("{") { braces += 1 }
            if token.is("(") { parens += 1 }
        }
    }

    func text(_ i: Int) -> String { i >= 0 && i < tokens.count ? tokens[i].text : "" }
    func isIdentifier(_ i: Int) -> Bool { i >= 0 && i < tokens.count && tokens[i].kind == .identifier }

    mutating func reject(_ i: Int, _ message: String) {
        let diagnostic = located.diagnostic(at: tokens[i].range.lowerBound, message)
        // One diagnostic per place: the first, most specific one.
        if !diagnostics.contains(where: { $0.line == diagnostic.line && $0.column == diagnostic.column }) { diagnostics.append(diagnostic) }
    }

    mutating func run() {
        var i = 0
        while i < tokens.count {
            if let end = bodyEnd, i > end { arrays = [:]; counts = [:]; bodyEnd = nil }
            guard replacement[i] == nil else { i += 1; continue }
            let token = tokens[i]
            switch token.kind {
            case .directive: directive(i)
            case .number: number(i)
            case .punctuation:
                if token.is("["), text(i + 1) == "[" { i = attribute(i); continue }
                if token.is("(") { cast(i) }
            case .identifier: identifier(i)
            }
            i += 1
        }
    }

    // MARK: Preprocessor lines and attributes

    mutating func directive(_ i: Int) {
        let body = tokens[i].text.dropFirst().trimming(" \t")
        if body.hasPrefix("include") {
            let target = body.dropFirst("include".count).trimming(" \t")
            if MetalVocabulary.headers.contains(target.trimming("<>\"")) {
                replacement[i] = ""
            } else {
                reject(i, "#include \(target) is not supported: each .metal file is read on its own; only <metal_stdlib> and <SwiftUI/SwiftUI_Metal.h> may be included")
            }
        } else if body.hasPrefix("pragma") {
            replacement[i] = ""
        }
        // #define, #if and the like mean the same in GLSL.
    }

    /// `[[ stitchable … ]]` stays as it is (the signature parser reads it); any other attribute is refused.
    mutating func attribute(_ i: Int) -> Int {
        let end = partner[i] ?? i + 1
        if text(i + 2) == "stitchable" {
            markerPending = true
        } else {
            reject(i, "attribute [[ \(text(i + 2)) ]] is not supported; the only attribute is [[ stitchable ]]")
        }
        return end + 1
    }

    // MARK: Numbers

    /// `0.5h`, `2.0f`, `1f` → `0.5`, `2.0`, `1.0`; hexadecimal and unsigned literals are GLSL already.
    mutating func number(_ i: Int) {
        let literal = tokens[i].text
        guard !literal.lowercased().hasPrefix("0x"), let last = literal.last, "hHfF".contains(last) else { return }
        var core = String(literal.dropLast())
        if !core.contains(where: { ".eE".contains($0) }) { core += ".0" }
        replacement[i] = core
    }

    // MARK: Casts

    /// `(float)x` → `float(x)`, for a scalar or vector type and an operand that is a postfix expression.
    mutating func cast(_ i: Int) {
        guard isIdentifier(i + 1), let type = MetalVocabulary.glslType(text(i + 1)), type != "void", text(i + 2) == ")",
              let end = operandEnd(from: i + 3) else { return }
        replacement[i] = ""
        replacement[i + 1] = type + "("
        replacement[i + 2] = ""
        suffix[end] += ")"
    }

    /// The last token of the unary expression starting at `start`: prefix operators, then a name, number or
    /// parenthesized expression, then calls, subscripts and member accesses.
    func operandEnd(from start: Int) -> Int? {
        var k = start
        while ["-", "+", "!", "~"].contains(text(k)) { k += 1 }
        guard k < tokens.count else { return nil }
        var last: Int
        switch tokens[k].kind {
        case .identifier:
            while text(k + 1) == "::", isIdentifier(k + 2) { k += 2 }
            last = k
        case .number:
            last = k
        case .punctuation where tokens[k].is("("):
            guard let close = partner[k] else { return nil }
            last = close
        default:
            return nil
        }
        while last + 1 < tokens.count {
            let next = tokens[last + 1]
            if next.is("(") || next.is("["), let close = partner[last + 1] {
                last = close
            } else if next.is("."), isIdentifier(last + 2) {
                last += 2
            } else {
                break
            }
        }
        return last
    }

    // MARK: Names

    mutating func identifier(_ i: Int) {
        let name = tokens[i].text
        let afterDot = text(i - 1) == "."
        if text(i + 1) == "::" {
            if MetalVocabulary.namespaces.contains(name) {
                replacement[i] = ""
                replacement[i + 1] = ""
            } else {
                reject(i, "namespace '\(name)::' is not supported; the only qualifiers are metal:: and SwiftUI::")
            }
            return
        }
        if afterDot {
            if MetalVocabulary.glslReserved.contains(name) { replacement[i] = "weftMetal_" + name }
            return
        }
        if let reason = MetalVocabulary.unsupportedKeywords[name] { reject(i, "'\(name)': \(reason)"); return }
        if MetalVocabulary.isTextureType(name) {
            reject(i, "'\(name)': texture and sampler types are not supported; a stitchable shader reads its content through SwiftUI::Layer (layer.sample(p))")
            return
        }
        switch name {
        case "using":
            if text(i + 1) == "namespace", MetalVocabulary.namespaces.contains(text(i + 2)), text(i + 3) == ";" {
                for k in i...(i + 3) { replacement[k] = "" }
            } else {
                reject(i, "'using' is only supported as 'using namespace metal;'")
            }
            return
        case "inline", "static", "METAL_FUNC":
            replacement[i] = ""
            return
        case "constexpr":
            replacement[i] = text(i + 1) == "const" ? "" : "const"
            return
        case "constant" where braceDepth[i] == 0 && parenDepth[i] == 0:
            // A file-scope constant (`constant float k = 1.0;`).
            replacement[i] = text(i + 1) == "const" ? "" : "const"
            return
        case "as_type", "static_cast":
            conversion(i)
            return
        default:
            break
        }
        if MetalVocabulary.addressSpaces.contains(name) {
            reject(i, "address space '\(name)' is not supported; the only pointers are the array arguments SwiftUI passes: device const float *values, int count")
            return
        }
        if let end = bodyEnd, i < end {
            if let kind = arrays[name] {
                arrayUse(i, kind)
                return
            }
            if let expression = counts[name] {
                replacement[i] = expression
                return
            }
        }
        if text(i + 1) == ".", text(i + 2) == "sample", text(i + 3) == "(" {
            // `layer.sample(p)` → `sampleLayer(layer, p)`
            replacement[i] = "sampleLayer"
            replacement[i + 1] = ""
            replacement[i + 2] = ""
            replacement[i + 3] = "(" + renamed(name) + ", "
            return
        }
        if braceDepth[i] == 0, parenDepth[i] == 0, text(i + 1) == "(", isIdentifier(i - 1) || text(i - 1) == "]" {
            function(i)
        }
        if let type = MetalVocabulary.glslType(name) {
            if type != name { replacement[i] = type }
        } else if let value = MetalVocabulary.constants[name] {
            replacement[i] = value
        } else if text(i + 1) == "(", let function = MetalVocabulary.functions[name] {
            replacement[i] = function
        } else if MetalVocabulary.glslReserved.contains(name) || name.hasPrefix("gl_") {
            replacement[i] = "weftMetal_" + name
        }
    }

    func renamed(_ name: String) -> String {
        MetalVocabulary.glslReserved.contains(name) || name.hasPrefix("gl_") ? "weftMetal_" + name : name
    }

    /// `as_type<uint>(x)` → `weftMetalAs_uint(x)`; `static_cast<float>(x)` → `float(x)`.
    mutating func conversion(_ i: Int) {
        let name = tokens[i].text
        guard text(i + 1) == "<", isIdentifier(i + 2), text(i + 3) == ">", text(i + 4) == "(",
              let type = MetalVocabulary.glslType(text(i + 2)) else {
            reject(i, "\(name) is supported as \(name)<T>(x) with a scalar or vector type T")
            return
        }
        if name == "as_type" {
            guard MetalPrelude.reinterpretableTypes.contains(type), !text(i + 2).hasPrefix("half") else {
                reject(i + 2, "as_type<\(text(i + 2))> is not supported; reinterpret 32-bit float, int and uint scalars and vectors")
                return
            }
            replacement[i] = "weftMetalAs_" + type
        } else {
            replacement[i] = type
        }
        for k in (i + 1)...(i + 3) { replacement[k] = "" }
    }

    /// A use of an array parameter in its function's body: `values[i]` → `floatAt(values, i)`; passing it on is fine.
    mutating func arrayUse(_ i: Int, _ kind: ArrayKind) {
        let name = tokens[i].text
        if text(i + 1) == "[", let close = partner[i + 1] {
            replacement[i] = kind.accessor
            replacement[i + 1] = "(" + renamed(name) + ", "
            replacement[close] = ")"
        } else if text(i + 1) == "," || text(i + 1) == ")" {
            replacement[i] = renamed(name)
        } else {
            reject(i, "array parameter '\(name)' is read by index only (\(name)[i]); pointer arithmetic and dereferencing are not supported")
        }
    }

    // MARK: Function headers

    /// The parameter list of a function defined at file scope (`name` at `i`, its `(` after it): array parameters
    /// become `FloatArray`/`ColorArray`, and for a stitchable function the count parameter after each is folded in.
    mutating func function(_ i: Int) {
        guard let close = partner[i + 1] else { return }
        let stitchable = markerPending
        markerPending = false
        arrays = [:]
        counts = [:]
        var parameters = [Range<Int>]()
        var start = i + 2
        for k in (i + 2)..<close where parenDepth[k] == parenDepth[i + 1] + 1 && tokens[k].is(",") {
            parameters.append(start..<k)
            start = k + 1
        }
        if start < close { parameters.append(start..<close) }
        var p = 0
        while p < parameters.count {
            let words = parameters[p]
            if let reference = words.first(where: { tokens[$0].is("&") }) {
                reject(reference, "reference parameters are not supported; pass the value (Weft's GLSL has no references)")
                keep(words)
            } else if words.contains(where: { tokens[$0].is("*") || MetalVocabulary.addressSpaces.contains(tokens[$0].text) }) {
                guard let (name, kind) = arrayParameter(words) else { keep(words); p += 1; continue }
                do {
                    arrays[name] = kind
                    if stitchable {
                        if p + 1 < parameters.count, let count = countParameter(parameters[p + 1]) {
                            counts[count.name] = count.isUnsigned ? "\(renamed(name)).count" : "int(\(renamed(name)).count)"
                            for k in (parameters[p].upperBound)..<parameters[p + 1].upperBound { replacement[k] = "" }
                            p += 1
                        } else {
                            reject(words.lowerBound, "array parameter '\(name)' must be followed by its count, as SwiftUI passes an array: device const float *\(name), int count")
                        }
                    }
                }
            }
            p += 1
        }
        if text(close + 1) == "{", let end = partner[close + 1] { bodyEnd = end }
    }

    /// Leaves a parameter already diagnosed as it is, so that its tokens are not diagnosed again.
    mutating func keep(_ words: Range<Int>) {
        for k in words where replacement[k] == nil { replacement[k] = text(k) }
    }

    /// `device const float *name` (or `const device half4 *name`, …): the name and the kind of array; a diagnostic
    /// for any other pointer or address space.
    mutating func arrayParameter(_ words: Range<Int>) -> (String, ArrayKind)? {
        let star = words.first(where: { tokens[$0].is("*") })
        guard let star, star == words.upperBound - 2, isIdentifier(star + 1), star > words.lowerBound else {
            let space = words.first(where: { MetalVocabulary.addressSpaces.contains(tokens[$0].text) }) ?? words.lowerBound
            reject(space, "unsupported parameter: the only pointer parameters are the arrays SwiftUI passes, device const float *values, int count (floatArray) and device const half4 *colors, int count (colorArray)")
            return nil
        }
        let name = text(star + 1)
        let element = star - 1
        let qualifiers = words.lowerBound..<element
        for k in qualifiers where !["device", "const"].contains(text(k)) {
            let what = MetalVocabulary.addressSpaces.contains(text(k)) ? "address space '\(text(k))'" : "'\(text(k))'"
            reject(k, "\(what) on array parameter '\(name)' is not supported; SwiftUI passes arrays as device const \(text(element)) *\(name)")
            return nil
        }
        guard qualifiers.contains(where: { text($0) == "device" }) else {
            reject(words.lowerBound, "array parameter '\(name)' needs its address space: device const \(text(element)) *\(name)")
            return nil
        }
        guard qualifiers.contains(where: { text($0) == "const" }) else {
            reject(words.lowerBound, "array parameter '\(name)' must be device const: a stitchable function cannot write its arguments")
            return nil
        }
        let kind: ArrayKind
        switch text(element) {
        case "float", "half": kind = .float
        case "float4", "half4": kind = .color
        default:
            reject(element, "array parameter '\(name)' has elements of type '\(text(element))'; SwiftUI passes float (floatArray) or half4 (colorArray) elements")
            return nil
        }
        for k in qualifiers { replacement[k] = "" }
        replacement[element] = kind.glslType
        replacement[star] = ""
        replacement[star + 1] = renamed(name)
        return (name, kind)
    }

    func countParameter(_ words: Range<Int>) -> (name: String, isUnsigned: Bool)? {
        let names = words.map { text($0) }.filter { $0 != "const" }
        guard names.count == 2, ["int", "uint", "int32_t", "uint32_t"].contains(names[0]), isIdentifier(words.upperBound - 1) else { return nil }
        return (names[1], names[0].hasPrefix("u"))
    }

    // MARK: Output

    func finish() -> MetalTranslator.Translation {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 256)
        var origins = TranslationOrigins()
        var copied = 0
        for (k, token) in tokens.enumerated() {
            out += bytes[copied..<token.range.lowerBound]
            if replacement[k] == nil && suffix[k].isEmpty {
                out += bytes[token.range]
            } else {
                let start = out.count
                out += Array(((replacement[k] ?? token.text) + suffix[k]).utf8)
                origins.append(translated: start..<out.count, author: token.range)
            }
            copied = token.range.upperBound
        }
        out += bytes[copied...]
        return .init(glsl: String(decoding: out, as: UTF8.self), origins: origins, diagnostics: diagnostics)
    }
}
