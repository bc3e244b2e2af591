import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftTestSupport
import WeftVulkan

/// Frames submitted ahead of their collection (`RenderContext.submit`/`collect`, the executor's ring of frame slots)
/// give exactly the pixels of frames rendered one at a time, however many are in flight and in whatever order they are
/// collected; on lavapipe with no validation message.
@Suite struct PipelinedSequenceTests {
    /// Six times across the animation of each animated example (frames that differ, some planned anew, some reused).
    static let times = [0.0, 0.15, 0.3, 0.45, 0.6, 1.2]
    static let scenes = ["download-badge.json", "timeline-wave.json"]

    static func frames(_ file: String) throws -> [SceneFrame] {
        let scene = try Examples.load(file)
        return times.enumerated().map { i, t in scene.frame(at: t, index: UInt32(i)) }
    }

    static func oneAtATime(_ frames: [SceneFrame], _ context: RenderContext) throws -> [PixelBuffer] {
        try frames.map { try context.render($0.view, size: $0.size, options: $0.options).pixels }
    }

    /// `frames` in the sequence loop's order: frame N+1 is planned (through one `PlanReuse`) and submitted before frame N
    /// is collected.
    static func submittingAhead(_ frames: [SceneFrame], _ context: RenderContext) throws -> [Rendering] {
        let reuse = context.makePlanReuse()
        var pending: PendingRendering?
        var rendered: [Rendering] = []
        for frame in frames {
            let next = try context.submit(try reuse.plan(frame.view, size: frame.size, options: frame.options))
            if let previous = pending { rendered.append(try context.collect(previous)) }
            pending = next
        }
        if let last = pending { rendered.append(try context.collect(last)) }
        return rendered
    }

    /// The sequence loop's order: frame N+1 is planned and submitted before frame N is collected.
    @Test(arguments: Backend.allCases, scenes)
    func submittingAheadEqualsRenderingOneAtATime(_ backend: Backend, _ file: String) throws {
        let context = try backend.makeContext()
        let frames = try Self.frames(file)
        let expected = try Self.oneAtATime(frames, context)
        #expect(expected.indices.filter { $0 > 0 && expected[$0] != expected[$0 - 1] }.count >= 3, "the animation changes the frames")
        let rendered = try Self.submittingAhead(frames, context)
        #expect(rendered.map(\.pixels) == expected)
        #expect(rendered.flatMap(\.reports).isEmpty, "\(rendered.flatMap(\.reports))")
    }

    /// More frames in flight than the ring has slots, collected last to first: a slot still holding an uncollected
    /// frame finishes it first and keeps its pixels for its own collection.
    @Test(arguments: Backend.allCases)
    func moreFramesInFlightThanSlotsCollectInAnyOrder(_ backend: Backend) throws {
        let context = try backend.makeContext()
        let frames = try Self.frames("download-badge.json")
        let expected = try Self.oneAtATime(frames, context)
        let pending = try frames.map { frame in try context.submit(try context.plan(frame.view, size: frame.size, options: frame.options)) }
        var rendered = [Rendering?](repeating: nil, count: frames.count)
        for i in pending.indices.reversed() { rendered[i] = try context.collect(pending[i]) }
        #expect(rendered.map { $0?.pixels } == expected)
        #expect(rendered.compactMap { $0 }.flatMap(\.reports).isEmpty)
    }

    /// A ticket is collected once: a second collection is a named error, not stale pixels.
    @Test func aTicketCollectedTwiceIsAnError() throws {
        let context = try Backend.vulkan.makeContext()
        let frame = try Self.frames("download-badge.json")[0]
        let pending = try context.submit(try context.plan(frame.view, size: frame.size, options: frame.options))
        _ = try context.collect(pending)
        #expect(throws: ExecutionError.self) { try context.collect(pending) }
    }
}
