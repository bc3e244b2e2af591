// A line of `weft-swiftui-examples --planning`: what keeping a thousand rows' state by their identity costs a script's
// steps, against the same rows drawn from state the root keeps.
import Foundation
import Weft

/// A thousand one-point rows, each red, or green once tapped.
private enum ThousandRows {
    static let count = 1_000
    static let size = Size(width: 20, height: Float(count))
    /// Ten taps, each on another row.
    static func script<Root: View>() -> [Interaction<Root>] {
        (0..<10).map { .tap(at: CGPoint(x: 10, y: Float($0 * 97) + 0.5), at: Double($0)) }
    }
}

/// Each row a view with its own `@State`, which the host keeps by the row's identity.
private struct RowsWithOwnState: View {
    struct Row: View {
        @State var on = false
        var body: some View {
            (on ? Color.green : Color.red).frame(width: 20, height: 1).onTapGesture { on.toggle() }
        }
    }
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<ThousandRows.count, id: \.self) { _ in Row() }
        }
    }
}

/// The same rows drawn from one array the root keeps.
private struct RowsFromRootState: View {
    @State var on = [Bool](repeating: false, count: ThousandRows.count)
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<ThousandRows.count, id: \.self) { row in
                (on[row] ? Color.green : Color.red).frame(width: 20, height: 1).onTapGesture { on[row].toggle() }
            }
        }
    }
}

extension PlanningBenchmark {
    /// The time to run a ten-tap script over the thousand rows (`Timeline(_:size:script:)`: eleven evaluations of the
    /// body, each step's tap found in the laid-out tree), rows keeping their own state against the root keeping it,
    /// alternating which goes first; medians of the repetitions.
    func measureChildState() throws {
        func run<Root: View>(_ root: Root) throws -> Duration {
            let script: [Interaction<Root>] = ThousandRows.script()
            return try ContinuousClock().measure { _ = try Timeline(root, size: ThousandRows.size, script: script) }
        }
        _ = try run(RowsWithOwnState())
        _ = try run(RowsFromRootState())
        var own: [Duration] = [], root: [Duration] = []
        for repetition in 0..<repetitions {
            if repetition.isMultiple(of: 2) {
                own.append(try run(RowsWithOwnState()))
                root.append(try run(RowsFromRootState()))
            } else {
                root.append(try run(RowsFromRootState()))
                own.append(try run(RowsWithOwnState()))
            }
        }
        let (ownMedian, rootMedian) = (own.sorted()[repetitions / 2], root.sorted()[repetitions / 2])
        func ms(_ d: Duration) -> String { String(format: "%.1f", d / .milliseconds(1)) }
        print("a thousand rows tapped ten times: each row keeping its own @State \(ms(ownMedian)) ms, the root keeping "
              + "the rows' state \(ms(rootMedian)) ms; ratio \(String(format: "%.3f", ownMedian / rootMedian))")
    }
}
