import Foundation
/// A scene's states over time: an initial state, then changes to other states at given times,
/// each at once or under an animation. A pure function of time: `view(at:)` is all there is.
public struct Timeline: Sendable {
    /// A change of state at `time` seconds, at once (`animation` nil) or animated; a change a Swift view's state makes
    /// may show parts of the new state under animations of their own (`scopeAnimations`).
    public struct Change: Sendable {
        public var time: Double
        public var state: ViewNode
        public var animation: Animation?
        /// The state's name where it has one (a scene file's `"states"`).
        public var name: String?
        /// The animations of the state's live `animation(_:value:)`s (`AnimationScope.slot`): the views inside each
        /// are shown under its animation (nil: at once), the rest under `animation`.
        package var scopeAnimations: [Animation?] = []
        /// The state the change starts from with this change's live scopes marked, when it has any (the previous
        /// state as it is otherwise).
        package var scopedOrigin: ViewNode?
        public init(at time: Double, to state: some View, animation: Animation? = nil, name: String? = nil) {
            self.time = time
            self.state = state.node
            self.animation = animation
            self.name = name
        }
    }

    public var initial: ViewNode { storage.initial }
    public let changes: [Change]
    /// Keyframe animators playing over every state (`KeyframeAnimator`).
    public var animators: [KeyframeAnimator] { storage.animators }

    /// The initial state and the animators, shared: a `Timeline` stays two words, the size Swift 6.3.1 handles when
    /// a scene holding one is returned through typed throws (a third stored property was over-released there).
    private final class Storage: Sendable {
        let initial: ViewNode
        let animators: [KeyframeAnimator]
        init(initial: ViewNode, animators: [KeyframeAnimator]) {
            self.initial = initial
            self.animators = animators
        }
    }
    private let storage: Storage

    /// `changes` in order of time (`problem(with:)` says which is not). A change may start while the one before
    /// it still animates: it starts from what is shown then (docs/animation.md).
    public init(initial: some View, changes: [Change] = [], animators: [KeyframeAnimator] = []) throws(ViewError) {
        if let problem = Self.problem(with: changes) { throw .timeline(index: problem.index, message: problem.message) }
        if let (i, animator) = animators.enumerated().first(where: { $0.element.invalidity != nil }) {
            throw .keyframes(index: i, message: animator.invalidity!)
        }
        self.storage = Storage(initial: initial.node, animators: animators)
        self.changes = changes
    }

    private init(storage: Storage, changes: [Change]) {
        self.storage = storage
        self.changes = changes
    }

    /// The same changes at the same times with every state replaced by `transform(state, name)` (the initial state's
    /// name is `initialName`): a scene's states chosen again by their `onGeometryChange`s at a render size.
    public func replacingStates(initialName: String?, _ transform: (ViewNode, String?) -> ViewNode) -> Timeline {
        let changes = self.changes.map { change in
            var change = change
            change.state = transform(change.state, change.name)
            return change
        }
        return Timeline(storage: Storage(initial: transform(initial, initialName), animators: animators),
                        changes: changes)
    }

    /// SwiftUI's `PhaseAnimator`: from `start` seconds, each phase in turn after the one before, each change under
    /// `animation` and held `hold` seconds once it has finished, for `cycles` rounds (back to the first phase
    /// between rounds); `phases[0]` is the initial state.
    /// `names`, when given, names each phase (a scene file's states).
    public init(phases: [any View], names: [String]? = nil, animation: Animation, hold: Double = 0, cycles: Int = 1, start: Double = 0,
                animators: [KeyframeAnimator] = []) throws(ViewError) {
        guard let first = phases.first, phases.count > 1 else { throw .timeline(index: 0, message: "a phase animator needs at least two phases") }
        guard animation.duration.isFinite else { throw .timeline(index: 0, message: "a phase's animation must end: it cannot repeat forever") }
        guard hold >= 0, hold.isFinite, cycles >= 1 else { throw .timeline(index: 0, message: "the hold must be ≥ 0 seconds and the cycles at least 1") }
        var changes: [Change] = [], time = start
        for round in 0..<cycles {
            for index in phases.indices.dropFirst() + (round + 1 < cycles ? [0] : []) {
                changes.append(Change(at: time, to: phases[index], animation: animation, name: names?[index]))
                time += animation.duration + hold
            }
        }
        try self.init(initial: first, changes: changes, animators: animators)
    }

