import WeftViews

/// Animations, keyframes and phases in scene files (docs/scenes.md, "Animation").
extension SceneReader {
    /// Curves by name, with SwiftUI's defaults.
    static let namedAnimations: [String: Animation] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "spring": .spring,
        "snappy": .snappy, "smooth": .smooth, "bouncy": .bouncy, "interpolatingSpring": .interpolatingSpring(),
    ]

    /// A curve's name (`"snappy"`), or an object with exactly one curve and optional timing:
    /// `{"linear": 1}`, `{"spring": {"response": R, "dampingFraction": F}}`, `{"spring": {"duration": D, "bounce": B}}`,
    /// `{"snappy": {"duration": D, "extraBounce": E}}` (also `smooth`, `bouncy`),
    /// `{"interpolatingSpring": {"stiffness": K, "damping": C, "mass": M}}`, each with `"delay": S`, `"speed": F` and
    /// `"repeat": {"count": N, "autoreverses": B}` (no count: forever).
    func animation(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Animation {
        if case .string = json { return try SceneValue.named("animation", Self.namedAnimations)(json, at: path) }
        guard case .object(let fields) = json else { throw .wrongType(path: path, expected: "a curve's name or an object", got: json.typeName) }
        let curves = Self.namedAnimations.keys.filter { fields[$0] != nil }.sorted()
        let timing: Set = ["delay", "speed", "repeat"]
        guard curves.count == 1 else {
            if curves.isEmpty, let unknown = fields.keys.sorted().first(where: { !timing.contains($0) }) {
                throw .unknownName(path: path, kind: "animation", name: unknown, known: Self.namedAnimations.keys.sorted())
            }
            throw .invalid(path: path, message: curves.isEmpty ? "name one curve: \(Self.namedAnimations.keys.sorted().joined(separator: ", "))"
                : "one curve per animation, got \(curves.joined(separator: ", "))")
        }
        var f = try SceneObject(json, at: path)
        let name = curves[0]
        var animation = try f.required(name, SceneValue { json, at throws(SceneError) in try self.curve(name, json, at: at) })
        if let seconds = try f.optional("delay", .seconds) { animation = animation.delay(seconds) }
        if let factor = try f.optional("speed", .real) { animation = animation.speed(factor) }
        if let (count, autoreverses) = try f.optional("repeat", SceneValue { json, at throws(SceneError) in
            var r = try SceneObject(json, at: at)
            let count = try r.optional("count", .real)
            let autoreverses = try r.optional("autoreverses", .bool) ?? true
            try r.finish()
            if let count, count != count.rounded() || count < 1 { throw .invalid(path: at.key("count"), message: "the count must be a whole number ≥ 1, got \(count)") }
            return (count.map { Int($0) }, autoreverses)
        }) {
            animation = .repeated(animation, count: count, autoreverses: autoreverses)
        }
        try f.finish()
        if let invalid = animation.invalidity { throw .invalid(path: path, message: invalid) }
        return animation
    }

    private func curve(_ name: String, _ json: JSONValue, at path: JSONPath) throws(SceneError) -> Animation {
        let curve: Animation
        switch name {
        case "linear": curve = .linear(duration: try SceneValue.seconds(json, at: path))
        case "easeIn": curve = .easeIn(duration: try SceneValue.seconds(json, at: path))
        case "easeOut": curve = .easeOut(duration: try SceneValue.seconds(json, at: path))
        case "easeInOut": curve = .easeInOut(duration: try SceneValue.seconds(json, at: path))
        case "spring", "interpolatingSpring":
            var f = try SceneObject(json, at: path)
            if name == "interpolatingSpring", f.contains("stiffness") {
                curve = .interpolatingSpring(stiffness: try f.required("stiffness", .real), damping: try f.required("damping", .real),
                                             mass: try f.optional("mass", .real) ?? 1)
            } else if f.contains("duration") || f.contains("bounce") || name == "interpolatingSpring" {
                curve = .spring(duration: try f.optional("duration", .seconds) ?? 0.5, bounce: try f.optional("bounce", .real) ?? 0)
            } else {
                curve = .spring(response: try f.optional("response", .seconds) ?? 0.55, dampingFraction: try f.optional("dampingFraction", .real) ?? 0.825)
            }
            try f.finish()
        case "snappy", "smooth", "bouncy":
            var f = try SceneObject(json, at: path)
            let duration = try f.optional("duration", .seconds) ?? 0.5, extra = try f.optional("extraBounce", .real) ?? 0
            try f.finish()
            curve = name == "snappy" ? .snappy(duration: duration, extraBounce: extra)
                : name == "smooth" ? .smooth(duration: duration, extraBounce: extra) : .bouncy(duration: duration, extraBounce: extra)
        default:
            throw .unknownName(path: path, kind: "animation", name: name, known: Self.namedAnimations.keys.sorted())
        }
        if let invalid = curve.invalidity { throw .invalid(path: path, message: invalid) }
        return curve
    }

    /// `{"phases": [STATE…], "animation": A, "hold": S, "cycles": N, "start": S}`: SwiftUI's `PhaseAnimator`.
    func phases(_ json: JSONValue, states: [String: ViewNode], animators: [KeyframeAnimator], at path: JSONPath) throws(SceneError)
        -> (timeline: Timeline, initial: String) {
        var f = try SceneObject(json, at: path)
        let names = try f.required("phases", SceneValue<String>.string.array)
        let animation = try f.optional("animation", SceneValue { json, at throws(SceneError) in try self.animation(json, at: at) }) ?? .default
        let hold = try f.optional("hold", .seconds) ?? 0
        let cycles = try f.optional("cycles", .real) ?? 1
        let start = try f.optional("start", .seconds) ?? 0
        try f.finish()
        var phases: [ViewNode] = []
        for (i, name) in names.enumerated() {
            guard let state = states[name] else {
                throw .invalid(path: path.key("phases").index(i), message: "no state named '\(name)' (states: \(states.keys.sorted().joined(separator: ", ")))")
            }
            phases.append(state)
        }
        guard cycles == cycles.rounded(), cycles >= 1 else { throw .invalid(path: path.key("cycles"), message: "the cycles must be a whole number ≥ 1, got \(cycles)") }
        do {
            return (try Timeline(phases: phases, names: names, animation: animation, hold: hold, cycles: Int(cycles), start: start, animators: animators), names[0])
        } catch {
            throw .invalid(path: path, message: error.description)
        }
    }

    /// `"keyframes"`: `[{"view": ID, "start": S, "repeating": B, "tracks": {ATTRIBUTE: [KEYFRAME…]}}]`, each keyframe
    /// `{"linear": V, "duration": S}`, `{"cubic": V, "duration": S}`, `{"spring": V, "duration": S, "bounce": B}` (or
    /// `"response"`/`"dampingFraction"`) or `{"move": V}`; attributes `scale`, `rotation` (degrees), `x`, `y`, `opacity`.
    func keyframes(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> [KeyframeAnimator] {
        let entries = try SceneValue<[JSONValue]>.array(json, at: path)
        var animators: [KeyframeAnimator] = []
        for (i, entry) in entries.enumerated() {
            var f = try SceneObject(entry, at: path.index(i))
            let view = try f.required("view", .string)
            let start = try f.optional("start", .seconds) ?? 0
            let repeating = try f.optional("repeating", .bool) ?? false
            let tracksJSON = try f.required("tracks", .any)
            try f.finish()
            guard case .object(let fields) = tracksJSON else { throw .wrongType(path: f.path.key("tracks"), expected: "an object of tracks", got: tracksJSON.typeName) }
            var tracks: [KeyframeTrack] = []
            for (name, list) in fields.sorted(by: { $0.key < $1.key }) {
                let at = f.path.key("tracks").key(name)
                guard let attribute = KeyframeAttribute(rawValue: name) else {
                    throw .unknownName(path: at, kind: "keyframe track", name: name, known: KeyframeAttribute.allCases.map(\.rawValue))
                }
                let items = try SceneValue<[JSONValue]>.array(list, at: at)
                var keyframes: [Keyframe] = []
                for (k, item) in items.enumerated() { keyframes.append(try keyframe(item, at: at.index(k))) }
                tracks.append(KeyframeTrack(attribute, keyframes))
            }
            let animator = KeyframeAnimator(view: view, start: start, repeating: repeating, tracks: tracks)
            if let invalid = animator.invalidity { throw .invalid(path: path.index(i), message: invalid) }
            animators.append(animator)
        }
        return animators
    }

    /// `onGeometryChange`: `{"of": "width"|"height", "threshold": T, "below": STATE, "otherwise": STATE}` (the size-class
    /// pattern), or named states by thresholds, `{"of": "width", "states": [{"below": 360, "state": "compact"},
    /// {"below": 700, "state": "regular"}, {"state": "expanded"}]}` (the first entry whose bound the side is below;
    /// the last has none); `"name"` names the observer in warnings. When the value changes, the scene switches to the
    /// state named for it (`GeometrySweep`).
    func geometryChange(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> GeometryChange {
        var f = try SceneObject(json, at: path)
        let horizontal = try f.required("of", .named("side", ["width": true, "height": false]))
        let name = try f.optional("name", .string)
        var bounds: [Float] = [], names: [String] = []
        if f.contains("states") {
            let entries = try f.required("states", SceneValue<[JSONValue]>.array)
            for (i, entry) in entries.enumerated() {
                var e = try SceneObject(entry, at: path.key("states").index(i))
                let below = try e.optional("below", .number)
                names.append(try e.required("state", .string))
                try e.finish()
                if i + 1 < entries.count {
                    guard let below else { throw .missingKey(path: e.path, key: "below", alternative: "only the last state has no bound") }
                    guard bounds.last.map({ below > $0 }) ?? true else { throw .invalid(path: e.path.key("below"), message: "bounds must increase, got \(below) after \(bounds.last!)") }
                    bounds.append(below)
                } else if below != nil {
                    throw .invalid(path: e.path.key("below"), message: "the last state takes every size above the others: it has no bound")
                }
            }
            guard names.count >= 2 else { throw .invalid(path: path.key("states"), message: "name at least two states") }
        } else {
            bounds = [try f.required("threshold", .number)]
            names = [try f.required("below", .string), try f.required("otherwise", .string)]
        }
        try f.finish()
        guard let scope = stateScope else {
            throw .invalid(path: path, message: "an onGeometryChange switches between states, and it stands in no component: put it in a \"component\" or in the scene's \"states\"")
        }
        if let missing = names.first(where: { !scope.names.contains($0) }) {
            throw .unknownState(path: path, state: missing, component: scope.component, known: scope.names)
        }
        let limits = bounds, states = names
        var change = GeometryChange(transform: { proxy in
                                        let side = proxy.size.vector[horizontal ? 0 : 1]
                                        return limits.firstIndex(where: { side < $0 }) ?? limits.count
                                    },
                                    same: { ($0 as? Int) == ($1 as? Int) },
                                    action: { ($0 as? Int).map { states[$0] } })
        change.name = name
        return change
    }

    /// A single view played by keyframe animators.
    func keyframed(_ root: ViewNode, _ animators: [KeyframeAnimator], at path: JSONPath) throws(SceneError) -> Timeline {
        do {
            return try Timeline(initial: root, animators: animators)
        } catch {
            throw .invalid(path: path, message: error.description)
        }
    }

    private func keyframe(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Keyframe {
        guard case .object(let fields) = json else { throw .wrongType(path: path, expected: "a keyframe object", got: json.typeName) }
        let kinds = ["linear", "cubic", "spring", "move"]
        guard let kind = kinds.first(where: { fields[$0] != nil }) else {
            throw .invalid(path: path, message: "a keyframe is one of: \(kinds.joined(separator: ", "))")
        }
        var f = try SceneObject(json, at: path)
        let value = try f.required(kind, .number)
        let keyframe: Keyframe
        switch kind {
        case "move": keyframe = .move(value)
        case "linear": keyframe = .linear(value, duration: try f.required("duration", .seconds))
        case "cubic": keyframe = .cubic(value, duration: try f.required("duration", .seconds))
        default:
            let duration = try f.required("duration", .seconds)
            let spring: Animation
            if f.contains("response") || f.contains("dampingFraction") {
                spring = .spring(response: try f.optional("response", .seconds) ?? 0.55, dampingFraction: try f.optional("dampingFraction", .real) ?? 0.825)
            } else {
                spring = .spring(duration: try f.optional("springDuration", .seconds) ?? 0.5, bounce: try f.optional("bounce", .real) ?? 0)
            }
            guard case .spring(let response, let damping) = spring else { preconditionFailure("a spring is made of a response and a damping fraction") }
            keyframe = .spring(value, duration: duration, response: response, dampingFraction: damping)
        }
        try f.finish()
        return keyframe
    }
}

extension Animation {
    /// SwiftUI's default animation (`withAnimation` with none named): its default spring.
    static let `default`: Animation = .spring(response: 0.55, dampingFraction: 0.825)
}
