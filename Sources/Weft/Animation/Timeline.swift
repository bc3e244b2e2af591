/// A scene's states over time: an initial state, then changes to other states at given times,
/// each at once or under an animation. A pure function of time: `view(at:)` is all there is.
public struct Timeline: Sendable {
    /// A change of state at `time` seconds, at once (`animation` nil) or animated.
    public struct Change: Sendable {
        public var time: Double
        public var state: ViewNode
        public var animation: Animation?
        public init(at time: Double, to state: some View, animation: Animation? = nil) {
            self.time = time
            self.state = state.node
            self.animation = animation
        }
    }

    public let initial: ViewNode
    public let changes: [Change]

    /// `changes` in order of time, none starting before the one before it has finished
    /// (`problem(with:)` says which does).
    public init(initial: some View, changes: [Change] = []) {
        if let problem = Self.problem(with: changes) { preconditionFailure(problem.message) }
        self.initial = initial.node
        self.changes = changes
    }

    /// The first change that cannot follow the ones before it, and why: times must be finite and
    /// ascending, animations valid, and a change must not start while the previous one is still
    /// animating (Weft does not blend interrupted animations; docs/animation.md).
    public static func problem(with changes: [Change]) -> (index: Int, message: String)? {
        var free = 0.0
        for (i, change) in changes.enumerated() {
            guard change.time.isFinite, change.time >= 0 else { return (i, "the time must be a finite number of seconds ≥ 0, got \(change.time)") }
            if let invalid = change.animation?.invalidity { return (i, invalid) }
            guard change.time >= free else {
                return (i, "this change at \(change.time) s starts before the previous one has finished at \(free) s; overlapping animations are not supported")
            }
            free = change.time + (change.animation?.duration ?? 0)
        }
        return nil
    }

    /// When the last change has finished, seconds.
    public var duration: Double { changes.last.map { $0.time + ($0.animation?.duration ?? 0) } ?? 0 }

    /// The view tree shown `time` seconds in.
    public func view(at time: Double) -> ViewNode {
        guard let index = changes.lastIndex(where: { $0.time <= time }) else { return initial }
        let change = changes[index]
        guard let animation = change.animation else { return change.state }
        let progress = animation.progress(at: time - change.time)
        guard progress != 1 else { return change.state }
        let before = index == 0 ? initial : changes[index - 1].state
        return Interpolation.between(before, change.state, progress: Float(progress))
    }
}
