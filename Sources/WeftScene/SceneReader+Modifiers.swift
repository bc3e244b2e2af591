import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// A scene file's modifiers: one reading per modifier type, found under every key the type names
/// (`ModifierRule.sceneKeys`), so that the keys live with the modifiers and the readings in this one table.
extension SceneReader {
    typealias ModifierReading = @Sendable (SceneReader, _ name: String, JSONValue, _ path: JSONPath) throws(SceneError) -> any ModifierRule

    /// Every modifier a scene file can write, with how its value is read.
    static let modifierReadings: [(type: any ModifierRule.Type, read: ModifierReading)] = [
        (FixedFrame.self, { r, _, json, path throws(SceneError) in try r.frame(json, at: path) }),
        (OffsetEffect.self, { _, _, json, path throws(SceneError) in
            var f = try SceneObject(json, at: path)
            let offset = SIMD2(try f.optional("x", .number) ?? 0, try f.optional("y", .number) ?? 0)
            try f.finish()
            return OffsetEffect(delta: offset)
        }),
        (PaddingLayout.self, { _, _, json, path throws(SceneError) in
            if case .number = json { return PaddingLayout(insets: EdgeInsets(all: try SceneValue.nonNegative(json, at: path))) }
            var f = try SceneObject(json, at: path)
            let insets = EdgeInsets(top: try f.optional("top", .nonNegative) ?? 0, leading: try f.optional("leading", .nonNegative) ?? 0,
                                    bottom: try f.optional("bottom", .nonNegative) ?? 0, trailing: try f.optional("trailing", .nonNegative) ?? 0)
            try f.finish()
            return PaddingLayout(insets: insets)
        }),
        (RotationEffect.self, { r, _, json, path throws(SceneError) in RotationEffect(angle: try r.angle(json, at: path)) }),
        (ScaleEffect.self, { _, _, json, path throws(SceneError) in
            if case .number = json {
                let s = try SceneValue.number(json, at: path)
                return ScaleEffect(factors: SIMD2(s, s))
            }
            var f = try SceneObject(json, at: path)
            let scale = SIMD2(try f.optional("x", .number) ?? 1, try f.optional("y", .number) ?? 1)
            try f.finish()
            return ScaleEffect(factors: scale)
        }),
        (OpacityEffect.self, { _, _, json, path throws(SceneError) in OpacityEffect(value: try SceneValue.unitInterval(json, at: path)) }),
        (BlendModeEffect.self, { _, _, json, path throws(SceneError) in BlendModeEffect(mode: try SceneValue.named("blend mode")(json, at: path)) }),
        (ShadowEffect.self, { _, _, json, path throws(SceneError) in
            var f = try SceneObject(json, at: path)
            let shadow = Shadow(color: try f.optional("color", .color) ?? Shadow.defaultColor, radius: try f.required("radius", .nonNegative),
                                x: try f.optional("x", .number) ?? 0, y: try f.optional("y", .number) ?? 0)
            try f.finish()
            return ShadowEffect(shadow: shadow)
        }),
        (CompositingGroup.self, { _, _, json, path throws(SceneError) in
            try SceneObject.empty(json, at: path)
            return CompositingGroup()
        }),
        (DrawingGroup.self, { _, _, json, path throws(SceneError) in
            var f = try SceneObject(json, at: path)
            let group = DrawingGroup(opaque: try f.optional("opaque", .bool) ?? false,
                                     colorMode: try f.optional("colorMode", .named("color mode")) ?? .nonLinear)
            try f.finish()
            return group
        }),
        (BlendEffect.self, { r, _, json, path throws(SceneError) in BlendEffect(shader: try r.shader(json, kind: .blend, at: path)) }),
        (ShaderEffect.self, { r, name, json, path throws(SceneError) in try r.shaderEffect(name, json, at: path) }),
        (ViewID.self, { _, _, json, path throws(SceneError) in ViewID(name: try SceneValue.string(json, at: path)) }),
        (TransitionTrait.self, { r, _, json, path throws(SceneError) in TransitionTrait(transition: try r.transition(json, at: path)) }),
        (GeometryGroup.self, { _, _, json, path throws(SceneError) in
            try SceneObject.empty(json, at: path)
            return GeometryGroup()
        }),
        (NamespaceDeclaration.self, { _, _, json, path throws(SceneError) in NamespaceDeclaration(name: try SceneValue.string(json, at: path)) }),
        (MatchedGeometry.self, { _, _, json, path throws(SceneError) in
            var f = try SceneObject(json, at: path)
            let properties: [String: MatchedGeometryProperties] = ["frame": .frame, "position": .position, "size": .size]
            let matched = MatchedGeometry(id: try f.required("id", .string), namespace: try f.required("in", .string),
                                          properties: try f.optional("properties", .named("properties", properties)) ?? .frame,
                                          anchor: try f.optional("anchor", .unitPoint) ?? .center,
                                          isSource: try f.optional("isSource", .bool) ?? true)
            try f.finish()
            return matched
        }),
        (GeometryChange.self, { r, _, json, path throws(SceneError) in try r.geometryChange(json, at: path) }),
        (Decoration.self, { r, name, json, path throws(SceneError) in try r.decoration(name, json, at: path) }),
        (BlurEffect.self, { _, _, json, path throws(SceneError) in
            if case .number = json { return BlurEffect(radius: try SceneValue.nonNegative(json, at: path)) }
            var f = try SceneObject(json, at: path)
            let radius = try f.required("radius", .nonNegative)
            try f.finish()
            return BlurEffect(radius: radius)
        }),
    ]

