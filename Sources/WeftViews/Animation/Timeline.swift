import Foundation
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

    /// `changes` in order of time (`problem(with:)` says which is not). A change may start while the one before
    /// it still animates: it starts from what is shown then (docs/animation.md).
    public init(initial: some View, changes: [Change] = []) throws(ViewError) {
        if let problem = Self.problem(with: changes) { throw .timeline(index: problem.index, message: problem.message) }
        self.initial = initial.node
        self.changes = changes
    }

    /// The first change that cannot follow the ones before it, and why: times must be finite, ≥ 0 and in
    /// order, animations valid.
    public static func problem(with changes: [Change]) -> (index: Int, message: String)? {
        var previous = 0.0
        for (i, change) in changes.enumerated() {
            guard change.time.isFinite, change.time >= 0 else { return (i, "the time must be a finite number of seconds ≥ 0, got \(change.time)") }
            if let invalid = change.animation?.invalidity { return (i, invalid) }
            guard change.time >= previous else {
                let (time, before) = Self.distinctSeconds(change.time, previous)
                return (i, "this change at \(time) s comes before the previous one at \(before) s; changes must be in order of time")
            }
            previous = change.time
        }
        return nil
    }

    /// Two times in seconds with as few decimals as show them apart (at least 3 kept, trailing zeros dropped):
    /// `1.146`, not `1.1457648312748985`.
    static func distinctSeconds(_ a: Double, _ b: Double) -> (String, String) {
        func text(_ t: Double, _ decimals: Int) -> String {
            var text = String(format: "%.\(decimals)f", t)
            while text.contains("."), text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        var decimals = 3
        while decimals < 9, text(a, decimals) == text(b, decimals) { decimals += 1 }
        return (text(a, decimals), text(b, decimals))
    }

    /// When the last change has finished, seconds.
    public var duration: Double { changes.map { $0.time + ($0.animation?.duration ?? 0) }.max() ?? 0 }

    /// The progress of change `index` `time` seconds in (1 once it has finished).
    func progress(of index: Int, at time: Double) -> Float {
        let change = changes[index]
        return change.animation.map { Float($0.progress(at: time - change.time)) } ?? 1
    }

    /// The view tree shown `time` seconds in, laid out at `size`: during a change, the old and the new state laid
    /// out and each view's resolved frame interpolated along the change's curve (`GeometryBlend`). A change that
    /// starts while the one before it still animates starts from what that one shows at each moment (which keeps
    /// moving while it fades out), so position and velocity are continuous. `matchedGeometryEffect` groups are
    /// placed: a view entering starts on the old state's source of its id, one leaving ends on the new state's.
    public func view(at time: Double, size: Size) -> ViewNode {
        guard let index = changes.lastIndex(where: { $0.time <= time }) else { return MatchedGeometry.resolve(initial, size: size.vector).root }
        return presented(index, at: time, size: size.vector)
    }

    private func presented(_ index: Int, at time: Double, size s: SIMD2<Float>) -> ViewNode {
        let change = changes[index], progress = self.progress(of: index, at: time)
        guard progress != 1 else { return MatchedGeometry.resolve(change.state, size: s).root }
        let a = index == 0 ? initial : changes[index - 1].state, b = change.state
        let from: ViewNode
        if index > 0, self.progress(of: index - 1, at: time) != 1 {
            from = presented(index - 1, at: time, size: s)
        } else {
            from = Interpolation.between(MatchedGeometry.resolve(a, size: s).root, MatchedGeometry.resolve(a, size: s, sourcesIn: b).root,
                                         progress: progress)
        }
        let to = Interpolation.between(MatchedGeometry.resolve(b, size: s, sourcesIn: a).root, MatchedGeometry.resolve(b, size: s).root,
                                       progress: progress)
        return GeometryBlend.between(from, to, progress: progress, size: s)
    }

    /// The `matchedGeometryEffect` faults of the states shown `time` seconds in (the old and new one while a change plays).
    public func warnings(at time: Double, size: Size) -> [MatchedGeometryWarning] {
        guard var index = changes.lastIndex(where: { $0.time <= time }) else { return MatchedGeometry.resolve(initial, size: size.vector).warnings }
        var states = [changes[index].state]
        while progress(of: index, at: time) != 1 {
            states.insert(index == 0 ? initial : changes[index - 1].state, at: 0)
            guard index > 0 else { break }
            index -= 1
        }
        var found: [MatchedGeometryWarning] = []
        for state in states { for w in MatchedGeometry.resolve(state, size: size.vector).warnings where !found.contains(w) { found.append(w) } }
        return found
    }
}
