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
    /// The geometry ↔ state cycles found so far, in order.
    public private(set) var warnings: [GeometryCycleWarning] = []
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

    /// The tree to render at `size`: the current state after the actions this size triggers. An action that names
    /// a state already shown at this size closes a cycle (the state changes the geometry so that the value flips
    /// back): the sweep stops in the first state of the cycle, whichever pass found it, and records a
    /// `GeometryCycleWarning` naming the observer and the sizes it saw.
    public mutating func root(for size: Size) -> ViewNode {
        var shown = [state]
        var seen: [[Int]: [Size]] = [:]
        for _ in 0..<Self.maxPasses {
            var switched = false
            for (place, change, proxy) in Self.observers(in: states[state]!, size: size.vector) {
                seen[place, default: []].append(proxy.size)
                let value = change.transform(proxy)
                if let last = lastValues[place], change.same(last, value) { continue }
                lastValues[place] = value
                events.append(GeometryChangeEvent(renderSize: size, observer: place, value: value))
                guard let next = change.action(value), next != state, states[next] != nil else { continue }
                if let start = shown.firstIndex(of: next) {
                    let cycle = Array(shown[start...])
                    let warning = GeometryCycleWarning(renderSize: size, observer: change.name ?? "\(place)", sizes: seen[place] ?? [],
                                                       states: cycle + [next])
                    if !warnings.contains(warning) { warnings.append(warning) }
                    state = cycle[0]
                    // The values seen in the cycle belong to states no longer shown: observe afresh next time.
                    lastValues = [:]
                    return states[state]!
                }
                state = next
                shown.append(next)
                switched = true
                break
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
            if case .modified(let child, .geometryChange(var change)) = node.kind {
                if change.name == nil { change.name = Interpolation.id(of: child) }
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
        case .shape, .image, .text, .spacer: return []
        case .stack(let children), .stacked(_, let children), .grid(_, let children): return children.flatMap(changes(in:))
        case .modified(let child, .geometryChange(let change)): return [change] + changes(in: child)
        case .modified(let child, _): return changes(in: child)
        }
    }
}
