import Foundation

/// SwiftUI's `TimelineView(.animation) { context in … }`: content built from the time. A `Timeline` builds it again at
/// every frame's time (its body closure runs per frame), `context.date` being the frame's time as a date that many
/// seconds after the reference date — so `context.date.timeIntervalSinceReferenceDate` is the timeline's seconds.
/// Rendered outside a timeline (`RenderContext.render(_:size:options:)` of the view, a `Scene` of it) it shows its
/// content at the render's time, `options.frame.time`.
public struct TimelineView: View {
    /// What the content is built from.
    public struct Context: Sendable {
        /// The frame's time, `time` seconds after the reference date.
        public let date: Date
    }

    let content: @Sendable (Context) -> [ViewNode]

    /// Only the animation schedule exists: a render has a frame at every time it is asked for.
    public init(_ schedule: AnimationTimelineSchedule, @ViewBuilder content: @escaping @Sendable (Context) -> [ViewNode]) {
        self.content = content
    }

    public var node: ViewNode {
        let content = self.content
        // Built again per frame in the environment of the host that built the view; taps inside are not targets.
        let environment = Evaluation.current?.environment ?? EnvironmentValues()
        let build: @Sendable (Double) -> ViewNode = { time in
            Evaluation.$current.withValue(Evaluation(environment: environment)) {
                BuiltViews(content(Context(date: Date(timeIntervalSinceReferenceDate: time)))).node.withoutTapMarkers
            }
        }
        return ViewNode(.modified(build(0), ClockedContent(content: build)))
    }
}

/// SwiftUI's `.animation` timeline schedule: a frame whenever one is drawn. `minimumInterval` and `paused` do not
/// exist: every frame a render asks for is drawn at its own time.
public struct AnimationTimelineSchedule: Sendable {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
}
