// The last line of `weft-swiftui-examples --planning`: what animating each view under its own `animation(_:value:)`
// costs a frame, against one `withAnimation` animating the same views along the same curve.
import Foundation
import Weft

/// Sixty rows moved across by one tap: under the tap's `withAnimation` (`scoped` false), or each row under an
/// `animation(_:value:)` of the same curve whose value the tap changes (`scoped`). The frames are the same; the
/// scoped change carries sixty animations, one a row, where the other carries one.
private struct MovingRows: View {
    static let size = Size(width: 110, height: 600)
    var scoped: Bool
    @State var moved = false
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<60, id: \.self) { _ in
                Color.orange.frame(width: 10, height: 10)
                    .frame(maxWidth: .infinity, alignment: moved ? .trailing : .leading)
                    .animation(scoped ? .easeInOut(duration: 1) : nil, value: scoped ? moved : false)
            }
        }
        .onTapGesture { withAnimation(scoped ? nil : .easeInOut(duration: 1)) { moved.toggle() } }
    }
}

extension PlanningBenchmark {
    /// Frames spread over the second of `MovingRows`'s change, through one `PlanReuse` per run: the time building each
    /// frame's tree (`Timeline.view(at:size:)`, where the scopes are read) and planning it, under one animation and
    /// under sixty, alternating which goes first; medians of the repetitions.
    func measureScopes(context: RenderContext) throws {
        let tap = Interaction<MovingRows>.tap(at: CGPoint(x: 5, y: 5), at: 0)
        let single = try Timeline(MovingRows(scoped: false), size: MovingRows.size, script: [tap])
        let scoped = try Timeline(MovingRows(scoped: true), size: MovingRows.size, script: [tap])
        func run(_ timeline: Timeline) throws -> (building: Duration, planning: Duration) {
            let reuse = context.makePlanReuse()
            var building = Duration.zero, planning = Duration.zero
            for index in 0..<frames {
                let time = Double(index) / Double(frames)
                var clock = ContinuousClock.now
                let view = timeline.view(at: time, size: MovingRows.size)
                building += ContinuousClock.now - clock
                clock = ContinuousClock.now
                _ = try reuse.plan(view, size: MovingRows.size, options: RenderOptions(frame: FrameContext(time: time), background: .white))
                planning += ContinuousClock.now - clock
            }
            return (building, planning)
        }
        _ = try run(single)
        _ = try run(scoped)
        var singles: [(building: Duration, planning: Duration)] = [], scopeds = singles
        for repetition in 0..<repetitions {
            if repetition.isMultiple(of: 2) {
                singles.append(try run(single))
                scopeds.append(try run(scoped))
            } else {
                scopeds.append(try run(scoped))
                singles.append(try run(single))
            }
        }
        func median(_ runs: [(building: Duration, planning: Duration)], _ part: (Duration, Duration) -> Duration) -> Duration {
            runs.map { part($0.building, $0.planning) }.sorted()[repetitions / 2]
        }
        func ms(_ d: Duration) -> String { String(format: "%.2f", d / .milliseconds(1)) }
        let (b1, p1) = (median(singles) { b, _ in b }, median(singles) { _, p in p })
        let (b60, p60) = (median(scopeds) { b, _ in b }, median(scopeds) { _, p in p })
        print("sixty rows moved by one change, \(frames) frames: under one withAnimation building the trees \(ms(b1)) ms, "
              + "planning them \(ms(p1)) ms; under sixty animation(_:value:)s \(ms(b60)) ms and \(ms(p60)) ms; "
              + "ratios \(String(format: "%.3f", b60 / b1)) and \(String(format: "%.3f", p60 / p1))")
    }
}
