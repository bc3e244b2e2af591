import WeftImage
import WeftShaders
import WeftViews

/// Clips, masks, overlays, backgrounds, borders, blur and SwiftUI's color effects as scene modifiers (docs/scenes.md).
extension SceneReader {
    /// The modifier `name` if it is one of these; nil otherwise.
    func contentModifier(_ name: String, _ json: JSONValue, at entry: JSONPath) throws(SceneError) -> Modifier? {
        let path = entry.key(name)
        let number = { () throws(SceneError) -> Float in try SceneValue.number(json, at: path) }
        func color(_ effect: String, _ arguments: [String: ArgumentValue] = [:]) -> Modifier {
            .effect(.color, ColorEffects.effect(effect, arguments), maxSampleOffset: .zero)
        }
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
            return .decoration(Decoration(view: ViewNode(.shape(geometry, Color.black.fillStyle)), role: .mask, alignment: .center))
        case "clipped":
            try SceneObject.empty(json, at: path)
            return .decoration(Decoration(view: Rectangle().fill(Color.black).node, role: .mask, alignment: .center))
        case "cornerRadius":
            return .decoration(Decoration(view: RoundedRectangle(cornerRadius: try SceneValue.nonNegative(json, at: path)).fill(Color.black).node,
                                          role: .mask, alignment: .center))
        case "mask", "overlay", "background":
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
            return .decoration(Decoration(view: try self.view(view, at: viewPath), role: role, alignment: alignment))
        case "border":
            var f = try SceneObject(json, at: path)
            let fillJSON = try f.required("color", .any)
            let width = try f.optional("width", .nonNegative) ?? 1
            try f.finish()
            let stroke = Rectangle().strokeBorder(try fill(fillJSON, at: path.key("color")), lineWidth: width)
            return .decoration(Decoration(view: stroke.node, role: .overlay, alignment: .center))
        case "blur":
            if case .number = json { return .blur(radius: try SceneValue.nonNegative(json, at: path)) }
            var f = try SceneObject(json, at: path)
            let radius = try f.required("radius", .nonNegative)
            try f.finish()
            return .blur(radius: radius)
        case "brightness", "contrast", "saturation", "grayscale":
            return color(name, ["amount": .number(try number())])
        case "hueRotation":
            return color(name, ["degrees": .number(try angle(json, at: path).degrees)])
        case "colorMultiply":
            return color(name, ["tint": .color(try SceneValue.color(json, at: path))])
        case "colorInvert", "luminanceToAlpha":
            try SceneObject.empty(json, at: path)
            return color(name)
        default:
            return nil
        }
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
