import Foundation
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftViews

/// Turns parsed JSON into views, reporting every problem with its JSON path.
struct SceneReader {
    let baseDirectory: String
    let images: SceneImageSource
    /// The folder every file the scene names must lie in; nil: any file.
    let confinement: SceneConfinement?
    var provider: (any SceneShaderProvider)?
    /// The states an `onGeometryChange` being read may name: its nearest enclosing component's (nil: it stands in none).
    var stateScope: StateScope?

    struct StateScope {
        /// The component's name; nil for the scene's own states.
        var component: String?
        var names: [String]
    }

    init(baseDirectory: String, images: SceneImageSource, confinement: SceneConfinement? = nil) {
        self.baseDirectory = baseDirectory
        self.images = images
        self.confinement = confinement
    }

    static let contentKeys = ["image", "color", "rectangle", "roundedRectangle", "circle", "ellipse", "capsule", "zstack",
                              "hstack", "vstack", "spacer", "text", "path", "forEach", "lazyVGrid", "grid", "symbol", "label", "button", "component"]
    static let contentKeySet = Set(contentKeys)
    static let plainShapes: [String: ShapeGeometry] = ["rectangle": .rectangle, "circle": .circle, "ellipse": .ellipse, "capsule": .capsule]

    mutating func scene(_ json: JSONValue, shaders: ([String]) throws -> any SceneShaderProvider) throws(SceneError) -> Scene {
        var f = try SceneObject(json, at: JSONPath(""))
        let top = f.path
        let size = try f.required("size", .numbers(count: 2))
        guard size[0] > 0, size[1] > 0 else { throw .invalid(path: top.key("size"), message: "width and height must be positive") }
        let scale = try f.optional("scale", .positive) ?? 1
        let background = try f.optional("background", .color) ?? .clear
        let frame = try f.optional("frame", .frameIndex) ?? 0
        let reduceMotion = try f.optional("reduceMotion", .bool) ?? false
        let folders = try f.optional("shaders", SceneValue<String>.string.array) ?? []
        let rootJSON = try f.optional("root", .any)
        let statesJSON = try f.optional("states", .any)
        let timelineJSON = try f.optional("timeline", .any)
        let keyframesJSON = try f.optional("keyframes", .any)
        let duration = try f.optional("duration", SceneValue<Double>.seconds.checked { v, _, path throws(SceneError) in
            if v < 0 { throw .outOfRange(path: path, value: v, allowed: .nonNegative) }
        })
        try f.finish()
        if !folders.isEmpty {
            try confine(shaderFolders: folders, at: top.key("shaders"))
            do {
                provider = try shaders(folders)
            } catch {
                throw .shader(path: top.key("shaders"), message: "\(error)")
            }
        }
        var animators: [KeyframeAnimator] = []
        if let keyframesJSON { animators = try keyframes(keyframesJSON, at: top.key("keyframes")) }
        var root: ViewNode
        var timeline: Timeline?
        var named: (states: [String: ViewNode], initial: String)?
        switch (rootJSON, statesJSON) {
        case (let r?, nil):
            if timelineJSON != nil { throw .invalid(path: top.key("timeline"), message: "a timeline changes between \"states\"; this scene has a single \"root\"") }
            root = try view(r, at: top.key("root"))
            if !animators.isEmpty { timeline = try keyframed(root, animators, at: top.key("keyframes")) }
        case (nil, let states?):
            let read = try self.timeline(states: states, timelineJSON, animators: animators, at: top)
            timeline = read.timeline
            named = (read.states, read.initial)
            root = read.timeline.initial
        case (.some, .some):
            throw .invalid(path: top, message: "a scene has either \"root\" or \"states\" with a \"timeline\", not both")
        case (nil, nil):
            throw .missingKey(path: top, key: "root", alternative: "or \"states\" with a \"timeline\"")
        }
        return Scene(size: Size(width: size[0], height: size[1]), scale: scale, background: background,
                     frame: frame, reduceMotion: reduceMotion, shaderFolders: folders, root: root, timeline: timeline, playTime: duration,
                     states: named?.states ?? [:], initialState: named?.initial)
    }

    // MARK: States and time

