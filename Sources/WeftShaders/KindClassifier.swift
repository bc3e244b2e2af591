import WeftRuntime

/// Reads an effect's kind off its signature (docs/authoring.md, "Kinds").
///
/// Structural candidates, for `vec2 position` first and argument parameters after the
/// leading ones: `vec2` return → distortion; `Layer` second → layer; for a `vec4` return,
/// fill always fits, color fits when the second parameter is a `vec4`, blend when the second
/// and third are. Names settle it: a second parameter named `color` means color; `source`
/// then `destination` mean blend; otherwise a vec4 second parameter is ambiguous and the
/// author says which with `[[ stitchable(kind) ]]`.
enum KindClassifier {
    static let acceptedSignatures = """
    vec4 f(vec2 position, vec4 color, args…) [color]; \
    vec4 f(vec2 position, Layer layer, args…) [layer]; \
    vec2 f(vec2 position, args…) [distortion]; \
    vec4 f(vec2 position, args…) [fill]; \
    vec4 f(vec2 position, vec4 source, vec4 destination, args…) [blend]
    """

    static func leadingCount(_ kind: EffectKind) -> Int {
        switch kind {
        case .fill, .distortion: 1
        case .color, .layer: 2
        case .blend: 3
        }
    }

    static func classify(_ raw: SignatureParser.RawSignature, in source: AuthorSource) -> Result<StitchableFunction, ShaderDiagnostic> {
        let name = raw.name
        func fail(_ offset: Int, _ message: String) -> Result<StitchableFunction, ShaderDiagnostic> {
            .failure(source.diagnostic(at: offset, message))
        }
        func unsupported(_ reason: String) -> Result<StitchableFunction, ShaderDiagnostic> {
            fail(raw.nameOffset, "unsupported stitchable signature for '\(name)': \(reason); accepted signatures: \(acceptedSignatures)")
        }
        let params = raw.parameters
        if let arrayParameter = params.first(where: \.isArrayDeclarator) {
            return fail(arrayParameter.offset, "parameter '\(arrayParameter.name)' of '\(name)' is a GLSL array; pass arrays as FloatArray or ColorArray")
        }
        let returnType = ParameterType(glsl: raw.returnType)
        guard returnType == .vec4 || returnType == .vec2 else {
            return unsupported("it returns '\(raw.returnType)', not vec4 (or vec2 for a distortion)")
        }
        guard let first = params.first else { return unsupported("it has no 'vec2 position' parameter") }
        guard ParameterType(glsl: first.typeName) == .vec2 else {
            return unsupported("the first parameter '\(first.name)' is '\(first.typeName)', not vec2 position")
        }
        func isVec4(_ i: Int) -> Bool { i < params.count && ParameterType(glsl: params[i].typeName) == .vec4 }
        let secondIsLayer = params.count > 1 && params[1].typeName == "Layer"

        var candidates: [EffectKind]
        if returnType == .vec2 {
            candidates = [.distortion]
        } else if secondIsLayer {
            candidates = [.layer]
        } else {
            candidates = [.fill]
            if isVec4(1) { candidates.insert(.color, at: 0) }
            if isVec4(1) && isVec4(2) { candidates.insert(.blend, at: 1) }
        }

        let kind: EffectKind
        if let explicit = raw.marker.explicitKind {
            guard candidates.contains(explicit) else {
                return fail(raw.nameOffset, "'\(name)' is marked [[ stitchable(\(explicit.rawValue)) ]] but its signature does not fit a \(explicit.rawValue) effect: \(signatureOf(explicit)); its signature fits \(candidates.map(\.rawValue).joined(separator: " or "))")
            }
            kind = explicit
        } else if candidates.count == 1 {
            kind = candidates[0]
        } else if params[1].name == "color" {
            kind = .color
        } else if candidates.contains(.blend), params[1].name == "source", params[2].name == "destination" {
            kind = .blend
        } else if source.language == .metal {
            // SwiftUI has no fill or blend effect: a half4 second parameter is the pixel's color (colorEffect).
            kind = .color
        } else {
            var hints = ["name the second parameter 'color' for a color effect"]
            if candidates.contains(.blend) { hints.append("name the second and third 'source' and 'destination' for a blend") }
            hints.append("or write [[ stitchable(\(candidates.map(\.rawValue).joined(separator: "|"))) ]]")
            return fail(raw.nameOffset, "ambiguous signature for '\(name)': it could be a \(candidates.map(\.rawValue).joined(separator: " or ")) effect; \(hints.joined(separator: ", "))")
        }

        if raw.marker.passes > 1, kind != .layer {
            return fail(raw.nameOffset, "'\(name)' asks for \(raw.marker.passes) passes, but only a layer effect can run in passes (each reads the one before); this is a \(kind.rawValue) effect")
        }
        let leading = leadingCount(kind)
        var arguments = [(name: String, type: ParameterType)]()
        var seen = Set<String>()
        for p in params {
            guard seen.insert(p.name).inserted else { return fail(p.offset, "'\(name)' has two parameters named '\(p.name)'") }
        }
        for p in params.dropFirst(leading) {
            if p.typeName == "Layer" {
                return unsupported("'Layer' may only be the second parameter, but '\(p.name)' is a Layer too")
            }
            guard let type = ParameterType(glsl: p.typeName) else {
                return fail(p.offset, "parameter '\(p.name)' of '\(name)' has type '\(p.typeName)'; argument parameters are \(ParameterType.acceptedSpelling)")
            }
            arguments.append((p.name, type))
        }
        let (line, column) = source.location(of: raw.nameOffset)
        return .success(StitchableFunction(name: name, kind: kind, arguments: arguments,
                                           leadingParameterNames: params.prefix(leading).map(\.name),
                                           file: source.path, line: line, column: column, passes: raw.marker.passes))
    }

    static func signatureOf(_ kind: EffectKind) -> String {
        switch kind {
        case .color: "vec4 f(vec2 position, vec4 color, args…)"
        case .layer: "vec4 f(vec2 position, Layer layer, args…)"
        case .distortion: "vec2 f(vec2 position, args…)"
        case .fill: "vec4 f(vec2 position, args…)"
        case .blend: "vec4 f(vec2 position, vec4 source, vec4 destination, args…)"
        }
    }
}
