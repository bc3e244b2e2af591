import Dispatch
import Synchronization
import Testing
@testable import Weft
import WeftImage
import WeftPlanner
import WeftViews

/// A program may build a view tree far deeper than a render plans (`Planner.deepestViewTree`): letting go of it must
/// not release it a call a level (a view under 100,000 modifiers overflowed the stack as it was freed), and a view
/// kept elsewhere must come out of it whole.
@Suite struct DeepTreeReleaseTests {
    static let depth = 100_000

    @Test func aViewUnderAHundredThousandModifiersIsLetGoOf() {
        var node = Text("deep").node
        for _ in 0..<Self.depth { node = node.padding(1).node }
        #expect(node.depth == Self.depth + 1)
        node = Text("shallow").node
        #expect(node.depth == 1)
    }

    @Test func stacksAndOverlaysAHundredThousandDeepAreLetGoOf() {
        var stacked = Color.red.node
        for _ in 0..<Self.depth { stacked = VStack { stacked }.node }
        var overlaid = Color.red.node
        for _ in 0..<Self.depth { overlaid = Color.blue.overlay(overlaid).node }
        #expect(stacked.depth > Self.depth && overlaid.depth > Self.depth)
        stacked = Color.red.node
        overlaid = Color.red.node
    }

    /// Each thread lets go of its own deep trees in its own release: 32 at once, more than this machine has cores, on
    /// dispatch's worker threads (whose stacks are smaller than a main thread's), each a chain of 20,000 modifiers.
    @Test func deepTreesLetGoOfOnManyThreadsAtOnce() {
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            var node = Text("\(index)").node
            for _ in 0..<20_000 { node = node.padding(1).node }
            if node.depth == 20_001 { done.add(1, ordering: .relaxed) }
            node = Text("shallow").node
        }
        #expect(done.load(ordering: .relaxed) == 32)
    }

    /// The views below one kept by the program are still there, whole, once the tree above it is let go of: the
    /// kept view draws what the same view built anew draws.
    @Test func aViewKeptByTheProgramOutlivesTheTreeItWasIn() throws {
        func chain() -> ViewNode {
            var node = try! Text("kept", size: 12, color: .black).node
            for index in 0..<20 { node = (index.isMultiple(of: 2) ? node.padding(1) : Color.white.overlay(node)).node }
            return node
        }
        let kept = chain()
        var tree = kept
        for _ in 0..<Self.depth { tree = Color.white.overlay(VStack { tree }).node }
        tree = Color.white.node
        #expect(kept.depth == 21)
        let context = RenderContext(executor: try BackendFactory.executor(for: .cpu))
        let size = Size(width: 64, height: 32)
        let drawn = try context.run(context.plan(kept, size: size)).pixels
        #expect(drawn == (try context.run(context.plan(chain(), size: size)).pixels))
        let dark = (0..<drawn.height).reduce(0) { count, y in
            count + (0..<drawn.width).count { x in drawn[x, y].x < 0.5 && drawn[x, y].w > 0.5 }
        }
        #expect(dark > 10, "the text drew \(dark) dark pixels")
    }
}

/// A timeline of states deeper than a render plans is shown as the planner shows such a tree: refused by name, not
/// laid out or interpolated a call a level first.
@Suite struct DeepTimelineTests {
    @Test func aChangeBetweenTreesDeeperThanARenderPlansIsRefusedByName() throws {
        func deep(_ color: Color) -> ViewNode {
            var node = color.node
            for _ in 0..<20_000 { node = node.padding(1).node }
            return node
        }
        let timeline = try Timeline(initial: deep(.red), changes: [.init(at: 0.5, to: deep(.blue), animation: .linear(duration: 1))])
        let context = RenderContext(executor: try BackendFactory.executor(for: .cpu))
        let size = Size(width: 64, height: 32)
        for time in [0.25, 1.0, 2.0] {
            #expect {
                _ = try context.plan(timeline.view(at: time, size: size), size: size)
            } throws: { error in
                guard case RenderError.viewTreeTooDeep(let depth, Planner.deepestViewTree) = error else { return false }
                return depth > Planner.deepestViewTree
            }
        }
    }
}

/// A body built deeper than a tree is laid out, run by a script, is a named error before any of it is laid out.
@Suite struct DeepInteractiveTimelineTests {
    struct DeepCounter: View {
        @State var count = 0
        static func deep(_ count: Int) -> ViewNode {
            var node = Text("\(count) taps").node
            for _ in 0..<20_000 { node = node.padding(1).node }
            return node
        }
        var body: some View {
            VStack {
                Button("Add") { count += 1 }
                Self.deep(count)
            }
        }
    }

    @Test func aScriptOverABodyDeeperThanALayoutIsANamedError() {
        do {
            _ = try Timeline(DeepCounter(), size: Size(width: 64, height: 32), script: [.tap(label: "Add", at: 0.5)])
            Issue.record("a body 20,000 views deep was run")
        } catch {
            guard case InteractionError.tooDeep(let depth, ViewNode.deepestLaidOut, 0) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(depth > 20_000)
            #expect("\(error)".contains("more than the \(ViewNode.deepestLaidOut) a render lays out"), "\(error)")
        }
    }

    /// A component whose body holds the next one, each body a few views deep and all of them together thousands.
    struct NestedComponent: View {
        let level: Int
        @State var count = 0
        var body: some View {
            VStack {
                if level == 0 {
                    Button("Add") { count += 1 }
                } else {
                    NestedComponent(level: level - 1)
                }
            }
        }
    }

    /// A component whose body is the next one's, with no view between: the tree stays as shallow as one branch.
    struct ChainedComponent: View {
        let level: Int
        @State var count = 0
        var body: some View {
            if level == 0 {
                Button("Add") { count += 1 }
            } else {
                ChainedComponent(level: level - 1)
            }
        }
    }

    /// The depth the body-building walk counts is never more than the tree's: 1,000 bodies each the next one's make a
    /// shallow tree, built to the end, and its button is tapped (a count that took each branch's name for a level left
    /// the chain unbuilt past 512, and the button unfound).
    @Test func aLongChainOfBodiesMakingAShallowTreeIsBuiltToItsEnd() throws {
        _ = try Timeline(ChainedComponent(level: 1_000), size: Size(width: 64, height: 32), script: [.tap(label: "Add", at: 0.5)])
    }

    /// Bodies built inside bodies were built a call a level, however deep they nested together, and 5,000 of them
    /// overflowed the stack: the walk stops where the views above and below a view are deeper than a tree is laid out,
    /// and the script stops at the named error. Nested as deep as a layout allows, the button inside is tapped.
    @Test func componentsNestedTogetherDeeperThanALayoutAreANamedError() throws {
        let size = Size(width: 64, height: 32)
        _ = try Timeline(NestedComponent(level: 100), size: size, script: [.tap(label: "Add", at: 0.5)])
        do {
            _ = try Timeline(NestedComponent(level: 5_000), size: size, script: [.tap(label: "Add", at: 0.5)])
            Issue.record("components nested 5,000 deep were run")
        } catch {
            guard case InteractionError.tooDeep(let depth, ViewNode.deepestLaidOut, 0) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(depth > ViewNode.deepestLaidOut, "\(error)")
        }
    }
}