    /// `"states"` (named view trees) and `"timeline"`: the first entry names the initial state at 0 s,
    /// each later one a change of state at `"at"` seconds, with an optional `"animation"`.
    private func timeline(states json: JSONValue, _ timelineJSON: JSONValue?, animators: [KeyframeAnimator], at top: JSONPath) throws(SceneError)
        -> (timeline: Timeline, states: [String: ViewNode], initial: String) {
        let statesPath = top.key("states")
        let named = try namedStates(json, at: statesPath)
        let states = try namedViews(named, scope: StateScope(component: nil, names: named.keys.sorted()), at: statesPath)
        let path = top.key("timeline")
        guard let timelineJSON else { throw .missingKey(path: top, key: "timeline", alternative: "the states shown over time") }
        if case .object = timelineJSON {
            let read = try phases(timelineJSON, states: states, animators: animators, at: path)
            return (read.timeline, states, read.initial)
        }
        let entries = try SceneValue<[JSONValue]>.array(timelineJSON, at: path)
        guard !entries.isEmpty else { throw .invalid(path: path, message: "the timeline needs at least its initial state") }
        var initial: ViewNode?
        var initialName = ""
        var changes: [Timeline.Change] = []
        for (i, entry) in entries.enumerated() {
            var f = try SceneObject(entry, at: path.index(i))
            let at = f.path
            let time = try f.optional("at", .seconds) ?? 0
            let name = try f.required("state", .string)
            let animation = try f.optional("animation", SceneValue { json, path throws(SceneError) in try self.animation(json, at: path) })
            try f.finish()
            guard let state = states[name] else {
                throw .invalid(path: at.key("state"), message: "no state named '\(name)' (states: \(states.keys.sorted().joined(separator: ", ")))")
            }
            if i == 0 {
                guard time == 0, animation == nil else {
                    throw .invalid(path: at, message: "the first entry is the initial state: at 0 s, with no animation")
                }
                initial = state
                initialName = name
                continue
            }
            changes.append(Timeline.Change(at: time, to: state, animation: animation, name: name))
        }
        if let (index, message) = Timeline.problem(with: changes) { throw .invalid(path: path.index(index + 1), message: message) }
        // A `made` closure capturing the animators here was miscompiled (Swift 6.3.1: the scene was over-released).
        do {
            return (try Timeline(initial: initial!, changes: changes, animators: animators), states, initialName)
        } catch {
            throw .invalid(path: path, message: error.description)
        }
    }

