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
/// differs from the one it last saw; one naming a state switches to it, and the new state is laid
/// out again at the same size (at most `maxPasses` times, in case two states keep switching).
public struct GeometrySweep: Sendable {
    public let states: [String: ViewNode]
    public private(set) var state: String
    /// Every action run so far, in order.
    public private(set) var events: [GeometryChangeEvent] = []
    /// Observers are keyed by their place in the tree (child indices from the root), so the same
    /// place in two states is the same observer.
    private var lastValues: [[Int]: any Sendable] = [:]
    static let maxPasses = 8

    public init(states: [String: ViewNode], initial: String) throws(ViewError) {
        guard states[initial] != nil else { throw .unknownState(initial, known: states.keys.sorted()) }
        self.states = states
        self.state = initial
    }

    /// A sweep of a single view, whose actions can only observe.
    public init(_ view: some View) {
        states = ["": view.node]
        state = ""
    }

    /// The tree to render at `size`: the current state after the actions this size triggers.
    public mutating func root(for size: Size) -> ViewNode {
        for _ in 0..<Self.maxPasses {
            var switched = false
            for (place, change, proxy) in Self.observers(in: states[state]!, size: size.vector) {
                let value = change.transform(proxy)
                if let last = lastValues[place], change.same(last, value) { continue }
                lastValues[place] = value
                events.append(GeometryChangeEvent(renderSize: size, observer: place, value: value))
                if let next = change.action(value), next != state, states[next] != nil {
                    state = next
                    switched = true
                }
            }
            if !switched { break }
        }
        return states[state]!
    }

    /// Every `onGeometryChange` in `root` laid out at `size`, in drawing order, with its place and geometry.
    static func observers(in root: ViewNode, size: SIMD2<Float>) -> [(place: [Int], change: GeometryChange, proxy: GeometryProxy)] {
        var found: [([Int], GeometryChange, GeometryProxy)] = []
        func visit(_ node: ViewNode, proposal: SIMD2<Float>, transform: Affine, place: [Int]) {
            let (nodeSize, children) = Layout.arrange(node, proposed: proposal)
            if case .modified(_, .geometryChange(let change)) = node.kind {
                let origin = Rect(size: nodeSize).applying(transform).origin
                found.append((place, change, GeometryProxy(size: Size(width: nodeSize.x, height: nodeSize.y), origin: origin)))
            }
            for (i, child) in children.enumerated() {
                visit(child.node, proposal: child.proposal, transform: transform * child.transform, place: place + [i])
            }
        }
        visit(root, proposal: size, transform: Layout.rootTransform(root, size: size), place: [])
        return found
    }

    /// Whether `node` has an `onGeometryChange` anywhere.
    package static func observes(_ node: ViewNode) -> Bool { !changes(in: node).isEmpty }

    /// Every `onGeometryChange` in `node`, layout aside.
    package static func changes(in node: ViewNode) -> [GeometryChange] {
        switch node.kind {
        case .shape, .image, .spacer: return []
        case .stack(let children), .stacked(_, let children), .grid(_, let children): return children.flatMap(changes(in:))
        case .modified(let child, .geometryChange(let change)): return [change] + changes(in: child)
        case .modified(let child, _): return changes(in: child)
        }
    }
}
