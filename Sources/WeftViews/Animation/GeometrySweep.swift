/// An `onGeometryChange` whose action changes the geometry so that its value flips back: the states it went
/// through at one render size (the first is where the sweep stays) and the sizes the observer saw on the way.
public struct GeometryCycleWarning: Sendable, Hashable, CustomStringConvertible {
    public var renderSize: Size
    /// The observer's name (`name` in a scene, else the id of the view it observes, else its place in the tree).
    public var observer: String
    public var sizes: [Size]
    public var states: [String]
    public var description: String {
        let seen = sizes.map { "\(Self.number($0.width))x\(Self.number($0.height))" }.joined(separator: ", ")
        return "onGeometryChange '\(observer)' at \(Self.number(renderSize.width))x\(Self.number(renderSize.height)): a geometry/state cycle "
            + "(\(states.joined(separator: " → "))); its view measured \(seen); staying in '\(states[0])'"
    }
    static func number(_ v: Float) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// Where a component (`StateSwitch`) stands: its name and its place in the tree (child indices from the root). The same
/// place in two states of what encloses it is the same component, as an observer's is the same observer.
public struct ComponentPlace: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var place: [Int]
    public var description: String { "\(name) at \(place)" }
}

/// A value reported by an `onGeometryChange` action: at which render size, which observer (its
/// place in the tree), and the new value.
public struct GeometryChangeEvent: Sendable, CustomStringConvertible {
    public var renderSize: Size
    public var observer: [Int]
    public var value: any Sendable
    public var description: String { "\(renderSize.width)x\(renderSize.height) \(observer): \(value)" }
}

/// Renders a scene's named states at one size after another (a `--size` sweep, window resizes),
/// running `onGeometryChange` actions after each layout. An action runs only when its value
/// differs from the one it last saw; one naming a state switches its nearest enclosing component (`StateSwitch`; the
/// scene's own states are the outermost one) to it, and the tree is laid out again at the same size (at most
/// `maxPasses` times). Each component keeps its own state, so nested observers each decide their own.
public struct GeometrySweep: Sendable {
    public let states: [String: ViewNode]
    /// The scene's state.
    public private(set) var state: String
    /// The state of each component an action switched, by where it stands; the others show their initial state.
    public private(set) var componentStates: [ComponentPlace: String] = [:]
    /// Every action run so far, in order.
    public private(set) var events: [GeometryChangeEvent] = []
    /// The geometry ↔ state cycles found so far, in order.
    public private(set) var warnings: [GeometryCycleWarning] = []
    /// Observers are keyed by their place in the tree (child indices from the root), so the same
    /// place in two states is the same observer.
    private var lastValues: [[Int]: any Sendable] = [:]
    static let maxPasses = 32

    public init(states: [String: ViewNode], initial: String) throws(ViewError) {
        guard states[initial] != nil else { throw .unknownState(initial, known: states.keys.sorted()) }
        self.states = states
        self.state = initial
    }

    /// A sweep of a single view: its actions can only observe, or switch the components inside it.
    public init(_ view: some View) {
        states = ["": view.node]
        state = ""
    }

    /// The tree to render at `size`: the current states after the actions this size triggers, every component
    /// resolved to the state it shows. An action that names a state its component already showed at this size closes
    /// a cycle (the state changes the geometry so that the value flips back): that component stays in the first state
    /// of the cycle, whichever pass found it, its observers rest for the rest of this size, and a
    /// `GeometryCycleWarning` names the observer and the sizes it saw. Other components go on deciding.
    public mutating func root(for size: Size) -> ViewNode {
        var shown: [StateScope: [String]] = [:]
        var settled: Set<StateScope> = []
        var seen: [[Int]: [Size]] = [:]
        var tree = resolved()
        for _ in 0..<Self.maxPasses {
            var switched = false
            for observer in Self.observers(in: tree, size: size.vector) where !settled.contains(observer.scope) {
                let (place, change, scope) = (observer.place, observer.change, observer.scope)
                seen[place, default: []].append(observer.proxy.size)
                let value = change.transform(observer.proxy)
                if let last = lastValues[place], change.same(last, value) { continue }
                lastValues[place] = value
                events.append(GeometryChangeEvent(renderSize: size, observer: place, value: value))
                let current = self.current(in: scope, of: observer.component)
                guard let next = change.action(value), next != current, names(in: scope, of: observer.component).contains(next) else { continue }
                let before = shown[scope, default: [current]]
                if let start = before.firstIndex(of: next) {
                    let cycle = Array(before[start...])
                    let warning = GeometryCycleWarning(renderSize: size, observer: change.name ?? "\(place)", sizes: seen[place] ?? [],
                                                       states: cycle + [next])
                    if !warnings.contains(warning) { warnings.append(warning) }
                    show(cycle[0], in: scope)
                    settled.insert(scope)
                    // The values seen in the cycle belong to states no longer shown: observe afresh next time.
                    let inside = scope.place
                    lastValues = lastValues.filter { !$0.key.starts(with: inside) }
                } else {
                    show(next, in: scope)
                    shown[scope] = before + [next]
                }
                switched = true
                break
            }
            if !switched { break }
            tree = resolved()
        }
        return tree
    }