    /// A `"states"` value: an object of at least one named view.
    private func namedStates(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> JSONObject {
        guard case .object(let named) = json else { throw .wrongType(path: path, expected: "an object of named views", got: json.typeName) }
        guard !named.isEmpty else { throw .invalid(path: path, message: "name at least one state") }
        return named
    }

    /// Named views, each the state of one component (`scope`): the `onGeometryChange`s inside name its states.
    private func namedViews(_ named: JSONObject, scope: StateScope, at path: JSONPath) throws(SceneError) -> [String: ViewNode] {
        var reader = self
        reader.stateScope = scope
        var views: [String: ViewNode] = [:]
        for (name, value) in named.sorted(by: { $0.key < $1.key }) { views[name] = try reader.view(value, at: path.key(name)) }
        return views
    }

    /// `{"name": N, "states": {NAME: VIEW, …}, "initial": NAME}`: a component with its own states (`StateSwitch`).
    private func component(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> ViewNode {
        var f = try SceneObject(json, at: path)
        let name = try f.required("name", .string)
        let statesJSON = try f.required("states", .any)
        let initial = try f.required("initial", .string)
        try f.finish()
        let named = try namedStates(statesJSON, at: path.key("states"))
        guard named[initial] != nil else {
            throw .unknownName(path: path.key("initial"), kind: "state", name: initial, known: named.keys.sorted())
        }
        let states = try namedViews(named, scope: StateScope(component: name, names: named.keys.sorted()), at: path.key("states"))
        return try made(at: path) { () throws(ViewError) in try StateSwitch(name: name, states: states, initial: initial) }.node
    }

    // MARK: Views

    func view(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> ViewNode {
        var f = try SceneObject(json, at: path)
        let contents = f.members(among: Self.contentKeys, keySet: Self.contentKeySet)
        let modifiers = try f.optional("modifiers", .array)
        try f.finish()
        guard contents.count == 1, let (key, value) = contents.first else {
            let message = contents.isEmpty
                ? "a view needs one content key (\(Self.contentKeys.joined(separator: ", ")))"
                : "a view has exactly one content key, found \(contents.map(\.key).joined(separator: " and "))"
            throw .invalid(path: path, message: message)
        }
        let contentPath = path.key(key)
        var shape: ShapeGeometry?
        var node: ViewNode
        switch key {
        case "image":
            node = try image(value, at: contentPath).node
        case "color":
            node = try SceneValue.color(value, at: contentPath).node
        case "zstack":
            node = try zstack(value, at: contentPath)
        case "hstack", "vstack":
            node = try stack(value, axis: key == "hstack" ? .horizontal : .vertical, at: contentPath)
        case "component":
            node = try component(value, at: contentPath)
        case "spacer":
            var spacer = try SceneObject(value, at: contentPath)
            node = Spacer(minLength: try spacer.optional("minLength", .nonNegative) ?? StackLayout.defaultSpacing).node
            try spacer.finish()
        case "text":
            node = try text(value, at: contentPath).node
        case "label":
            node = try self.label(value, at: contentPath).node
        case _ where Self.collectionKeys.contains(key):
            node = try collectionContent(key, value, at: contentPath)
        case "path":
            let geometry = try pathContent(value, at: contentPath)
            shape = geometry
            node = ViewNode(.shape(geometry, Color.black.fillStyle))
        case "roundedRectangle":
            var rectangle = try SceneObject(value, at: contentPath)
            let geometry = ShapeGeometry.roundedRectangle(cornerRadius: try rectangle.required("cornerRadius", .nonNegative))
            try rectangle.finish()
            shape = geometry
            node = ViewNode(.shape(geometry, Color.black.fillStyle))
        default:
            try SceneObject.empty(value, at: contentPath)
            guard let geometry = Self.plainShapes[key] else {
                throw .unknownName(path: contentPath, kind: "shape", name: key, known: Self.plainShapes.keys.sorted())
            }
            shape = geometry
            node = ViewNode(.shape(geometry, Color.black.fillStyle))
        }
        guard let modifiers else { return node }
        let listPath = path.key("modifiers")
        for (i, entry) in modifiers.enumerated() {
            let at = listPath.index(i)
            let (name, argument) = try single(entry, at: at)
            if let set = try textEnvironment(name, argument, on: node, at: at.key(name)) {
                node = set
                shape = nil
                continue
            }
            if name == "fill" {
                guard let geometry = shape else {
                    throw .invalid(path: at, message: "'fill' applies to a shape (rectangle, roundedRectangle, circle, ellipse, capsule, path) and must come before its other modifiers")
                }
                node = ViewNode(.shape(geometry, try fill(argument, at: at.key("fill"))))
                shape = nil
                continue
            }
            if let geometry = shape, Self.shapeModifierNames.contains(name) {
                let (outline, fill) = try shapeModifier(name, argument, on: geometry, at: at)
                node = ViewNode(.shape(outline, fill ?? Color.black.fillStyle))
                shape = fill == nil ? outline : nil
                continue
            }
            shape = nil
            node = ViewNode(.modified(node, try modifier(name, argument, at: at)))
            // Refused as soon as it is too deep, before a chain of thousands is built only to be let go of: a chain's
            // release recurses a level at a time too.
            guard !node.nestsTooDeep else {
                throw .invalid(path: at, message: "the view \(ViewNode.nesting(node.depth, beyond: Planner.deepestViewTree))")
            }
        }
        return node
    }

    /// `[children]`, or `{"alignment": A, "children": [...]}` with A a unit point (where each child sits in the stack).
    private func zstack(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> ViewNode {
        guard case .object = json else { return ViewNode(.stack(try children(json, at: path))) }
        var f = try SceneObject(json, at: path)
        let alignment = try f.optional("alignment", .unitPoint) ?? .center
        let children = try f.required("children", .any)
        try f.finish()
        return ViewNode(.stack(try self.children(children, at: path.key("children")), alignment: alignment))
    }

    static let horizontalStackAlignments: [String: Float] = ["top": 0, "center": 0.5, "bottom": 1]
    static let verticalStackAlignments: [String: Float] = ["leading": 0, "center": 0.5, "trailing": 1]

    /// `[children]`, or `{"spacing": S, "alignment": A, "children": [...]}` with A one of
    /// top/center/bottom (hstack) or leading/center/trailing (vstack).
    private func stack(_ json: JSONValue, axis: StackLayout.Axis, at path: JSONPath) throws(SceneError) -> ViewNode {
        let views = { (json: JSONValue, path: JSONPath) throws(SceneError) -> [ViewNode] in try self.children(json, at: path) }
        guard case .object = json else {
            return ViewNode(.stacked(StackLayout(axis: axis, spacing: StackLayout.defaultSpacing, alignment: 0.5), try views(json, path)))
        }
        let alignments = axis == .horizontal ? Self.horizontalStackAlignments : Self.verticalStackAlignments
        var f = try SceneObject(json, at: path)
        let spacing = try f.optional("spacing", .nonNegative) ?? StackLayout.defaultSpacing
        let alignment = try f.optional("alignment", .named("alignment", alignments)) ?? 0.5
        let children = try f.required("children", .any)
        try f.finish()
        return ViewNode(.stacked(StackLayout(axis: axis, spacing: spacing, alignment: alignment), try views(children, path.key("children"))))
    }

    private func image(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Image {
        var file: String
        var scale: Float = 1
        if case .string(let s) = json {
            file = s
        } else {
            var f = try SceneObject(json, at: path)
            file = try f.required("path", .string)
            scale = try f.optional("scale", .positive) ?? 1
            try f.finish()
        }
        file = try readable(file, at: path)
        let pixels: PixelBuffer
        do {
            pixels = try images.load(file)
        } catch {
            throw .unreadableImage(path: path, reason: "\(error)")
        }
        return try made(at: path.key("scale")) { () throws(ViewError) in try Image(pixels, scale: scale) }
    }

    /// A number of degrees, `{"degrees": d}` or `{"radians": r}`.
    func angle(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Angle {
        if case .number = json { return .degrees(try SceneValue.number(json, at: path)) }
        var f = try SceneObject(json, at: path)
        let degrees = try f.optional("degrees", .number)
        let radians = try f.optional("radians", .number)
        try f.finish()
        switch (degrees, radians) {
        case (let d?, nil): return .degrees(d)
        case (nil, let r?): return .radians(r)
        default: throw .invalid(path: path, message: "an angle is a number of degrees, {\"degrees\": d} or {\"radians\": r}")
        }
    }

    // MARK: Fills and shaders

    func fill(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> FillStyle {
        if case .string = json { return try SceneValue.color(json, at: path).fillStyle }
        guard case .object(let fields) = json else {
            throw .wrongType(path: path, expected: "a color, a gradient object or a shader object", got: json.typeName)
        }
        if fields["shader"] != nil { return FillStyle(kind: .shader(try shader(json, kind: .fill, at: path))) }
        let (kind, body) = try single(json, at: path)
        var g = try SceneObject(body, at: path.key(kind))
        let fill: FillStyle
        switch kind {
        case "linearGradient":
            fill = LinearGradient(gradient: try gradient(&g), startPoint: try g.optional("startPoint", .unitPoint) ?? .top,
                                  endPoint: try g.optional("endPoint", .unitPoint) ?? .bottom).fillStyle
        case "radialGradient":
            fill = RadialGradient(gradient: try gradient(&g), center: try g.optional("center", .unitPoint) ?? .center,
                                  startRadius: try g.optional("startRadius", .nonNegative) ?? 0,
                                  endRadius: try g.required("endRadius", .nonNegative)).fillStyle
        case "angularGradient":
            let angle = SceneValue { json, path throws(SceneError) in try self.angle(json, at: path) }
            fill = AngularGradient(gradient: try gradient(&g), center: try g.optional("center", .unitPoint) ?? .center,
                                   startAngle: try g.optional("startAngle", angle) ?? .zero,
                                   endAngle: try g.optional("endAngle", angle) ?? .degrees(360)).fillStyle
        default:
            throw .unknownName(path: path, kind: "fill", name: kind,
                               known: ["a color", "linearGradient", "radialGradient", "angularGradient", "{\"shader\": …}"])
        }
        try g.finish()
        return fill
    }

    /// A gradient's `"colors"` or `"stops"`, from the object of its fill.
    private func gradient(_ g: inout SceneObject) throws(SceneError) -> Gradient {
        let stop = SceneValue { json, path throws(SceneError) in
            var s = try SceneObject(json, at: path)
            let stop = Gradient.Stop(color: try s.required("color", .color), location: try s.required("location", .number))
            try s.finish()
            return stop
        }
        switch (try g.optional("colors", SceneValue.color.array), try g.optional("stops", stop.array)) {
        case (let colors?, nil):
            guard !colors.isEmpty else { throw .invalid(path: g.path.key("colors"), message: "a gradient needs at least one color") }
            return try made(at: g.path.key("colors")) { () throws(ViewError) in try Gradient(colors: colors) }
        case (nil, let stops?):
            guard !stops.isEmpty else { throw .invalid(path: g.path.key("stops"), message: "a gradient needs at least one stop") }
            return try made(at: g.path.key("stops")) { () throws(ViewError) in try Gradient(stops: stops) }
        default:
            throw .invalid(path: g.path, message: "a gradient has either \"colors\" or \"stops\"")
        }
    }

    /// `{"shader": NAME, "args": {…}}`; `more` reads the effect's other keys.
    func shader(_ json: JSONValue, kind: EffectKind, at path: JSONPath,
                        more: (inout SceneObject) throws(SceneError) -> Void = { _ in }) throws(SceneError) -> EffectShader {
        var f = try SceneObject(json, at: path)
        let name = try f.required("shader", .string)
        let argumentsJSON = try f.optional("args", .any)
        try more(&f)
        try f.finish()
        guard let provider else {
            throw .shader(path: path.key("shader"), message: "shader '\(name)' is used, but the scene lists no \"shaders\" folders")
        }
        let parameters: [StitchableFunction.Parameter]
        do {
            parameters = try provider.parameters(ofShader: name, kind: kind)
        } catch {
            throw .shader(path: path, message: "\(error)")
        }
        // Each argument is read by its parameter's type.
        var arguments: [String: ArgumentValue] = [:]
        if let argumentsJSON {
            let argumentsPath = path.key("args")
            guard case .object(let list) = argumentsJSON else {
                throw .wrongType(path: argumentsPath, expected: "an object", got: argumentsJSON.typeName)
            }
            for (key, value) in list.sorted(by: { $0.key < $1.key }) {
                guard let parameter = parameters.first(where: { $0.name == key }) else {
                    throw .invalid(path: argumentsPath.key(key), message: "'\(name)' has no parameter '\(key)'"
                        + NameSuggestion.clause(for: key, in: parameters.map(\.name))
                        + " (parameters: \(parameters.map(\.description).joined(separator: ", ")))")
                }
                arguments[key] = try ArgumentValue(json: value, for: parameter.type, at: argumentsPath.key(key),
                                                   baseDirectory: baseDirectory, images: images, confinement: confinement)
            }
        }
        do {
            return try EffectShader.animatable(arguments: arguments) { values in
                try provider.shader(named: name, kind: kind, arguments: values)
            }
        } catch {
            throw .shader(path: path, message: "\(error)")
        }
    }

    // MARK: Shapes of values

    /// An object with exactly one key, as modifiers and gradient fills are written.
    func single(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> (String, JSONValue) {
        guard case .object(let fields) = json else { throw .wrongType(path: path, expected: "an object", got: json.typeName) }
        guard fields.count == 1, let (key, value) = fields.first else {
            throw .invalid(path: path, message: "expected an object with exactly one key, got \(fields.count) (\(fields.keys.sorted().joined(separator: ", ")))")
        }
        return (key, value)
    }

    /// `"opacity"`, `"scale"`, `"identity"` or `{"move": EDGE}`.
    func transition(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Transition {
        if case .string(let s) = json {
            let plain: [String: Transition] = ["opacity": .opacity, "scale": .scale, "identity": .identity]
            guard let transition = plain[s] else {
                throw .unknownName(path: path, kind: "transition", name: s, known: ["opacity", "scale", "identity", "{\"move\": EDGE}"])
            }
            return transition
        }
        var f = try SceneObject(json, at: path)
        let edge: Edge = try f.required("move", .named("edge"))
        try f.finish()
        return .move(edge)
    }

    /// A view or value the reader has checked, made by the view layer; should it still refuse, its error at `path`.
    func made<T>(at path: JSONPath, _ make: () throws(ViewError) -> T) throws(SceneError) -> T {
        do {
            return try make()
        } catch {
            throw .invalid(path: path, message: error.description)
        }
    }
}
