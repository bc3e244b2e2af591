import Synchronization

/// One building of a host's view tree: what its views' bodies report while they are built — the actions that taps
/// reach, the values `.animation(_:value:)` watches — and the environment they read.
final class Evaluation: Sendable {
    struct TapTarget: Sendable {
        var labels: [String]
        /// How the labels are read from the target's node: read again once the bodies inside are built.
        var reading: @Sendable (ViewNode) -> [String]
        var action: @Sendable () -> Void
    }

    struct Watched: Sendable {
        var animation: Animation?
        var value: any Equatable & Sendable
    }

    let environment: EnvironmentValues
    /// The state the host keeps by identity; nil where views keep their own (`TimelineView` content built per frame).
    let states: ViewStates?
    private let record = Mutex<(taps: [TapTarget], watched: [Watched])>(([], []))
    private let unbuiltBodies = Atomic<Int>(0)

    /// The evaluation under way (nil: the view is built for a plain render, and nothing is recorded).
    @TaskLocal static var current: Evaluation?

    init(environment: EnvironmentValues, states: ViewStates? = nil) {
        self.environment = environment
        self.states = states
    }

    private let failures = Mutex<[ViewError]>([])

    /// A view that could not be built: recorded for the host to throw, or, outside a host, the program stops with it.
    static func fail(_ error: ViewError) {
        guard let current else { preconditionFailure("\(error)") }
        current.failures.withLock { $0.append(error) }
    }

    /// The first view that could not be built.
    var failure: ViewError? { failures.withLock { $0.first } }

    var taps: [TapTarget] { record.withLock { $0.taps } }
    var watched: [Watched] { record.withLock { $0.watched } }

    /// `node` marked as tap target number n (`GeometryChange.tapMarker`), so where layout puts it can be found; found by
    /// the labels `reading` reads in it (by default the node's text).
    func tappable(_ node: ViewNode, labels reading: @escaping @Sendable (ViewNode) -> [String] = { $0.textStrings },
                  action: @escaping @Sendable () -> Void) -> ViewNode {
        let index = record.withLock {
            $0.taps.append(TapTarget(labels: reading(node), reading: reading, action: action))
            return $0.taps.count - 1
        }
        return ViewNode(.modified(node, GeometryChange.tapMarker(index)))
    }

    /// Reads each tap target's labels again in `tree`, where the bodies that were left unbuilt when it was marked are
    /// built (a button's label with state of its own).
    private func readingLabels(in tree: ViewNode) {
        switch tree.kind {
        case .shape, .image, .text, .spacer:
            return
        case .stack(let children, _), .stacked(_, let children), .grid(_, let children):
            children.forEach(readingLabels(in:))
        case .modified(let child, let modifier):
            if let index = (modifier as? GeometryChange)?.tapTarget {
                record.withLock { $0.taps[index].labels = $0.taps[index].reading(child) }
            }
            readingLabels(in: child)
            modifier.heldViews.forEach(readingLabels(in:))
        }
    }

    /// Records `value`; its index among the watched values.
    func watch(_ value: any Equatable & Sendable, animation: Animation?) -> Int {
        record.withLock {
            $0.watched.append(Watched(animation: animation, value: value))
            return $0.watched.count - 1
        }
    }

    /// `view`'s node built under this evaluation, every body built at its place; the state of the views no longer
    /// in the tree then dropped. A tree deeper than one is laid out (`ViewNode.deepestLaidOut`) is not walked into.
    func build(_ view: some View) -> ViewNode {
        defer { states?.endEvaluation() }
        let tree = Self.$current.withValue(self) { buildingBodies(view.node) }
        if hasUnbuiltBodies, !tree.nestsTooDeep { readingLabels(in: tree) }
        return tree
    }

    /// `view`'s body left to build at its place (`UnbuiltBody`), when the host keeps the view's state by identity; nil
    /// for a view without state, built at once.
    func unbuiltBody(of view: some View) -> ViewNode? {
        guard states != nil, ViewStates.keepsState(view) else { return nil }
        unbuiltBodies.add(1, ordering: .relaxed)
        return UnbuiltBody(view: view).node
    }

    /// Whether a body was left to build.
    var hasUnbuiltBodies: Bool { unbuiltBodies.load(ordering: .relaxed) > 0 }
}

extension GeometryChange {
    private static let tapPrefix = "weft.tap."

    /// An observer that observes nothing: it marks tap target `index` for `GeometrySweep.observers(in:size:)`.
    static func tapMarker(_ index: Int) -> GeometryChange {
        var marker = GeometryChange(transform: { _ in 0 }, same: { _, _ in true }, action: { _ in nil })
        marker.name = tapPrefix + String(index)
        return marker
    }

    /// The tap target this observer marks, if it is a marker.
    var tapTarget: Int? {
        guard let name, name.hasPrefix(Self.tapPrefix) else { return nil }
        return Int(name.dropFirst(Self.tapPrefix.count))
    }
}

extension ViewNode {
    /// The strings of the text in the node, in drawing order: what `Interaction.tap(label:at:)` finds a target by.
    var textStrings: [String] {
        switch kind {
        case .text(let text): [text.string]
        case .shape, .image, .spacer: []
        case .stack(let children, _), .stacked(_, let children), .grid(_, let children): children.flatMap(\.textStrings)
        case .modified(let child, let modifier): child.textStrings + modifier.drawnViews.flatMap(\.textStrings)
        }
    }

    /// The node without tap markers: what is drawn.
    var withoutTapMarkers: ViewNode {
        switch kind {
        case .shape, .image, .text, .spacer: self
        case .stack(let children, let alignment): ViewNode(.stack(children.map(\.withoutTapMarkers), alignment: alignment))
        case .stacked(let layout, let children): ViewNode(.stacked(layout, children.map(\.withoutTapMarkers)))
        case .grid(let layout, let children): ViewNode(.grid(layout, children.map(\.withoutTapMarkers)))
        case .modified(let child, let change as GeometryChange) where change.tapTarget != nil: child.withoutTapMarkers
        case .modified(let child, let modifier): ViewNode(.modified(child.withoutTapMarkers, modifier.replacingHeldViews(\.withoutTapMarkers)))
        }
    }
}

extension View {
    /// SwiftUI's `onTapGesture`: `action` runs when the view is tapped (`Interaction.tap`). A single tap only.
    public func onTapGesture(perform action: @escaping @Sendable () -> Void) -> ModifiedView {
        eachView { Evaluation.current?.tappable($0, action: action) ?? $0 }
    }

    /// SwiftUI's `animation(_:value:)`: when `value` differs from the last evaluation's, the change of this view and
    /// the views inside is shown under `animation` (nil: at once), whatever the change's transaction names; the rest
    /// of the change under the transaction's animation (`AnimationScope`).
    public func animation<V: Equatable & Sendable>(_ animation: Animation?, value: V) -> ModifiedView {
        guard let index = Evaluation.current?.watch(value, animation: animation) else { return eachView { $0 } }
        return eachView { ViewNode(.modified($0, AnimationScope(index: index))) }
    }
}