    private func current(in scope: StateScope, of component: StateSwitch?) -> String {
        guard case .component(let key) = scope, let component else { return state }
        return componentStates[key].flatMap { component.states[$0] != nil ? $0 : nil } ?? component.initial
    }

    private func names(in scope: StateScope, of component: StateSwitch?) -> Dictionary<String, ViewNode>.Keys {
        guard case .component = scope, let component else { return states.keys }
        return component.states.keys
    }

    private mutating func show(_ name: String, in scope: StateScope) {
        switch scope {
        case .scene: state = name
        case .component(let key): componentStates[key] = name
        }
    }

    /// The scene's current state with every component resolved to the state it shows.
    private func resolved() -> ViewNode { resolve(states[state]!, place: []) }

    /// `node` with each component's child replaced by the state it shows (resolved in turn) and its place recorded.
    /// Places are counted as layout counts children: a modifier's child is 0, the views it draws besides 1, 2, ….
    private func resolve(_ node: ViewNode, place: [Int]) -> ViewNode {
        func each(_ children: [ViewNode]) -> [ViewNode] { children.enumerated().map { resolve($1, place: place + [$0]) } }
        switch node.kind {
        case .shape, .image, .text, .spacer: return node
        case .stack(let children, let alignment): return ViewNode(.stack(each(children), alignment: alignment))
        case .stacked(let layout, let children): return ViewNode(.stacked(layout, each(children)))
        case .grid(let layout, let children): return ViewNode(.grid(layout, each(children)))
        case .modified(_, var component as StateSwitch):
            component.place = place
            let chosen = componentStates[ComponentPlace(name: component.name, place: place)].flatMap { component.states[$0] }
            return ViewNode(.modified(resolve(chosen ?? component.states[component.initial]!, place: place + [0]), component))
        case .modified(let child, let modifier):
            var held = 0
            let resolvedModifier = modifier.replacingHeldViews { view in
                held += 1
                return resolve(view, place: place + [held])
            }
            return ViewNode(.modified(resolve(child, place: place + [0]), resolvedModifier))
        }
    }

    /// Whose state an observer switches: the scene's, or its nearest enclosing component's.
    enum StateScope: Hashable {
        case scene
        case component(ComponentPlace)
        /// Where the scope's views stand: every observer inside has a place that starts so (a component's state is its
        /// child 0; an observer on the component itself is outside it).
        var place: [Int] {
            switch self {
            case .scene: []
            case .component(let key): key.place + [0]
            }
        }
    }

    struct Observer {
        var place: [Int]
        var change: GeometryChange
        var proxy: GeometryProxy
        var scope: StateScope
        /// The nearest enclosing component, nil for the scene's.
        var component: StateSwitch?
    }

    /// Every `onGeometryChange` in `root` laid out at `size`, in drawing order, with its place, geometry and scope; none
    /// in a tree deeper than one is laid out (`ViewNode.deepestLaidOut`), which a render refuses.
    static func observers(in root: ViewNode, size: SIMD2<Float>) -> [Observer] {
        guard !root.nestsTooDeep else { return [] }
        let layout = FrameLayout()
        var found: [Observer] = []
        func visit(_ node: ViewNode, proposal: SIMD2<Float>, transform: Affine, place: [Int], scope: StateScope, component: StateSwitch?) {
            let arranged = layout.arrange(node, proposed: proposal)
            let nodeSize = arranged.size, children = arranged.children
            var (scope, component) = (scope, component)
            switch node.kind {
            case .modified(let child, var change as GeometryChange):
                if change.name == nil { change.name = Interpolation.id(of: child) }
                let origin = Rect(size: nodeSize).applying(transform).origin
                found.append(Observer(place: place, change: change, proxy: GeometryProxy(size: Size(width: nodeSize.x, height: nodeSize.y), origin: origin),
                                      scope: scope, component: component))
            case .modified(_, let inner as StateSwitch):
                scope = .component(ComponentPlace(name: inner.name, place: inner.place ?? place))
                component = inner
            default: break
            }
            for (i, child) in children.enumerated() {
                visit(child.node, proposal: child.proposal, transform: transform * child.transform, place: place + [i], scope: scope, component: component)
            }
        }
        visit(root, proposal: size, transform: layout.rootTransform(root, size: size), place: [], scope: .scene, component: nil)
        return found
    }

    /// Whether `node` has an `onGeometryChange` anywhere (known when the node was made: `LayoutTraits`).
    package static func observes(_ node: ViewNode) -> Bool { node.observesGeometry }
}
