import WeftRuntime

/// An author's note on one argument parameter, from the `//` lines above the `[[ stitchable ]]` marker (blank lines
/// may stand between them), one line each:
///
///     // @param amplitude 0..40 = 8  wave height in points
///     // @param center = 256, 192     where the waves start
///
/// The range (`low..high`) and the default (`= x` or, for a vector, `= x, y, …`) are both
/// optional; the rest of the line is the parameter's meaning.
public struct ParameterAnnotation: Sendable, Hashable {
    public let name: String
    /// Inclusive; for a vector parameter it bounds every component.
    public let range: ClosedRange<Float>?
    /// One value per component (a `FloatArray` default has any number).
    public let defaultValue: [Float]?
    public let meaning: String
    /// 1-based line of the annotation in the author's file.
    public let line: Int
    /// `= $time`: the engine value the parameter is bound to unless an argument is given (instead of a number).
    public var binding: Shader.EngineValue?

    public init(name: String, range: ClosedRange<Float>?, defaultValue: [Float]?, meaning: String, line: Int,
                binding: Shader.EngineValue? = nil) {
        self.name = name
        self.range = range
        self.defaultValue = defaultValue
        self.meaning = meaning
        self.line = line
        self.binding = binding
    }

    /// `value` brought into the range (unchanged when there is none).
    public func clamped(_ value: Float) -> Float {
        guard let range else { return value }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// The default as an argument a person could have written, for binding.
    public var defaultArgument: ArgumentValue? {
        if let binding { return .binding(binding) }
        guard let defaultValue else { return nil }
        return defaultValue.count == 1 ? .number(defaultValue[0]) : .numbers(defaultValue)
    }
}

/// Reads the `// @param` lines above stitchable functions.
enum AnnotationParser {
    /// `// @maxSampleOffset X[, Y] [NOTE]` in the comment block above `markerOffset`: how far a layer or distortion
    /// effect samples from the pixel, in points (what a preset's `maxSampleOffset` says); one number is both.
    static func maxSampleOffset(above markerOffset: Int, in source: AuthorSource,
                                for function: StitchableFunction) -> (offset: SIMD2<Float>?, diagnostics: [ShaderDiagnostic]) {
        var found: SIMD2<Float>?
        var diagnostics = [ShaderDiagnostic]()
        for line in commentBlock(above: markerOffset, in: source) {
            let text = source.rawLine(line)
            guard let keyword = text.range(of: "@maxSampleOffset"),
                  text[..<keyword.lowerBound].trimming(" \t") == "//" else { continue }
            let column = text.distance(from: text.startIndex, to: keyword.lowerBound) + 1
            // `X[, Y]`, then optionally blanks and a note.
            var rest = Substring(text[keyword.upperBound...])
            var values = [String]()
            repeat {
                if !values.isEmpty { rest = rest.dropFirst() } // the comma
                rest = rest.drop { $0 == " " || $0 == "\t" }
                let number = rest.prefix { "+-.0123456789eE".contains($0) }
                values.append(String(number))
                rest = rest.dropFirst(number.count).drop { $0 == " " || $0 == "\t" }
            } while rest.first == "," && values.count < 3
            let offset = values.count <= 2 ? SampleOffset(text: values.joined(separator: ",")) : nil
            if found != nil {
                diagnostics.append(diagnostic(source, line, column: column, "'\(function.name)' has a second @maxSampleOffset"))
            } else if offset == nil {
                diagnostics.append(diagnostic(source, line, column: column,
                    "malformed @maxSampleOffset; write // @maxSampleOffset X, Y (points, ≥ 0), or one number for both"))
            } else if let refusal = function.kind.maxSampleOffsetRefusal {
                diagnostics.append(diagnostic(source, line, column: column, "'\(function.name)': \(refusal)"))
            } else {
                found = offset?.vector
            }
        }
        return (found, diagnostics)
    }

    /// The `//` lines above the marker's line, in order: up to the first line that is neither a comment nor blank, so
    /// a blank line between the annotations and the marker (or between annotations) does not cut them off.
    static func commentBlock(above markerOffset: Int, in source: AuthorSource) -> [Int] {
        var lines = [Int]()
        var line = source.location(of: markerOffset).line - 1
        while line >= 1 {
            let text = source.rawLine(line).drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if text.hasPrefix("//") {
                lines.insert(line, at: 0)
            } else if !text.isEmpty {
                break
            }
            line -= 1
        }
        return lines
    }

    /// The annotations in the comment block above `markerOffset` (`commentBlock`), checked against `function`'s
    /// parameters.
    static func annotations(above markerOffset: Int, in source: AuthorSource,
                            for function: StitchableFunction) -> (annotations: [ParameterAnnotation], diagnostics: [ShaderDiagnostic]) {
        let blockLines = commentBlock(above: markerOffset, in: source)
        var annotations = [ParameterAnnotation]()
        var diagnostics = [ShaderDiagnostic]()
        for line in blockLines {
            switch parse(line: line, in: source, for: function) {
            case .none: continue
            case .success(let annotation):
                if let first = annotations.first(where: { $0.name == annotation.name }) {
                    diagnostics.append(diagnostic(source, line, column: 1,
                        "parameter '\(annotation.name)' is already annotated on line \(first.line)"))
                } else {
                    annotations.append(annotation)
                }
            case .failure(let problem):
                diagnostics.append(problem)
            }
        }
        return (annotations, diagnostics)
    }

    private enum Outcome {
        case none
        case success(ParameterAnnotation)
        case failure(ShaderDiagnostic)
    }

