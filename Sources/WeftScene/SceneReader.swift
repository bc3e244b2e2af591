import Foundation
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftViews

/// Turns parsed JSON into views, reporting every problem with its JSON path.
struct SceneReader {
    let baseDirectory: String
    var provider: (any SceneShaderProvider)?

    init(baseDirectory: String) { self.baseDirectory = baseDirectory }

    static let contentKeys = ["image", "color", "rectangle", "roundedRectangle", "circle", "ellipse", "capsule", "zstack",
                              "hstack", "vstack", "spacer", "text"]

    mutating func scene(_ json: JSONValue, shaders: ([String]) throws -> any SceneShaderProvider) throws(SceneError) -> Scene {
        let top = JSONPath("")
        let fields = try object(json, at: top, allowed: ["size", "scale", "background", "frame", "reduceMotion", "shaders", "root",
                                                         "states", "timeline", "duration"],
                                required: ["size"])
        let size = try numbers(try field("size", of: fields, at: top), at: top.key("size"), count: 2)
        guard size[0] > 0, size[1] > 0 else { throw .invalid(path: top.key("size"), message: "width and height must be positive") }
        let scale = try fields["scale"].map { v throws(SceneError) in try positive(v, at: top.key("scale")) } ?? 1
        let background = try fields["background"].map { v throws(SceneError) in try color(v, at: top.key("background")) } ?? .clear
        let frame = try fields["frame"].map { v throws(SceneError) in try frameIndex(v, at: top.key("frame")) } ?? 0
        var reduceMotion = false
        if let r = fields["reduceMotion"] {
            guard case .bool(let b) = r else { throw .invalid(path: top.key("reduceMotion"), message: "expected a boolean, got \(r.typeName)") }
            reduceMotion = b
        }
        var folders: [String] = []
        if let list = fields["shaders"] {
            folders = try array(list, at: top.key("shaders")).enumerated().map { i, v throws(SceneError) in
                try string(v, at: top.key("shaders").index(i))
            }
        }
        if !folders.isEmpty {
            do {
                provider = try shaders(folders)
            } catch {
                throw .invalid(path: top.key("shaders"), message: "\(error)")
            }
        }
        var root: ViewNode
        var timeline: Timeline?
        var named: (states: [String: ViewNode], initial: String)?
        switch (fields["root"], fields["states"]) {
        case (let r?, nil):
            if fields["timeline"] != nil { throw .invalid(path: top.key("timeline"), message: "a timeline changes between \"states\"; this scene has a single \"root\"") }
            root = try view(r, at: top.key("root"))
            if !GeometrySweep.changes(in: root).isEmpty {
                throw .invalid(path: top.key("root"), message: "an onGeometryChange switches between \"states\"; this scene has a single \"root\"")
            }
        case (nil, let states?):
            let read = try self.timeline(states: states, fields["timeline"], at: top)
            timeline = read.timeline
            named = (read.states, read.initial)
            root = read.timeline.initial
        case (.some, .some):
            throw .invalid(path: top, message: "a scene has either \"root\" or \"states\" with a \"timeline\", not both")
        case (nil, nil):
            throw .invalid(path: top, message: "missing key 'root' (or \"states\" with a \"timeline\")")
        }
        let duration = try fields["duration"].map { v throws(SceneError) in try seconds(v, at: top.key("duration")) }
        if let duration, duration < 0 { throw .invalid(path: top.key("duration"), message: "must not be negative, got \(duration)") }
        return Scene(size: Size(width: size[0], height: size[1]), scale: scale, background: background,
                     frame: frame, reduceMotion: reduceMotion, shaderFolders: folders, root: root, timeline: timeline, playTime: duration,
                     states: named?.states ?? [:], initialState: named?.initial)
    }

    // MARK: States and time

