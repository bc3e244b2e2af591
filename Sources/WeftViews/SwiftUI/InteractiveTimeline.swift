import Synchronization

/// A root view driven as it runs: its steps arrive one at a time — a click in the preview window, a test's taps —
/// each at a time no earlier than the one before, and `timeline` is what they made so far: the timeline that
/// `Timeline(_:size:environment:script:)` makes of the same steps as a script. Its views at any time already passed
/// stay what they were. Shared between the thread that delivers steps and the one that renders.
public final class InteractiveTimeline<Root: View>: Sendable {
    private struct Driven {
        var host: InteractionHost<Root>
        var timeline: Timeline
        var lastTime: Double
        /// How many steps were delivered, whether or not they changed state or threw: the next step's index.
        var delivered = 0
    }
    private let driven: Mutex<Driven>

    /// `root`'s body built at the start and its `onGeometryChange` actions run at `size`.
    public init(_ root: Root, size: Size, environment: EnvironmentValues = EnvironmentValues()) throws(InteractionError) {
        var host = InteractionHost(root: root, size: size.vector, environment: environment)
        let initial = try host.settle(at: 0).drawn
        driven = Mutex(Driven(host: host, timeline: try! Timeline(initial: initial), lastTime: 0))
    }

    /// The steps run so far, as a timeline.
    public var timeline: Timeline { driven.withLock { $0.timeline } }

    /// Runs `step` at its time; whether it changed state (a change of `timeline` then starts at the step's time).
    /// Throws as a script's step would: out of order, a label no target reads, a point no target holds. A step's index
    /// (in `InteractionError.time`) is how many steps were delivered before it, as a script's is its place in the script.
    @discardableResult
    public func run(_ step: Interaction<Root>) throws(InteractionError) -> Bool {
        try driven.withLock { (driven: inout Driven) throws(InteractionError) -> Bool in
            let index = driven.delivered
            driven.delivered += 1
            guard step.time.isFinite, step.time >= driven.lastTime else {
                throw .time(index: index, time: step.time)
            }
            driven.lastTime = step.time
            guard let change = try driven.host.run(step) else { return false }
            driven.timeline = try! Timeline(initial: driven.timeline.initial, changes: driven.timeline.changes + [change],
                                            animators: driven.timeline.animators)
            return true
        }
    }
}