    private static func diagnostic(_ source: AuthorSource, _ line: Int, column: Int, _ message: String) -> ShaderDiagnostic {
        ShaderDiagnostic(file: source.path, line: line, column: column, severity: .error, message: message)
    }

    /// One comment line: not an annotation, an annotation, or a problem with it.
    private static func parse(line: Int, in source: AuthorSource, for function: StitchableFunction) -> Outcome {
        let text = Array(source.rawLine(line))
        var i = 0
        func skipBlanks() { while i < text.count, text[i] == " " || text[i] == "\t" { i += 1 } }
        skipBlanks()
        i += 2 // the `//`
        skipBlanks()
        let keyword = Array("@param")
        guard text.count >= i + keyword.count, Array(text[i..<(i + keyword.count)]) == keyword,
              i + keyword.count == text.count || text[i + keyword.count] == " " || text[i + keyword.count] == "\t" else { return .none }
        let usage = "write // @param NAME [LOW..HIGH] [= DEFAULT[, …] | = $BINDING] MEANING"
        func fail(_ at: Int, _ message: String) -> Outcome { .failure(diagnostic(source, line, column: at + 1, message)) }
        i += keyword.count
        skipBlanks()
        let nameStart = i
        while i < text.count, text[i].isLetter || text[i].isNumber || text[i] == "_" { i += 1 }
        guard i > nameStart else { return fail(nameStart, "@param needs a parameter name; \(usage)") }
        let name = String(text[nameStart..<i])
        guard let parameter = function.parameters.first(where: { $0.name == name }) else {
            let names = function.parameters.map(\.name)
            return fail(nameStart, "@param '\(name)' names no parameter of '\(function.name)' "
                + (names.isEmpty ? "(it has no argument parameters)" : "(parameters: \(names.joined(separator: ", ")))"))
        }
        skipBlanks()

        var range: ClosedRange<Float>?
        let wordStart = i
        while i < text.count, text[i] != " ", text[i] != "\t", text[i] != "=" { i += 1 }
        let word = String(text[wordStart..<i])
        if word.contains("..") {
            let bounds = word.split(separator: "..", omittingEmptySubsequences: false)
            guard bounds.count == 2, !word.contains("..."), let low = finite(bounds[0]), let high = finite(bounds[1]) else {
                return fail(wordStart, "malformed range '\(word)' for '\(name)'; write LOW..HIGH with two numbers, like 0..40")
            }
            guard low <= high else { return fail(wordStart, "range '\(word)' for '\(name)' is empty: \(low) is above \(high)") }
            range = low...high
            skipBlanks()
        } else {
            i = wordStart
        }

        var defaultValue: [Float]?
        var binding: Shader.EngineValue?
        if i < text.count, text[i] == "=" {
            i += 1
            skipBlanks()
            if i < text.count, text[i] == "$" {
                // `= $time`: bound to an engine value unless an argument is given.
                let start = i
                i += 1
                while i < text.count, text[i].isLetter { i += 1 }
                let spelling = String(text[(start + 1)..<i])
                guard let value = Shader.EngineValue(spelling: spelling) else {
                    return fail(start, "unknown engine binding '$\(spelling)' for '\(name)'; one of \(Shader.EngineValue.spellings)")
                }
                guard value.acceptedTypes.contains(parameter.type) else {
                    return fail(start, "'\(name)' is \(parameter.type); $\(spelling) binds \(value.acceptedTypes.map(\.rawValue).joined(separator: " or ")) parameters")
                }
                binding = value
                skipBlanks()
            } else {
                var values = [Float]()
                repeat {
                    if !values.isEmpty { i += 1 } // the comma
                    skipBlanks()
                    let numberStart = i
                    while i < text.count, "+-.0123456789eE".contains(text[i]) { i += 1 }
                    guard let value = finite(text[numberStart..<i]) else {
                        return fail(numberStart, "the default of '\(name)' needs a number after '=' (a vector's components separated by commas, or an engine binding like $time); \(usage)")
                    }
                    values.append(value)
                    skipBlanks()
                } while i < text.count && text[i] == ","
                defaultValue = values
            }
        }
        let meaning = String(text[i...]).trimming(" \t\r")

        switch parameter.type {
        case .image, .colorArray:
            if range != nil || defaultValue != nil {
                return fail(nameStart, "'\(name)' is \(parameter.type.rawValue == "Image" ? "an" : "a") \(parameter.type); "
                    + "only number and vector parameters take a range or default (give it a value in presets.json)")
            }
        default:
            break
        }
        if let defaultValue {
            let expected: Int? = switch parameter.type {
            case .float, .int: 1
            case .vec2: 2
            case .vec3: 3
            case .vec4: 4
            default: nil
            }
            if let expected, defaultValue.count != expected {
                return fail(nameStart, "the default of '\(name)' (\(parameter.type)) needs \(expected) number\(expected == 1 ? "" : "s"), not \(defaultValue.count)")
            }
            if parameter.type == .int, let bad = defaultValue.first(where: { $0 != $0.rounded() }) {
                return fail(nameStart, "the default of '\(name)' (int) must be a whole number, not \(bad)")
            }
            if let range, let outside = defaultValue.first(where: { !range.contains($0) }) {
                return fail(nameStart, "the default \(outside) of '\(name)' is outside its range \(range.lowerBound)..\(range.upperBound)")
            }
        }
        return .success(ParameterAnnotation(name: name, range: range, defaultValue: defaultValue, meaning: meaning, line: line, binding: binding))
    }

    private static func finite<S: StringProtocol>(_ text: S) -> Float? {
        guard let value = Float(String(text)), value.isFinite else { return nil }
        return value
    }

    private static func finite(_ characters: ArraySlice<Character>) -> Float? {
        finite(String(characters))
    }
}