    /// `"states"` (named view trees) and `"timeline"`: the first entry names the initial state at 0 s,
    /// each later one a change of state at `"at"` seconds, with an optional `"animation"`.
    private func timeline(states json: JSONValue, _ timelineJSON: JSONValue?, at top: JSONPath) throws(SceneError)
        -> (timeline: Timeline, states: [String: ViewNode], initial: String) {
        let statesPath = top.key("states")
        guard case .object(let named) = json else { throw .invalid(path: statesPath, message: "expected an object of named views, got \(json.typeName)") }
        guard !named.isEmpty else { throw .invalid(path: statesPath, message: "name at least one state") }
        var states: [String: ViewNode] = [:]
        for (name, value) in named.sorted(by: { $0.key < $1.key }) { states[name] = try view(value, at: statesPath.key(name)) }
        var observes = false
        for (name, state) in states.sorted(by: { $0.key < $1.key }) {
            for change in GeometrySweep.changes(in: state) {
                observes = true
                if let missing = change.stateNames.first(where: { states[$0] == nil }) {
                    throw .invalid(path: statesPath.key(name), message: "an onGeometryChange names state '\(missing)', which is not one of: \(states.keys.sorted().joined(separator: ", "))")
                }
            }
        }
        let path = top.key("timeline")
        guard let timelineJSON else { throw .invalid(path: top, message: "missing key 'timeline' (the states shown over time)") }
        let entries = try array(timelineJSON, at: path)
        guard !entries.isEmpty else { throw .invalid(path: path, message: "the timeline needs at least its initial state") }
        var initial: ViewNode?
        var initialName = ""
        var changes: [Timeline.Change] = []
        for (i, entry) in entries.enumerated() {
            let at = path.index(i)
            let f = try object(entry, at: at, allowed: ["at", "state", "animation"], required: ["state"])
            let name = try string(try field("state", of: f, at: at), at: at.key("state"))
            guard let state = states[name] else {
                throw .invalid(path: at.key("state"), message: "no state named '\(name)' (states: \(states.keys.sorted().joined(separator: ", ")))")
            }
            let time = try f["at"].map { v throws(SceneError) in try seconds(v, at: at.key("at")) } ?? 0
            let animation = try f["animation"].map { v throws(SceneError) in try self.animation(v, at: at.key("animation")) }
            if i == 0 {
                guard time == 0, animation == nil else {
                    throw .invalid(path: at, message: "the first entry is the initial state: at 0 s, with no animation")
                }
                initial = state
                initialName = name
                continue
            }
            changes.append(Timeline.Change(at: time, to: state, animation: animation))
        }
        if let (index, message) = Timeline.problem(with: changes) { throw .invalid(path: path.index(index + 1), message: message) }
        if observes, !changes.isEmpty {
            throw .invalid(path: path.index(1), message: "a scene whose states have an onGeometryChange is switched by its render size; changes over time in the same scene are not supported yet")
        }
        return (try made(at: path) { () throws(ViewError) in try Timeline(initial: initial!, changes: changes) }, states, initialName)
    }

