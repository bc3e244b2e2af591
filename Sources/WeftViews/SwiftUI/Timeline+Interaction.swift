extension Timeline {
    /// How many times `onGeometryChange` actions may change the state in a row before the script gives up.
    public static let maxGeometryRounds = 16

    /// `root` driven by `script`: its body built at the start, its `onGeometryChange` actions run at `size`, then each
    /// step run at its time; a step that changes state builds the body again, and the new tree is a change of this
    /// timeline at the step's time: the views inside each `animation(_:value:)` whose value changed under the modifier's
    /// animation (the innermost one's), the rest under the step's transaction's (`withAnimation`), or at once. The
    /// states are the scene files' states: the same engine animates them.
    public init<Root: View>(_ root: Root, size: Size, environment: EnvironmentValues = EnvironmentValues(),
                            script: [Interaction<Root>] = []) throws(InteractionError) {
        var host = InteractionHost(root: root, size: size.vector, environment: environment)
        var previous = 0.0
        for (index, step) in script.enumerated() {
            guard step.time.isFinite, step.time >= previous else { throw .time(index: index, time: step.time) }
            previous = step.time
        }
        let initial = try host.settle(at: 0).drawn
        var changes: [Change] = []
        for step in script {
            guard let change = try host.run(step) else { continue }
            changes.append(change)
        }
        // The steps are in order and the animations valid, which is all `init(initial:changes:)` checks.
        self = try! Timeline(initial: initial, changes: changes)
    }
}

/// Builds a root view's tree, finds its tap targets and runs its actions and `onGeometryChange`s.
struct InteractionHost<Root: View> {
    let root: Root
    let size: SIMD2<Float>
    let environment: EnvironmentValues
    /// The views' state, kept by their identity across evaluations.
    let states = ViewStates()
    /// The last value each `onGeometryChange` saw, by its order in the tree.
    var observed: [Int: any Sendable] = [:]
    var current: (tree: ViewNode, drawn: ViewNode, evaluation: Evaluation)?

    init(root: Root, size: SIMD2<Float>, environment: EnvironmentValues) {
        (self.root, self.size, self.environment) = (root, size, environment)
    }

    /// The body built, then built again while `onGeometryChange` actions change the state.
    mutating func settle(at time: Double) throws(InteractionError) -> (tree: ViewNode, drawn: ViewNode, evaluation: Evaluation) {
        for _ in 0..<Timeline.maxGeometryRounds {
            let evaluation = Evaluation(environment: environment, states: states)
            let tree = evaluation.build(root)
            if let failure = evaluation.failure { throw .view(failure, time: time) }
            guard !tree.nestsTooDeep else { throw .tooDeep(depth: tree.depth, limit: ViewNode.deepestLaidOut, time: time) }
            current = (tree, tree.withoutTapMarkers, evaluation)
            var changed = 0
            var ordinal = 0
            for observer in GeometrySweep.observers(in: tree, size: size) where observer.change.tapTarget == nil {
                defer { ordinal += 1 }
                let value = observer.change.transform(observer.proxy)
                if let last = observed[ordinal], observer.change.same(last, value) { continue }
                observed[ordinal] = value
                changed += StateChanges.during { _ = observer.change.action(value) }.count
            }
            if changed == 0 { return current! }
        }
        throw .geometryDoesNotSettle(time: time, rounds: Timeline.maxGeometryRounds)
    }

    /// Runs `step`; the change it makes, nil when it changes no state.
    mutating func run(_ step: Interaction<Root>) throws(InteractionError) -> Timeline.Change? {
        let before = current!
        let action: @Sendable () -> Void
        switch step.kind {
        case .set(let set, _):
            let root = self.root
            action = { set(root) }
        case .tapLabel(let label):
            // In drawing order, which is not the order of building where a view's body is built after the tree
            // around it (`UnbuiltBody`).
            let targets = before.evaluation.hasUnbuiltBodies
                ? GeometrySweep.observers(in: before.tree, size: size).compactMap { $0.change.tapTarget.map { before.evaluation.taps[$0] } }
                : before.evaluation.taps
            guard let target = targets.first(where: { $0.labels.contains(label) }) else {
                throw .noTarget(label: label, time: step.time, labels: targets.flatMap(\.labels))
            }
            action = target.action
        case .tapPoint(let point):
            let hit = GeometrySweep.observers(in: before.tree, size: size).last { observer in
                guard observer.change.tapTarget != nil else { return false }
                let low = observer.proxy.origin, high = low + observer.proxy.size.vector
                return all(point .>= low) && all(point .<= high)
            }
            guard let index = hit?.change.tapTarget else { throw .nothingAt(x: point.x, y: point.y, time: step.time) }
            action = before.evaluation.taps[index].action
        }
        let changes = StateChanges.during(action)
        guard changes.count > 0 else { return nil }
        let after = try settle(at: step.time)
        let (old, new) = (before.evaluation.watched, after.evaluation.watched)
        let oldPlaces = before.drawn.scopePlaces
        // The modifiers at one place in both trees whose values differ, as (old index, new index), in building order;
        // one modifier on the views of a list is at several places.
        var seen = Set<Int>()
        let changed = after.drawn.scopePlaces.compactMap { place, index in
            oldPlaces[place].flatMap { Self.same(old[$0].value, new[index].value) ? nil : (old: $0, new: index) }
        }.sorted { $0.new < $1.new }.filter { seen.insert($0.new).inserted }
        var change = Timeline.Change(at: step.time, to: after.drawn, animation: changes.animation)
        if !changed.isEmpty {
            change.state = after.drawn.markingScopes(Dictionary(changed.enumerated().map { ($1.new, $0) }, uniquingKeysWith: min))
            change.scopedOrigin = before.drawn.markingScopes(Dictionary(changed.enumerated().map { ($1.old, $0) }, uniquingKeysWith: min))
            change.scopeAnimations = changed.map { new[$0.new].animation }
        }
        if let problem = Timeline.problem(with: [change]) { throw .animation(message: problem.message, time: step.time) }
        return change
    }

    private static func same(_ a: any Equatable & Sendable, _ b: any Equatable & Sendable) -> Bool {
        func equals<T: Equatable>(_ a: T) -> Bool { (b as? T) == a }
        return equals(a)
    }
}
