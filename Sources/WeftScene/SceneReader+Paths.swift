import WeftImage
import WeftViews

/// The `path` view and the shape modifiers that keep a view a shape or stroke it (docs/scenes.md, "Paths").
extension SceneReader {
    /// Modifiers that act on a shape's outline: allowed while the view is still a shape (before its other modifiers).
    static let shapeModifierNames: Set<String> = ["trim", "stroke", "strokeBorder"]

    /// `{"d": "M0 0 L10 0 Z"}` or `{"elements": [...]}`, with an optional `"rule": "nonZero" | "evenOdd"`.
    func pathContent(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> ShapeGeometry {
        var f = try SceneObject(json, at: path)
        let data = try f.optional("d", .string)
        let elements = try f.optional("elements", .array)
        let rule: FillRule = try f.optional("rule", .named("fill rule")) ?? .nonZero
        try f.finish()
        let outline: Path
        switch (data, elements) {
        case (let d?, nil):
            do {
                outline = try Path(svgData: d)
            } catch {
                throw .invalid(path: path.key("d"), message: "malformed path data: \(error)")
            }
        case (nil, let list?):
            outline = try pathElements(list, at: path.key("elements"))
        default:
            throw .invalid(path: path, message: "a path has either \"d\" (SVG path data) or \"elements\"")
        }
        return .path(PathShape(outline: .fixed(outline), rule: rule))
    }

    /// `"close"`, `{"move": [x, y]}`, `{"line": [x, y]}`, `{"quadCurve": {"to", "control"}}`,
    /// `{"curve": {"to", "control1", "control2"}}`, `{"arc": {"center", "radius", "startAngle", "endAngle", "clockwise"}}`,
    /// `{"rect": [x, y, w, h]}`, `{"roundedRect": {"rect": [x, y, w, h], "cornerRadius": r}}`, `{"ellipse": [x, y, w, h]}`.
    private func pathElements(_ list: [JSONValue], at path: JSONPath) throws(SceneError) -> Path {
        var outline = Path()
        let point = SceneValue<[Float]>.numbers(count: 2).map { Point($0[0], $0[1]) }
        let rect = SceneValue<[Float]>.numbers(count: 4).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        let known = ["close", "move", "line", "quadCurve", "curve", "arc", "rect", "roundedRect", "ellipse"]
        for (i, entry) in list.enumerated() {
            let at = path.index(i)
            if case .string("close") = entry {
                outline.closeSubpath()
                continue
            }
            let (name, body) = try single(entry, at: at)
            let bodyPath = at.key(name)
            switch name {
            case "move": outline.move(to: try point(body, at: bodyPath))
            case "line": outline.addLine(to: try point(body, at: bodyPath))
            case "quadCurve":
                var f = try SceneObject(body, at: bodyPath)
                let to = try f.required("to", point), control = try f.required("control", point)
                try f.finish()
                outline.addQuadCurve(to: to, control: control)
            case "curve":
                var f = try SceneObject(body, at: bodyPath)
                let to = try f.required("to", point), c1 = try f.required("control1", point), c2 = try f.required("control2", point)
                try f.finish()
                outline.addCurve(to: to, control1: c1, control2: c2)
            case "arc":
                var f = try SceneObject(body, at: bodyPath)
                let angle = SceneValue { json, path throws(SceneError) in try self.angle(json, at: path) }
                let center = try f.required("center", point), radius = try f.required("radius", .nonNegative)
                let start = try f.required("startAngle", angle), end = try f.required("endAngle", angle)
                let clockwise = try f.optional("clockwise", .bool) ?? false
                try f.finish()
                outline.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
            case "rect": outline.addRect(try rect(body, at: bodyPath))
            case "ellipse": outline.addEllipse(in: try rect(body, at: bodyPath))
            case "roundedRect":
                var f = try SceneObject(body, at: bodyPath)
                let r = try f.required("rect", rect), radius = try f.required("cornerRadius", .nonNegative)
                try f.finish()
                outline.addRoundedRect(in: r, cornerRadius: radius)
            default:
                throw .unknownName(path: at, kind: "path element", name: name, known: known)
            }
        }
        return outline
    }

    /// A shape modifier on `geometry`: the new outline, and the fill when the modifier draws it (a stroke).
    func shapeModifier(_ name: String, _ json: JSONValue, on geometry: ShapeGeometry, at entry: JSONPath) throws(SceneError)
        -> (geometry: ShapeGeometry, fill: FillStyle?) {
        let path = entry.key(name)
        var shape: PathShape
        if case .path(let existing) = geometry { shape = existing } else { shape = PathShape(outline: .builtIn(geometry)) }
        var f = try SceneObject(json, at: path)
        switch name {
        case "trim":
            let from = try f.optional("from", .unitInterval) ?? 0, to = try f.optional("to", .unitInterval) ?? 1
            try f.finish()
            let start = shape.trimFrom, span = shape.trimTo - shape.trimFrom
            shape.trimFrom = start + span * from
            shape.trimTo = start + span * to
            return (.path(shape), nil)
        default:
            let content = try f.optional("color", .any)
            let style = StrokeStyle(lineWidth: try f.optional("lineWidth", .nonNegative) ?? 1,
                                    lineCap: try f.optional("lineCap", .named("line cap")) ?? .butt,
                                    lineJoin: try f.optional("lineJoin", .named("line join")) ?? .miter,
                                    miterLimit: try f.optional("miterLimit", .nonNegative) ?? 10,
                                    dash: try f.optional("dash", SceneValue<Float>.nonNegative.array) ?? [],
                                    dashPhase: try f.optional("dashPhase", .number) ?? 0)
            try f.finish()
            shape.stroke = style
            if name == "strokeBorder" { shape.inset += style.lineWidth / 2 }
            let fill = try content.map { json throws(SceneError) in try self.fill(json, at: path.key("color")) } ?? Color.black.fillStyle
            return (.path(shape), fill)
        }
    }
}