    /// The first change that cannot follow the ones before it, and why: times must be finite, ≥ 0 and in
    /// order, animations valid.
    public static func problem(with changes: [Change]) -> (index: Int, message: String)? {
        var previous = 0.0
        for (i, change) in changes.enumerated() {
            guard change.time.isFinite, change.time >= 0 else { return (i, "the time must be a finite number of seconds ≥ 0, got \(change.time)") }
            if let invalid = ([change.animation] + change.scopeAnimations).lazy.compactMap({ $0?.invalidity }).first { return (i, invalid) }
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

    /// When the last change and the last animator that does not repeat have finished, seconds (a change that
    /// repeats forever counts from its start).
    public var duration: Double {
        let ends = changes.map { change in
            change.time + (([change.animation] + change.scopeAnimations).compactMap { $0?.duration }.filter(\.isFinite).max() ?? 0)
        }
        return (ends + animators.map { $0.start + ($0.repeating ? 0 : $0.duration) }).max() ?? 0
    }

    /// The first state nested deeper than a tree is laid out (`ViewNode.deepestLaidOut`), if any.
    private var tooDeepState: ViewNode? {
        initial.nestsTooDeep ? initial : changes.first { $0.state.nestsTooDeep }?.state
    }

    /// `state` with its `TimelineView`s' content and the animators' values at `time`.
    func animated(_ state: ViewNode, at time: Double) -> ViewNode {
        animators.reduce(state.clocked(at: time)) { $1.applied(to: $0, at: time) }
    }

    /// The progress of change `index` `time` seconds in, outside its live scopes and inside each (1 once finished).
    func progress(of index: Int, at time: Double) -> ChangeProgress {
        let change = changes[index]
        func progress(_ animation: Animation?) -> Float { animation.map { Float($0.progress(at: time - change.time)) } ?? 1 }
        return ChangeProgress(outside: progress(change.animation), scopes: change.scopeAnimations.map(progress))
    }

    /// The view tree shown `time` seconds in, laid out at `size`: during a change, the old and the new state laid
    /// out and each view's resolved frame interpolated along the change's curve (`GeometryBlend`). A change that
    /// starts while the one before it still animates starts from what that one shows at each moment (which keeps
    /// moving while it fades out), so position and velocity are continuous. `matchedGeometryEffect` groups are
    /// placed: a view entering starts on the old state's source of its id, one leaving ends on the new state's.
    ///
    /// A state deeper than `ViewNode.deepestLaidOut` is shown as it is, neither laid out nor interpolated: a render
    /// refuses it by name (`RenderError.viewTreeTooDeep`).
    public func view(at time: Double, size: Size) -> ViewNode {
        if let tooDeep = tooDeepState { return tooDeep }
        let layout = FrameLayout()
        guard let index = changes.lastIndex(where: { $0.time <= time }) else {
            return MatchedGeometry.resolve(animated(initial, at: time), size: size.vector, layout: layout).root
        }
        return presented(index, at: time, size: size.vector, layout: layout)
    }

    private func presented(_ index: Int, at time: Double, size s: SIMD2<Float>, layout: FrameLayout) -> ViewNode {
        let change = changes[index], progress = self.progress(of: index, at: time)
        guard !progress.isFinished else { return MatchedGeometry.resolve(animated(change.state, at: time), size: s, layout: layout).root }
        let a = animated(change.scopedOrigin ?? (index == 0 ? initial : changes[index - 1].state), at: time)
        let b = animated(change.state, at: time)
        let from: ViewNode
        if index > 0, !self.progress(of: index - 1, at: time).isFinished {
            from = presented(index - 1, at: time, size: s, layout: layout)
        } else {
            from = Interpolation.between(MatchedGeometry.resolve(a, size: s, layout: layout).root,
                                         MatchedGeometry.resolve(a, size: s, sourcesIn: b, layout: layout).root, progress: progress)
        }
        let to = Interpolation.between(MatchedGeometry.resolve(b, size: s, sourcesIn: a, layout: layout).root,
                                       MatchedGeometry.resolve(b, size: s, layout: layout).root, progress: progress)
        return GeometryBlend.between(from, to, progress: progress, size: s, layout: layout)
    }

    /// The `matchedGeometryEffect` faults of the states shown `time` seconds in (the old and new one while a change plays).
    public func warnings(at time: Double, size: Size) -> [MatchedGeometryWarning] {
        guard tooDeepState == nil else { return [] }
        guard var index = changes.lastIndex(where: { $0.time <= time }) else {
            return MatchedGeometry.resolve(initial, size: size.vector, layout: FrameLayout()).warnings
        }
        var states = [changes[index].state]
        while !progress(of: index, at: time).isFinished {
            states.insert(index == 0 ? initial : changes[index - 1].state, at: 0)
            guard index > 0 else { break }
            index -= 1
        }
        var found: [MatchedGeometryWarning] = []
        let layout = FrameLayout()
        for state in states {
            for w in MatchedGeometry.resolve(state, size: size.vector, layout: layout).warnings where !found.contains(w) { found.append(w) }
        }
        return found
    }
}
