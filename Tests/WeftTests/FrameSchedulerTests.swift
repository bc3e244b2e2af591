import Foundation
import Synchronization
import Testing
@testable import Weft
@testable import WeftCatalog
import WeftCPU
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftTestSupport
import WeftViews

/// `FrameScheduler`: frames of a sequence on several render contexts at once come back once each, in order when asked,
/// each identical to what its own context renders alone — with more contexts than cores, and windows down to one frame.
@Suite struct FrameSchedulerTests {
    /// A ripple over a small pattern whose `$time` moves with the frame: every frame differs.
    static func source() throws -> FrameScheduler.FrameBuilder {
        let pattern = try PNGFile.load(path: ConcurrentRenderTests.root.appendingPathComponent("examples/images/test-pattern.png").path)
        let small = DifferentialTests.averagedDown(pattern, by: 8)
        let catalog = try EffectCatalog(paths: [ConcurrentRenderTests.root.appendingPathComponent("Shaders").path])
        let item = try #require(Gallery(pattern: small, catalog: catalog, scenes: []).items(only: ["ripple"]).first)
        let (view, size, options) = try item.make()
        return { n in
            var frameOptions = options
            frameOptions.frame.time = Double(n) / 30
            frameOptions.frame.index = UInt32(n)
            return (view, size, frameOptions)
        }
    }

    /// Six CPU-evaluator contexts of one thread each (more than this machine's cores), and lavapipe where Vulkan is.
    static func contexts() throws -> [RenderContext] {
        var contexts = (0..<6).map { _ in
            RenderContext(executor: CPUExecutor(options: CPUExecutor.Options(threads: 1)))
        }
        if VulkanAvailability.available { contexts.append(try Backend.vulkan.makeContext()) }
        return contexts
    }

    static let frames = Array(3..<27)

    @Test(arguments: [(true, 1), (true, nil), (false, 2), (false, nil)] as [(Bool, Int?)])
    func everyFrameComesBackOnceEqualToItsContextsOwn(ordered: Bool, window: Int?) throws {
        let build = try Self.source()
        let contexts = try Self.contexts()
        let scheduler = FrameScheduler(contexts: contexts, frames: Self.frames, ordered: ordered, window: window, build: build)
        var deliveries: [FrameScheduler.Delivery] = []
        scheduler.run { deliveries.append($0) }

        #expect(deliveries.map(\.frame).sorted() == Self.frames)
        if ordered { #expect(deliveries.map(\.frame) == Self.frames, "in sequence order") }
        #expect(Set(deliveries.map(\.lane)).count > 1, "more than one context rendered")
        for delivery in deliveries {
            let frame = try delivery.result.get()
            #expect(frame.rendering.reports.isEmpty, "no check or validation findings: \(frame.rendering.reports)")
            let (view, size, options) = try build(delivery.frame)
            let alone = try contexts[delivery.lane].render(view, size: size, options: options)
            #expect(frame.rendering.pixels == alone.pixels, "frame \(delivery.frame) on context \(delivery.lane)")
        }
        // The sequence's first and last frames, whichever order they were delivered in.
        let inSequence = deliveries.sorted { $0.frame < $1.frame }
        let first = try inSequence[0].result.get().rendering.pixels
        let last = try inSequence[inSequence.count - 1].result.get().rendering.pixels
        #expect(first != last, "the frames animate")
    }

    /// The sizes `firstFramePlanned` was told in `theFirstFramesSizeIsToldOnceBeforeItRuns`.
    static let toldSizes = Mutex<[SIMD2<Int>]>([])

    /// `firstFramePlanned` hears the sequence's first frame's size once, whichever of several contexts plans it, before
    /// that frame comes back (a stream's encoder starts meanwhile).
    @Test func theFirstFramesSizeIsToldOnceBeforeItRuns() throws {
        let scheduler = FrameScheduler(contexts: try Self.contexts(), frames: Self.frames, ordered: false,
                                       firstFramePlanned: { width, height in Self.toldSizes.withLock { $0.append(SIMD2(width, height)) } },
                                       build: try Self.source())
        var toldBeforeFirst: [SIMD2<Int>] = []
        var firstSize: SIMD2<Int>?
        scheduler.run { delivery in
            guard delivery.frame == Self.frames[0], let frame = try? delivery.result.get() else { return }
            toldBeforeFirst = Self.toldSizes.withLock { $0 }
            firstSize = SIMD2(frame.size.width, frame.size.height)
        }
        let size = try #require(firstSize)
        #expect(toldBeforeFirst == [size])
        #expect(Self.toldSizes.withLock { $0 } == [size], "told once")
    }

    @Test func aFailedFrameIsDeliveredAndTheOthersGoOn() throws {
        let build = try Self.source()
        let scheduler = FrameScheduler(contexts: try Self.contexts(), frames: Array(0..<20), ordered: true) { n in
            var (view, size, options) = try build(n)
            if n == 7 { size = Size(width: 100_000, height: 100_000) }
            return (view, size, options)
        }
        var failed: [Int] = []
        var rendered: [Int] = []
        scheduler.run { delivery in
            switch delivery.result {
            case .success: rendered.append(delivery.frame)
            case .failure(let error):
                failed.append(delivery.frame)
                #expect("\(error)".contains("100000"), "\(error)")
            }
        }
        #expect(failed == [7])
        #expect(rendered == Array(0..<20).filter { $0 != 7 })
    }

    /// A context's first frame is collected as soon as the next frame is planned, before that one is submitted (a
    /// video's encoder waits for it); from then on each frame is submitted before the one ahead of it is collected.
    @Test func theFirstFrameIsCollectedBeforeTheNextIsSubmitted() throws {
        let executor = DeferringExecutor(CPUExecutor(options: CPUExecutor.Options(threads: 1)))
        let scheduler = FrameScheduler(contexts: [RenderContext(executor: executor)], frames: Array(0..<5), ordered: true,
                                       build: try Self.source())
        var delivered: [Int] = []
        scheduler.run { delivery in
            #expect((try? delivery.result.get()) != nil)
            delivered.append(delivery.frame)
        }
        #expect(delivered == Array(0..<5))
        #expect(executor.calls.withLock { $0 } == ["submit 1", "collect 1", "submit 2", "submit 3", "collect 2", "submit 4", "collect 3",
                                                   "submit 5", "collect 4", "collect 5"])
    }
}

/// An executor that runs each plan only when it is collected, as a device's ring does, and notes the calls in order
/// (submissions numbered from 1).
private final class DeferringExecutor: Executor, @unchecked Sendable {
    let inner: any Executor
    let calls = Mutex<[String]>([])
    private let held = Mutex<[UInt64: RenderPlan]>([:])

    init(_ inner: any Executor) { self.inner = inner }

    var device: DeviceDescription { inner.device }
    var capabilities: ExecutorCapabilities { inner.capabilities }
    func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionResult { try inner.execute(plan, options: options) }

    func submit(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionTicket {
        let id = calls.withLock { calls in
            calls.append("submit \(calls.filter { $0.hasPrefix("submit") }.count + 1)")
            return UInt64(calls.filter { $0.hasPrefix("submit") }.count)
        }
        held.withLock { $0[id] = plan }
        return .submitted(id)
    }

    func collect(_ ticket: ExecutionTicket) throws(ExecutionError) -> ExecutionResult {
        guard case .submitted(let id) = ticket, let plan = held.withLock({ $0.removeValue(forKey: id) }) else {
            throw .invalidPlan("not a ticket of this executor")
        }
        calls.withLock { $0.append("collect \(id)") }
        return try inner.execute(plan, options: ExecutionOptions())
    }
}
