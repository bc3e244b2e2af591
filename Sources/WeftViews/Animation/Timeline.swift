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

    /// `changes` in order of time, none starting before the one before it has finished
    /// (`problem(with:)` says which does).
    public init(initial: some View, changes: [Change] = []) throws(ViewError) {
        if let problem = Self.problem(with: changes) { throw .timeline(index: problem.index, message: problem.message) }
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
                let (start, finish) = Self.distinctSeconds(change.time, free)
                return (i, "this change at \(start) s starts before the previous one has finished at \(finish) s; overlapping animations are not supported")
            }
            free = change.time + (change.animation?.duration ?? 0)
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
    public var duration: Double { changes.last.map { $0.time + ($0.animation?.duration ?? 0) } ?? 0 }

    /// The view tree shown `time` seconds in, laid out at `size`: as `view(at:)`, with the
    /// `matchedGeometryEffect` groups placed. A view entering in a change starts on the old state's
    /// source of its id, one leaving ends on the new state's, and receivers move from one source's
    /// rectangle to the other's, all along the change's curve. A view entering or leaving outside a
    /// `geometryGroup()` stands where its own state puts it in the scene (SwiftUI's ungrouped default).
    public func view(at time: Double, size: Size) -> ViewNode {
        let s = size.vector
        guard let index = changes.lastIndex(where: { $0.time <= time }) else { return MatchedGeometry.resolve(initial, size: s).root }
        let change = changes[index]
        let progress = change.animation.map { Float($0.progress(at: time - change.time)) } ?? 1
        guard progress != 1 else { return MatchedGeometry.resolve(change.state, size: s).root }
        let a = index == 0 ? initial : changes[index - 1].state, b = change.state
        let leaving = Interpolation.between(MatchedGeometry.resolve(a, size: s).root, MatchedGeometry.resolve(a, size: s, sourcesIn: b).root,
                                            progress: progress)
        let entering = Interpolation.between(MatchedGeometry.resolve(b, size: s, sourcesIn: a).root, MatchedGeometry.resolve(b, size: s).root,
                                             progress: progress)
        let both = Interpolation.between(GroupAnchor.marked(leaving, size: s), GroupAnchor.marked(entering, size: s), progress: progress)
        return GroupAnchor.resolved(both, size: s)
    }

    /// The `matchedGeometryEffect` faults of the states shown `time` seconds in (the old and new one while a change plays).
    public func warnings(at time: Double, size: Size) -> [MatchedGeometryWarning] {
        guard let index = changes.lastIndex(where: { $0.time <= time }) else { return MatchedGeometry.resolve(initial, size: size.vector).warnings }
        let change = changes[index]
        let ended = (change.animation?.progress(at: time - change.time) ?? 1) == 1
        let states = ended ? [change.state] : [index == 0 ? initial : changes[index - 1].state, change.state]
        var found: [MatchedGeometryWarning] = []
        for state in states { for w in MatchedGeometry.resolve(state, size: size.vector).warnings where !found.contains(w) { found.append(w) } }
        return found
    }

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