    /// The readings by scene key.
    static let modifierReaders: [String: ModifierReading] = Dictionary(uniqueKeysWithValues: modifierReadings.flatMap { entry in
        entry.type.sceneKeys.map { ($0, entry.read) }
    })

    func modifier(_ name: String, _ json: JSONValue, at entry: JSONPath) throws(SceneError) -> any ModifierRule {
        if let read = Self.modifierReaders[name] { return try read(self, name, json, entry.key(name)) }
        if name == "fill" || Self.shapeModifierNames.contains(name) {
            throw .invalid(path: entry, message: "'\(name)' applies to a shape and must come before its other modifiers")
        }
        throw .unknownName(path: entry, kind: "modifier", name: name, known: [])
    }

    /// `frame`: a fixed frame (`width`, `height`, centred), a fixed frame placed by `alignment`, or a flexible frame
    /// (min/max bounds, "infinity" for no upper bound).
    private func frame(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> any ModifierRule {
        var f = try SceneObject(json, at: path)
        let width = try f.optional("width", .nonNegative)
        let height = try f.optional("height", .nonNegative)
        let alignment = try f.optional("alignment", .unitPoint) ?? .center
        let bound = SceneValue { json, path throws(SceneError) -> Float in
            if case .string("infinity") = json { return .infinity }
            return try SceneValue.nonNegative(json, at: path)
        }
        let minWidth = try f.optional("minWidth", bound), maxWidth = try f.optional("maxWidth", bound)
        let minHeight = try f.optional("minHeight", bound), maxHeight = try f.optional("maxHeight", bound)
        try f.finish()
        guard minWidth != nil || maxWidth != nil || minHeight != nil || maxHeight != nil else {
            return alignment == .center ? FixedFrame(width: width, height: height)
                : FlexibleFrame(minWidth: width, maxWidth: width, minHeight: height, maxHeight: height, alignment: alignment)
        }
        guard width == nil, height == nil else {
            throw .invalid(path: path, message: "a frame has either width/height or min/max bounds, as in SwiftUI")
        }
        return FlexibleFrame(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment)
    }

    /// `colorEffect`, `layerEffect`, `distortionEffect` (a shader and its arguments), and SwiftUI's color effects.
    private func shaderEffect(_ name: String, _ json: JSONValue, at path: JSONPath) throws(SceneError) -> ShaderEffect {
        guard ["colorEffect", "layerEffect", "distortionEffect"].contains(name) else { return try colorEffect(name, json, at: path) }
        let kind: EffectKind = name == "colorEffect" ? .color : name == "layerEffect" ? .layer : .distortion
        var padding = SIMD2<Float>.zero
        let effect = try shader(json, kind: kind, at: path) { f throws(SceneError) in
            if f.contains("maxSampleOffset"), let refusal = kind.maxSampleOffsetRefusal {
                throw .invalid(path: path.key("maxSampleOffset"), message: refusal)
            }
            let offsets = SceneValue<[Float]>.numbers(count: 2).then { v, at throws(SceneError) in
                guard let offset = SampleOffset(x: Double(v[0]), y: Double(v[1])) else {
                    throw .invalid(path: at, message: "expected two finite numbers ≥ 0 (points)")
                }
                return offset
            }
            if let offset = try f.optional("maxSampleOffset", offsets) { padding = offset.vector }
        }
        return ShaderEffect(kind: kind, shader: effect, maxSampleOffset: padding)
    }
}