    /// `"linear"`… (SwiftUI's defaults), `{"easeIn": SECONDS}`…, `{"spring": {"response": S, "dampingFraction": F}}`.
    private func animation(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Animation {
        let defaults: [String: Animation] = ["linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
                                             "spring": .spring]
        let names = defaults.keys.sorted().joined(separator: ", ")
        if case .string(let s) = json {
            guard let animation = defaults[s] else { throw .invalid(path: path, message: "unknown animation '\(s)'; one of \(names)") }
            return animation
        }
        let (name, argument) = try single(json, at: path)
        let at = path.key(name)
        let animation: Animation
        switch name {
        case "linear": animation = .linear(duration: try seconds(argument, at: at))
        case "easeIn": animation = .easeIn(duration: try seconds(argument, at: at))
        case "easeOut": animation = .easeOut(duration: try seconds(argument, at: at))
        case "easeInOut": animation = .easeInOut(duration: try seconds(argument, at: at))
        case "spring":
            let f = try object(argument, at: at, allowed: ["response", "dampingFraction"], required: [])
            animation = .spring(response: try f["response"].map { v throws(SceneError) in try seconds(v, at: at.key("response")) } ?? 0.55,
                                dampingFraction: try f["dampingFraction"].map { v throws(SceneError) in
                                    try seconds(v, at: at.key("dampingFraction"))
                                } ?? 0.825)
        default:
            throw .invalid(path: path, message: "unknown animation '\(name)'; one of \(names)")
        }
        if let invalid = animation.invalidity { throw .invalid(path: at, message: invalid) }
        return animation
    }

    // MARK: Views

    func view(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> ViewNode {
        let fields = try object(json, at: path, allowed: Self.contentKeys + ["modifiers"], required: [])
        let present = Self.contentKeys.filter { fields[$0] != nil }
        guard present.count == 1, let key = present.first else {
            let message = present.isEmpty
                ? "a view needs one content key (\(Self.contentKeys.joined(separator: ", ")))"
                : "a view has exactly one content key, found \(present.joined(separator: " and "))"
            throw .invalid(path: path, message: message)
        }
        let contentPath = path.key(key)
        let value = try field(key, of: fields, at: path)
        var shape: ShapeGeometry?
        var node: ViewNode
        switch key {
        case "image":
            node = try image(value, at: contentPath).node
        case "color":
            node = try color(value, at: contentPath).node
        case "zstack":
            let children = try array(value, at: contentPath).enumerated().map { i, child throws(SceneError) in
                try view(child, at: contentPath.index(i))
            }
            node = ViewNode(.stack(children))
        case "hstack", "vstack":
            node = try stack(value, axis: key == "hstack" ? .horizontal : .vertical, at: contentPath)
        case "spacer":
            let f = try object(value, at: contentPath, allowed: ["minLength"], required: [])
            node = Spacer(minLength: try f["minLength"].map { v throws(SceneError) in try nonNegative(v, at: contentPath.key("minLength")) } ?? 0).node
        case "text":
            node = try text(value, at: contentPath).node
        case "roundedRectangle":
            let f = try object(value, at: contentPath, allowed: ["cornerRadius"], required: ["cornerRadius"])
            let geometry = ShapeGeometry.roundedRectangle(cornerRadius: try nonNegative(try field("cornerRadius", of: f, at: contentPath),
                                                                                          at: contentPath.key("cornerRadius")))
            shape = geometry
            node = ViewNode(.shape(geometry, Color.black.fillStyle))
        default:
            _ = try object(value, at: contentPath, allowed: [], required: [])
            let plain: [String: ShapeGeometry] = ["rectangle": .rectangle, "circle": .circle, "ellipse": .ellipse, "capsule": .capsule]
            guard let geometry = plain[key] else { throw .invalid(path: contentPath, message: "unknown shape '\(key)'") }
            shape = geometry
            node = ViewNode(.shape(geometry, Color.black.fillStyle))
        }
        guard let modifiers = fields["modifiers"] else { return node }
        let listPath = path.key("modifiers")
        for (i, entry) in try array(modifiers, at: listPath).enumerated() {
            let at = listPath.index(i)
            let (name, argument) = try single(entry, at: at)
            if name == "fill" {
                guard let geometry = shape else {
                    throw .invalid(path: at, message: "'fill' applies to a shape (rectangle, roundedRectangle, circle, ellipse, capsule) and must come before its other modifiers")
                }
                node = ViewNode(.shape(geometry, try fill(argument, at: at.key("fill"))))
                shape = nil
                continue
            }
            shape = nil
            node = ViewNode(.modified(node, try modifier(name, argument, at: at)))
        }
        return node
    }

    /// `[children]`, or `{"spacing": S, "alignment": A, "children": [...]}` with A one of
    /// top/center/bottom (hstack) or leading/center/trailing (vstack).
    private func stack(_ json: JSONValue, axis: StackLayout.Axis, at path: JSONPath) throws(SceneError) -> ViewNode {
        var layout = StackLayout(axis: axis, spacing: StackLayout.defaultSpacing, alignment: 0.5)
        var list = json
        var childrenPath = path
        if case .object = json {
            let f = try object(json, at: path, allowed: ["spacing", "alignment", "children"], required: ["children"])
            layout.spacing = try f["spacing"].map { v throws(SceneError) in try nonNegative(v, at: path.key("spacing")) } ?? layout.spacing
            if let a = f["alignment"] {
                let names: [String: Float] = axis == .horizontal ? ["top": 0, "center": 0.5, "bottom": 1] : ["leading": 0, "center": 0.5, "trailing": 1]
                let s = try string(a, at: path.key("alignment"))
                guard let fraction = names[s] else {
                    throw .invalid(path: path.key("alignment"), message: "unknown alignment '\(s)'; one of \(names.keys.sorted().joined(separator: ", "))")
                }
                layout.alignment = fraction
            }
            list = try field("children", of: f, at: path)
            childrenPath = path.key("children")
        }
        let children = try array(list, at: childrenPath).enumerated().map { i, child throws(SceneError) in
            try view(child, at: childrenPath.index(i))
        }
        return ViewNode(.stacked(layout, children))
    }

    /// `"words"` or `{"string": "words", "size": 14, "color": "#rrggbb"}`.
    private func text(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Text {
        if case .string(let s) = json { return Text(s) }
        let f = try object(json, at: path, allowed: ["string", "size", "color"], required: ["string"])
        let words = try string(try field("string", of: f, at: path), at: path.key("string"))
        let size = try f["size"].map { v throws(SceneError) in try positive(v, at: path.key("size")) } ?? 14
        let ink = try f["color"].map { v throws(SceneError) in try color(v, at: path.key("color")) } ?? Color.black
        return try made(at: path.key("size")) { () throws(ViewError) in try Text(words, size: size, color: ink) }
    }

    private func image(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Image {
        var file: String
        var scale: Float = 1
        if case .string(let s) = json {
            file = s
        } else {
            let f = try object(json, at: path, allowed: ["path", "scale"], required: ["path"])
            file = try string(try field("path", of: f, at: path), at: path.key("path"))
            scale = try f["scale"].map { v throws(SceneError) in try positive(v, at: path.key("scale")) } ?? 1
        }
        if !file.hasPrefix("/") { file = baseDirectory + "/" + file }
        do {
            return try Image(contentsOfFile: file, scale: scale)
        } catch {
            throw .invalid(path: path, message: "\(error)")
        }
    }

    // MARK: Modifiers

    private func modifier(_ name: String, _ json: JSONValue, at entry: JSONPath) throws(SceneError) -> Modifier {
        let path = entry.key(name)
        switch name {
        case "frame":
            let bounds = ["minWidth", "maxWidth", "minHeight", "maxHeight"]
            let f = try object(json, at: path, allowed: ["width", "height", "alignment"] + bounds, required: [])
            let width = try f["width"].map { v throws(SceneError) in try nonNegative(v, at: path.key("width")) }
            let height = try f["height"].map { v throws(SceneError) in try nonNegative(v, at: path.key("height")) }
            let alignment = try f["alignment"].map { v throws(SceneError) in try unitPoint(v, at: path.key("alignment")) } ?? .center
            guard bounds.contains(where: { f[$0] != nil }) else {
                return alignment == .center ? .frame(width: width, height: height)
                    : .flexibleFrame(FlexibleFrame(minWidth: width, maxWidth: width, minHeight: height, maxHeight: height, alignment: alignment))
            }
            guard width == nil, height == nil else {
                throw .invalid(path: path, message: "a frame has either width/height or min/max bounds, as in SwiftUI")
            }
            func bound(_ key: String) throws(SceneError) -> Float? {
                guard let v = f[key] else { return nil }
                if case .string("infinity") = v { return .infinity }
                return try nonNegative(v, at: path.key(key))
            }
            return .flexibleFrame(FlexibleFrame(minWidth: try bound("minWidth"), maxWidth: try bound("maxWidth"),
                                                minHeight: try bound("minHeight"), maxHeight: try bound("maxHeight"), alignment: alignment))
        case "offset":
            let f = try object(json, at: path, allowed: ["x", "y"], required: [])
            return .offset(SIMD2(try f["x"].map { v throws(SceneError) in try number(v, at: path.key("x")) } ?? 0,
                                 try f["y"].map { v throws(SceneError) in try number(v, at: path.key("y")) } ?? 0))
        case "padding":
            if case .number = json { return .padding(EdgeInsets(all: try nonNegative(json, at: path))) }
            let f = try object(json, at: path, allowed: ["top", "leading", "bottom", "trailing"], required: [])
            func side(_ k: String) throws(SceneError) -> Float {
                try f[k].map { v throws(SceneError) in try nonNegative(v, at: path.key(k)) } ?? 0
            }
            return .padding(EdgeInsets(top: try side("top"), leading: try side("leading"), bottom: try side("bottom"),
                                       trailing: try side("trailing")))
        case "rotationEffect":
            return .rotation(try angle(json, at: path))
        case "scaleEffect":
            if case .number = json {
                let s = try number(json, at: path)
                return .scale(SIMD2(s, s))
            }
            let f = try object(json, at: path, allowed: ["x", "y"], required: [])
            return .scale(SIMD2(try f["x"].map { v throws(SceneError) in try number(v, at: path.key("x")) } ?? 1,
                                try f["y"].map { v throws(SceneError) in try number(v, at: path.key("y")) } ?? 1))
        case "opacity":
            let v = try number(json, at: path)
            guard (0...1).contains(v) else { throw .invalid(path: path, message: "opacity must be between 0 and 1, got \(v)") }
            return .opacity(v)
        case "blendMode":
            let s = try string(json, at: path)
            guard let mode = BlendMode(rawValue: s) else {
                throw .invalid(path: path, message: "unknown blend mode '\(s)'; one of \(BlendMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .blendMode(mode)
        case "shadow":
            let f = try object(json, at: path, allowed: ["color", "radius", "x", "y"], required: ["radius"])
            return .shadow(Shadow(color: try f["color"].map { v throws(SceneError) in try color(v, at: path.key("color")) } ?? Shadow.defaultColor,
                                  radius: try nonNegative(try field("radius", of: f, at: path), at: path.key("radius")),
                                  x: try f["x"].map { v throws(SceneError) in try number(v, at: path.key("x")) } ?? 0,
                                  y: try f["y"].map { v throws(SceneError) in try number(v, at: path.key("y")) } ?? 0))
        case "compositingGroup":
            _ = try object(json, at: path, allowed: [], required: [])
            return .compositingGroup
        case "drawingGroup":
            let f = try object(json, at: path, allowed: ["opaque", "colorMode"], required: [])
            var opaque = false
            if let o = f["opaque"] {
                guard case .bool(let b) = o else { throw .invalid(path: path.key("opaque"), message: "expected a boolean, got \(o.typeName)") }
                opaque = b
            }
            var mode = ColorMode.nonLinear
            if let m = f["colorMode"] {
                let s = try string(m, at: path.key("colorMode"))
                guard let parsed = ColorMode(rawValue: s) else {
                    throw .invalid(path: path.key("colorMode"), message: "unknown color mode '\(s)'; one of nonLinear, linear, extendedLinear")
                }
                mode = parsed
            }
            return .drawingGroup(opaque: opaque, colorMode: mode)
        case "blendEffect":
            let f = try object(json, at: path, allowed: ["shader", "args"], required: ["shader"])
            return .blendEffect(try shader(f, kind: .blend, at: path))
        case "colorEffect", "layerEffect", "distortionEffect":
            let kind: EffectKind = name == "colorEffect" ? .color : name == "layerEffect" ? .layer : .distortion
            if case .object(let given) = json, given["maxSampleOffset"] != nil, let refusal = kind.maxSampleOffsetRefusal {
                throw .invalid(path: path.key("maxSampleOffset"), message: refusal)
            }
            let f = try object(json, at: path, allowed: ["shader", "args", "maxSampleOffset"], required: ["shader"])
            var padding = SIMD2<Float>.zero
            if let m = f["maxSampleOffset"] {
                let v = try numbers(m, at: path.key("maxSampleOffset"), count: 2)
                guard v[0] >= 0, v[1] >= 0 else { throw .invalid(path: path.key("maxSampleOffset"), message: "offsets must not be negative") }
                padding = SIMD2(v[0], v[1])
            }
            let effect = try shader(f, kind: kind, at: path)
            return .effect(kind, effect, maxSampleOffset: padding)
        case "id":
            return .id(try string(json, at: path))
        case "transition":
            return .transition(try transition(json, at: path))
        case "geometryGroup":
            _ = try object(json, at: path, allowed: [], required: [])
            return .geometryGroup
        case "namespace":
            return .namespace(try string(json, at: path))
        case "matchedGeometryEffect":
            let f = try object(json, at: path, allowed: ["id", "in", "properties", "anchor", "isSource"], required: ["id", "in"])
            let properties: MatchedGeometryProperties
            switch try f["properties"].map({ v throws(SceneError) in try string(v, at: path.key("properties")) }) ?? "frame" {
            case "frame": properties = .frame
            case "position": properties = .position
            case "size": properties = .size
            case let other: throw .invalid(path: path.key("properties"), message: "expected \"frame\", \"position\" or \"size\", got '\(other)'")
            }
            var isSource = true
            if let v = f["isSource"] {
                guard case .bool(let b) = v else { throw .invalid(path: path.key("isSource"), message: "expected a boolean, got \(v.typeName)") }
                isSource = b
            }
            return .matchedGeometry(MatchedGeometry(
                id: try string(try field("id", of: f, at: path), at: path.key("id")),
                namespace: try string(try field("in", of: f, at: path), at: path.key("in")), properties: properties,
                anchor: try f["anchor"].map { v throws(SceneError) in try unitPoint(v, at: path.key("anchor")) } ?? .center, isSource: isSource))
        case "onGeometryChange":
            return .geometryChange(try geometryChange(json, at: path))
        case "fill":
            throw .invalid(path: entry, message: "'fill' applies to a shape and must come before its other modifiers")
        default:
            throw .invalid(path: entry, message: "unknown modifier '\(name)'")
        }
    }

    /// `{"of": "width"|"height", "threshold": T, "below": STATE, "otherwise": STATE}`: the size-class pattern.
    /// The value is whether the view's side is below the threshold; when it changes, the scene switches
    /// to the state named for it (`GeometrySweep`).
    private func geometryChange(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> GeometryChange {
        let f = try object(json, at: path, allowed: ["of", "threshold", "below", "otherwise"], required: ["of", "threshold", "below", "otherwise"])
        let side = try string(try field("of", of: f, at: path), at: path.key("of"))
        guard side == "width" || side == "height" else {
            throw .invalid(path: path.key("of"), message: "expected \"width\" or \"height\", got '\(side)'")
        }
        let threshold = try number(try field("threshold", of: f, at: path), at: path.key("threshold"))
        let below = try string(try field("below", of: f, at: path), at: path.key("below"))
        let otherwise = try string(try field("otherwise", of: f, at: path), at: path.key("otherwise"))
        let horizontal = side == "width"
        var change = GeometryChange(transform: { ($0.size.vector[horizontal ? 0 : 1]) < threshold },
                                    same: { ($0 as? Bool) == ($1 as? Bool) },
                                    action: { ($0 as? Bool) == true ? below : otherwise })
        change.stateNames = [below, otherwise]
        return change
    }

    private func angle(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Angle {
        if case .number = json { return .degrees(try number(json, at: path)) }
        let f = try object(json, at: path, allowed: ["degrees", "radians"], required: [])
        if let d = f["degrees"], f["radians"] == nil { return .degrees(try number(d, at: path.key("degrees"))) }
        if let r = f["radians"], f["degrees"] == nil { return .radians(try number(r, at: path.key("radians"))) }
        throw .invalid(path: path, message: "an angle is a number of degrees, {\"degrees\": d} or {\"radians\": r}")
    }

    // MARK: Fills and shaders

    private func fill(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> FillStyle {
        if case .string = json { return try color(json, at: path).fillStyle }
        guard case .object(let f) = json else {
            throw .invalid(path: path, message: "a fill is a color, a gradient object or a shader object, got \(json.typeName)")
        }
        if f["shader"] != nil {
            let fields = try object(json, at: path, allowed: ["shader", "args"], required: ["shader"])
            return FillStyle(kind: .shader(try shader(fields, kind: .fill, at: path)))
        }
        let (kind, body) = try single(json, at: path)
        let at = path.key(kind)
        switch kind {
        case "linearGradient":
            let g = try object(body, at: at, allowed: ["colors", "stops", "startPoint", "endPoint"], required: [])
            return LinearGradient(gradient: try gradient(g, at: at),
                                  startPoint: try g["startPoint"].map { v throws(SceneError) in try unitPoint(v, at: at.key("startPoint")) } ?? .top,
                                  endPoint: try g["endPoint"].map { v throws(SceneError) in try unitPoint(v, at: at.key("endPoint")) } ?? .bottom).fillStyle
        case "radialGradient":
            let g = try object(body, at: at, allowed: ["colors", "stops", "center", "startRadius", "endRadius"], required: ["endRadius"])
            return RadialGradient(gradient: try gradient(g, at: at),
                                  center: try g["center"].map { v throws(SceneError) in try unitPoint(v, at: at.key("center")) } ?? .center,
                                  startRadius: try g["startRadius"].map { v throws(SceneError) in try nonNegative(v, at: at.key("startRadius")) } ?? 0,
                                  endRadius: try nonNegative(try field("endRadius", of: g, at: at), at: at.key("endRadius"))).fillStyle
        case "angularGradient":
            let g = try object(body, at: at, allowed: ["colors", "stops", "center", "startAngle", "endAngle"], required: [])
            return AngularGradient(gradient: try gradient(g, at: at),
                                   center: try g["center"].map { v throws(SceneError) in try unitPoint(v, at: at.key("center")) } ?? .center,
                                   startAngle: try g["startAngle"].map { v throws(SceneError) in try angle(v, at: at.key("startAngle")) } ?? .zero,
                                   endAngle: try g["endAngle"].map { v throws(SceneError) in try angle(v, at: at.key("endAngle")) } ?? .degrees(360)).fillStyle
        default:
            throw .invalid(path: path, message: "unknown fill '\(kind)'; a fill is a color, linearGradient, radialGradient, angularGradient or {\"shader\": …}")
        }
    }

    private func gradient(_ g: [String: JSONValue], at path: JSONPath) throws(SceneError) -> Gradient {
        switch (g["colors"], g["stops"]) {
        case (let colors?, nil):
            let list = try array(colors, at: path.key("colors"))
            guard !list.isEmpty else { throw .invalid(path: path.key("colors"), message: "a gradient needs at least one color") }
            let colors = try list.enumerated().map { i, v throws(SceneError) in try color(v, at: path.key("colors").index(i)) }
            return try made(at: path.key("colors")) { () throws(ViewError) in try Gradient(colors: colors) }
        case (nil, let stops?):
            let list = try array(stops, at: path.key("stops"))
            guard !list.isEmpty else { throw .invalid(path: path.key("stops"), message: "a gradient needs at least one stop") }
            let stops = try list.enumerated().map { i, v throws(SceneError) in
                let at = path.key("stops").index(i)
                let s = try object(v, at: at, allowed: ["color", "location"], required: ["color", "location"])
                return Gradient.Stop(color: try color(try field("color", of: s, at: at), at: at.key("color")), location: try number(try field("location", of: s, at: at), at: at.key("location")))
            }
            return try made(at: path.key("stops")) { () throws(ViewError) in try Gradient(stops: stops) }
        default:
            throw .invalid(path: path, message: "a gradient has either \"colors\" or \"stops\"")
        }
    }

    private func shader(_ fields: [String: JSONValue], kind: EffectKind, at path: JSONPath) throws(SceneError) -> EffectShader {
        let name = try string(try field("shader", of: fields, at: path), at: path.key("shader"))
        var arguments: [String: ArgumentValue] = [:]
        if let args = fields["args"] {
            let argsPath = path.key("args")
            guard case .object(let list) = args else { throw .invalid(path: argsPath, message: "expected an object, got \(args.typeName)") }
            for (key, value) in list { arguments[key] = try argument(value, at: argsPath.key(key)) }
        }
        guard let provider else {
            throw .invalid(path: path.key("shader"), message: "shader '\(name)' is used, but the scene lists no \"shaders\" folders")
        }
        do {
            return try EffectShader.animatable(arguments: arguments) { values in
                try provider.shader(named: name, kind: kind, arguments: values)
            }
        } catch {
            throw .invalid(path: path, message: "\(error)")
        }
    }

    func argument(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> ArgumentValue {
        switch json {
        case .number(let n):
            return .number(try finite(n, at: path))
        case .bool(let b):
            return .number(b ? 1 : 0)
        case .string(let s) where s.hasPrefix("$"):
            guard let binding = Shader.EngineValue(spelling: String(s.dropFirst())) else {
                throw .invalid(path: path, message: "unknown engine binding '\(s)'; one of \(Shader.EngineValue.spellings)")
            }
            return .binding(binding)
        case .string(let s) where s.hasPrefix("#"):
            return .color(try color(json, at: path))
        case .string(let s):
            let file = s.hasPrefix("/") ? s : baseDirectory + "/" + s
            do {
                return .image(try PNGFile.load(path: file))
            } catch {
                throw .invalid(path: path, message: "\(error)")
            }
        case .array(let items):
            if items.allSatisfy({ if case .string = $0 { true } else { false } }), !items.isEmpty {
                return .colors(try items.enumerated().map { i, v throws(SceneError) in try color(v, at: path.index(i)) })
            }
            return .numbers(try items.enumerated().map { i, v throws(SceneError) in try number(v, at: path.index(i)) })
        default:
            throw .invalid(path: path, message: "a shader argument is a number, an array of numbers, a color, an array of colors, an image file or an engine binding, got \(json.typeName)")
        }
    }

    // MARK: Primitives

    /// `fields[key]`, which the object's `required` list has already asked for.
    private func field(_ key: String, of fields: [String: JSONValue], at path: JSONPath) throws(SceneError) -> JSONValue {
        guard let value = fields[key] else { throw .invalid(path: path, message: "missing required key '\(key)'") }
        return value
    }

    private func object(_ json: JSONValue, at path: JSONPath, allowed: [String], required: [String]) throws(SceneError) -> [String: JSONValue] {
        guard case .object(let fields) = json else { throw .invalid(path: path, message: "expected an object, got \(json.typeName)") }
        for key in fields.keys.sorted() where !allowed.contains(key) {
            let hint = allowed.isEmpty ? "it takes no keys" : "allowed: \(allowed.joined(separator: ", "))"
            throw .invalid(path: path.key(key), message: "unknown key '\(key)' (\(hint))")
        }
        for key in required where fields[key] == nil {
            throw .invalid(path: path, message: "missing key '\(key)'")
        }
        return fields
    }

    /// An object with exactly one key, as modifiers and gradient fills are written.
    private func single(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> (String, JSONValue) {
        guard case .object(let fields) = json else { throw .invalid(path: path, message: "expected an object, got \(json.typeName)") }
        guard fields.count == 1, let (key, value) = fields.first else {
            throw .invalid(path: path, message: "expected an object with exactly one key, got \(fields.count) (\(fields.keys.sorted().joined(separator: ", ")))")
        }
        return (key, value)
    }

    private func array(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> [JSONValue] {
        guard case .array(let items) = json else { throw .invalid(path: path, message: "expected an array, got \(json.typeName)") }
        return items
    }

    private func string(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> String {
        guard case .string(let s) = json else { throw .invalid(path: path, message: "expected a string, got \(json.typeName)") }
        return s
    }

    private func finite(_ n: Double, at path: JSONPath) throws(SceneError) -> Float {
        let f = Float(n)
        guard f.isFinite else { throw .invalid(path: path, message: "number \(n) is out of range") }
        return f
    }

    private func number(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Float {
        guard case .number(let n) = json else { throw .invalid(path: path, message: "expected a number, got \(json.typeName)") }
        return try finite(n, at: path)
    }

    /// A number kept in double precision, as times are.
    private func seconds(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Double {
        guard case .number(let n) = json else { throw .invalid(path: path, message: "expected a number, got \(json.typeName)") }
        guard n.isFinite else { throw .invalid(path: path, message: "number \(n) is out of range") }
        return n
    }

    private func positive(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Float {
        let v = try number(json, at: path)
        guard v > 0 else { throw .invalid(path: path, message: "must be positive, got \(v)") }
        return v
    }

    /// `$frame`: a whole number in 0…2³² − 1.
    private func frameIndex(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> UInt32 {
        guard case .number(let n) = json else { throw .invalid(path: path, message: "expected a number, got \(json.typeName)") }
        guard n >= 0, n <= Double(UInt32.max), n.rounded() == n else {
            throw .invalid(path: path, message: "expected a whole number from 0 to \(UInt32.max), got \(n)")
        }
        return UInt32(n)
    }

    private func nonNegative(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Float {
        let v = try number(json, at: path)
        guard v >= 0 else { throw .invalid(path: path, message: "must not be negative, got \(v)") }
        return v
    }

    private func numbers(_ json: JSONValue, at path: JSONPath, count: Int) throws(SceneError) -> [Float] {
        let items = try array(json, at: path)
        guard items.count == count else { throw .invalid(path: path, message: "expected \(count) numbers, got \(items.count)") }
        return try items.enumerated().map { i, v throws(SceneError) in try number(v, at: path.index(i)) }
    }

    private func color(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Color {
        let s = try string(json, at: path)
        guard let c = Color(hex: s) else { throw .invalid(path: path, message: "'\(s)' is not a color; write #rrggbb or #rrggbbaa") }
        return c
    }

    /// `"opacity"`, `"scale"`, `"identity"` or `{"move": EDGE}`.
    private func transition(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Transition {
        let plain: [String: Transition] = ["opacity": .opacity, "scale": .scale, "identity": .identity]
        if case .string(let s) = json {
            guard let t = plain[s] else { throw .invalid(path: path, message: "unknown transition '\(s)'; one of opacity, scale, identity, {\"move\": EDGE}") }
            return t
        }
        let f = try object(json, at: path, allowed: ["move"], required: ["move"])
        let s = try string(try field("move", of: f, at: path), at: path.key("move"))
        guard let edge = Edge(rawValue: s) else {
            throw .invalid(path: path.key("move"), message: "unknown edge '\(s)'; one of \(Edge.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return .move(edge)
    }

    private func unitPoint(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> UnitPoint {
        if case .string(let s) = json {
            let named: [String: UnitPoint] = ["center": .center, "top": .top, "bottom": .bottom, "leading": .leading,
                                              "trailing": .trailing, "topLeading": .topLeading, "topTrailing": .topTrailing,
                                              "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing]
            guard let p = named[s] else { throw .invalid(path: path, message: "unknown unit point '\(s)'") }
            return p
        }
        let v = try numbers(json, at: path, count: 2)
        return UnitPoint(x: v[0], y: v[1])
    }

    /// A view or value the reader has checked, made by the view layer; should it still refuse, its error at `path`.
    private func made<T>(at path: JSONPath, _ make: () throws(ViewError) -> T) throws(SceneError) -> T {
        do {
            return try make()
        } catch {
            throw .invalid(path: path, message: error.description)
        }
    }
}
