import WeftImage
import WeftShaders
import WeftViews

/// Clips, masks, overlays, backgrounds, borders and SwiftUI's color effects as scene modifiers (docs/scenes.md).
extension SceneReader {
    /// `clipShape`, `clipped`, `cornerRadius`, `mask`, `overlay`, `background` or `border` (`Decoration.sceneKeys`).
    func decoration(_ name: String, _ json: JSONValue, at path: JSONPath) throws(SceneError) -> Decoration {
        switch name {
        case "clipShape":
            // A shape written as a view's content key ("circle", {"roundedRectangle": …}, {"path": …}), and a rule.
            var f = try SceneObject(json, at: path)
            let shapeJSON = try f.required("shape", .any)
            let rule: FillRule = try f.optional("rule", .named("fill rule")) ?? .nonZero
            try f.finish()
            var geometry = try clipOutline(shapeJSON, at: path.key("shape"))
            if rule != .nonZero {
                var shape: PathShape
                if case .path(let existing) = geometry { shape = existing } else { shape = PathShape(outline: .builtIn(geometry)) }
                shape.rule = rule
                geometry = .path(shape)
            }
            return Decoration(view: ViewNode(.shape(geometry, Color.black.fillStyle)), role: .mask, alignment: .center)
        case "clipped":
            try SceneObject.empty(json, at: path)
            return Decoration(view: Rectangle().fill(Color.black).node, role: .mask, alignment: .center)
        case "cornerRadius":
            return Decoration(view: RoundedRectangle(cornerRadius: try SceneValue.nonNegative(json, at: path)).fill(Color.black).node,
                              role: .mask, alignment: .center)
        case "border":
            var f = try SceneObject(json, at: path)
            let fillJSON = try f.required("color", .any)
            let width = try f.optional("width", .nonNegative) ?? 1
            try f.finish()
            let stroke = Rectangle().strokeBorder(try fill(fillJSON, at: path.key("color")), lineWidth: width)
            return Decoration(view: stroke.node, role: .overlay, alignment: .center)
        default:
            precondition(["mask", "overlay", "background"].contains(name), "'\(name)' is not a decoration's scene key")
            // A view, or {"view": VIEW, "alignment": A}.
            var view = json
            var viewPath = path
            var alignment = UnitPoint.center
            if case .object(let fields) = json, fields["view"] != nil {
                var f = try SceneObject(json, at: path)
                view = try f.required("view", .any)
                alignment = try f.optional("alignment", .unitPoint) ?? .center
                try f.finish()
                viewPath = path.key("view")
            }
            let role: Decoration.Role = name == "mask" ? .mask : name == "overlay" ? .overlay : .background
            return Decoration(view: try self.view(view, at: viewPath), role: role, alignment: alignment)
        }
    }

    /// SwiftUI's color effects (`brightness`, `contrast`, `saturation`, `grayscale`, `hueRotation`, `colorMultiply`,
    /// `colorInvert`, `luminanceToAlpha`): stock color shaders.
    func colorEffect(_ name: String, _ json: JSONValue, at path: JSONPath) throws(SceneError) -> ShaderEffect {
        let arguments: [String: ArgumentValue]
        switch name {
        case "brightness", "contrast", "saturation", "grayscale":
            arguments = ["amount": .number(try SceneValue.number(json, at: path))]
        case "hueRotation":
            arguments = ["degrees": .number(try angle(json, at: path).degrees)]
        case "colorMultiply":
            arguments = ["tint": .color(try SceneValue.color(json, at: path))]
        default:
            precondition(["colorInvert", "luminanceToAlpha"].contains(name), "'\(name)' is not a color effect's scene key")
            try SceneObject.empty(json, at: path)
            arguments = [:]
        }
        return ShaderEffect(kind: .color, shader: ColorEffects.effect(name, arguments), maxSampleOffset: .zero)
    }

    /// A clip's outline: `"rectangle"`, `"circle"`, `"ellipse"`, `"capsule"`, `{"roundedRectangle": {"cornerRadius": r}}` or
    /// `{"path": {…}}`.
    private func clipOutline(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> ShapeGeometry {
        let plain: [String: ShapeGeometry] = ["rectangle": .rectangle, "circle": .circle, "ellipse": .ellipse, "capsule": .capsule]
        if case .string(let name) = json {
            guard let geometry = plain[name] else {
                throw .unknownName(path: path, kind: "shape", name: name, known: plain.keys.sorted() + ["{\"roundedRectangle\": …}", "{\"path\": …}"])
            }
            return geometry
        }
        let (key, body) = try single(json, at: path)
        switch key {
        case "roundedRectangle":
            var f = try SceneObject(body, at: path.key(key))
            let radius = try f.required("cornerRadius", .nonNegative)
            try f.finish()
            return .roundedRectangle(cornerRadius: radius)
        case "path":
            return try pathContent(body, at: path.key(key))
        default:
            throw .unknownName(path: path, kind: "shape", name: key, known: ["roundedRectangle", "path"])
        }
    }
}
