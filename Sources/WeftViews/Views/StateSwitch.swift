/// A component: a view with its own named states, as a SwiftUI view keeps its own `@State`. It shows `initial` until an
/// `onGeometryChange` inside it (and in no component nested deeper) names another of its states; a `GeometrySweep` keeps
/// each component's state apart from the scene's and from every other component's, so nested observers each decide
/// their own. In the tree it is a modifier that changes nothing drawn over the state it shows.
public struct StateSwitch: View {
    /// What errors and docs call it; with its place in the tree, what tells two components apart.
    public let name: String
    package var states: [String: ViewNode]
    public let initial: String
    /// Where the sweep found it (child indices from the root), once resolved; nil as written.
    package var place: [Int]?

    public init(name: String, states: [String: any View], initial: String) throws(ViewError) {
        guard states[initial] != nil else { throw .unknownState(initial, known: states.keys.sorted()) }
        self.name = name
        self.states = states.mapValues(\.node)
        self.initial = initial
    }

    /// The component showing its initial state.
    public var node: ViewNode { ViewNode(.modified(states[initial]!, self)) }

    /// The names of its states, sorted.
    public var stateNames: [String] { states.keys.sorted() }
}

/// In the tree, a component is a modifier over the state it shows, changing nothing of it.
extension StateSwitch: ModifierRule {
    package static let sceneKeys: [String] = []

    package var keepsSpacer: Bool { true }

    /// The same component: the new one, at once (its states are views of their own).
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? StateSwitch, other.name == name else { return nil }
        return other
    }

    package var drawing: ModifierDrawing { .child }

    /// Every state, the one shown too (it is also the child), in the order of their names.
    package var heldViews: [ViewNode] { stateNames.map { states[$0]! } }

    /// The same component at the same place, its states the very same views.
    package func isSame(as other: any ModifierRule) -> Bool {
        guard let other = other as? StateSwitch, other.name == name, other.initial == initial, other.place == place,
              other.states.count == states.count else { return false }
        return states.allSatisfy { name, view in other.states[name]?.identity == view.identity }
    }

    package func replacingHeldViews(_ transform: (ViewNode) -> ViewNode) -> any ModifierRule {
        var replaced = self
        for name in stateNames { replaced.states[name] = transform(states[name]!) }
        return replaced
    }
}
