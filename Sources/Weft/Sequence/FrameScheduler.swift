import Foundation
import WeftPlanner
import WeftRuntime
import WeftViews

/// Renders the frames of a sequence on one or more render contexts at once — one a device — and hands each rendered
/// frame to the caller's thread. Every context renders on a thread of its own with its own `PlanReuse`, submitting the
/// next frame before it collects the previous one (the executor's ring of frame slots), and takes the next frame no
/// context has taken as soon as it frees a slot, so a faster device renders more of them. Frames reach `deliver` in
/// sequence order when `ordered` (a stream, an animated PNG), else as they finish; at most `window` frames are taken
/// and not yet delivered, so memory stays flat for any length. In order, a device far slower than the others holds
/// them back to the window's length ahead of its frame.
public final class FrameScheduler: @unchecked Sendable {
    /// What frame `n` shows, built on the thread that renders it; a frame it throws for fails alone.
    public typealias FrameBuilder = @Sendable (_ n: Int) throws -> (ViewNode, Size, RenderOptions)

    /// A frame rendered and collected, with where the rendering thread's time went.
    public struct RenderedFrame: Sendable {
        public var rendering: Rendering
        /// The picture's size in pixels (the rendering's pixels are YUV planes, packed otherwise, under `planes`).
        public var size: (width: Int, height: Int)
        /// Building the frame's view.
        public var view: Duration
        public var plan: PlanTimings
        /// Bytes the frame's plan uploaded (`RenderPlan.uploadedBytes`).
        public var uploaded: Int
        /// The rendering thread's part of running the plan: recording and submitting it, then (after the next frame
        /// was planned and, but for a context's first frame, submitted) waiting for it and reading it back.
        public var run: Duration { submit + collect }
        /// Recording and submitting the plan (the pipelines it needs made first).
        public var submit: Duration
        /// From its submission until its collection began: the device's time and the next frame's planning and
        /// submission beside it.
        public var held: Duration
        /// Waiting for the device to finish it and reading it back.
        public var collect: Duration
        /// From the start of building the view until the frame was collected.
        public var latency: Duration
    }

    /// A frame as it reaches `deliver`: its number, the context that rendered it (an index into `contexts`), and the
    /// frame or why it failed.
    public struct Delivery: Sendable {
        public var frame: Int
        public var lane: Int
        public var result: Result<RenderedFrame, any Error>
    }

    public let contexts: [RenderContext]
    public let frames: [Int]
    public let ordered: Bool
    public let window: Int
    /// The planes every context converts its frames to on the device (a video's YUV), or nil for RGBA.
    public let planes: YUVPlanes?
    private let build: FrameBuilder
    private let execution: ExecutionOptions
    private let firstFramePlanned: (@Sendable (_ width: Int, _ height: Int) -> Void)?
    /// The first frame, planned before the scheduler started; the first context's thread takes it (under `condition`),
    /// so that its plan reuse goes with that thread, as a context's own does, not with the scheduler.
    private var planned: PlannedFrame?

    /// The first frame of a sequence planned ahead of the render (while its device opened) for the first context, and
    /// how: that context runs this plan instead of planning the frame again, and plans its later frames with
    /// `planning`, which made it — so they are measured against it (a plan's uploaded glyph rows, its reuse).
    public struct PlannedFrame {
        public var planned: PlannedRender
        public var planning: PlanReuse
        /// When building the frame's view began, and how long it took.
        public var begin: ContinuousClock.Instant
        public var view: Duration

        public init(planned: PlannedRender, planning: PlanReuse, begin: ContinuousClock.Instant, view: Duration) {
            self.planned = planned
            self.planning = planning
            self.begin = begin
            self.view = view
        }
    }

    private let condition = NSCondition()
    private var nextToTake = 0
    private var delivered = 0
    /// Finished frames not yet delivered, by position in `frames`.
    private var finished: [Int: Delivery] = [:]

    /// `window` nil: four frames a context, at least eight. `firstFramePlanned` is told the picture's size in pixels once
    /// the first frame is planned, before it runs, on its rendering thread (a stream starts its encoder meanwhile).
    /// `planned`: the first of `frames`, already planned for the first context.
    public init(contexts: [RenderContext], frames: [Int], ordered: Bool, window: Int? = nil, planes: YUVPlanes? = nil,
                execution: ExecutionOptions = ExecutionOptions(),
                firstFramePlanned: (@Sendable (_ width: Int, _ height: Int) -> Void)? = nil, planned: PlannedFrame? = nil,
                build: @escaping FrameBuilder) {
        precondition(!contexts.isEmpty, "a scheduler needs a render context")
        precondition(planned == nil || !frames.isEmpty, "a frame planned ahead is one of the frames")
        precondition(planned.map { $0.planning.planner === contexts[0].planner } ?? true,
                     "a frame planned ahead is planned with the first context's planner")
        self.planned = planned
        // The first context takes the frame planned for it.
        nextToTake = planned == nil ? 0 : 1
        self.contexts = contexts
        self.frames = frames
        self.ordered = ordered
        self.window = max(window ?? max(8, 4 * contexts.count), 1)
        self.planes = planes
        self.execution = execution
        self.firstFramePlanned = firstFramePlanned
        self.build = build
    }

    /// Renders every frame, calling `deliver` on this thread for each, and returns once all were delivered and every
    /// context's thread has ended, having let go of what it held.
    public func run(deliver: (Delivery) -> Void) {
        // Layout and planning recurse as deep as the view: a main thread's stack.
        let lanes = contexts.indices.map { lane in JoinableThread(stackSize: 8 << 20) { [self] in render(lane: lane) } }
        condition.lock()
        while delivered < frames.count {
            var ready: [Delivery] = []
            if ordered {
                while let next = finished.removeValue(forKey: delivered + ready.count) { ready.append(next) }
            } else {
                ready = finished.keys.sorted().map { finished.removeValue(forKey: $0)! }
            }
            guard !ready.isEmpty else {
                condition.wait()
                continue
            }
            delivered += ready.count
            condition.broadcast()
            condition.unlock()
            for delivery in ready { deliver(delivery) }
            condition.lock()
        }
        condition.unlock()
        for lane in lanes { lane.join() }
    }

    private enum Turn {
        case frame(position: Int)
        /// The window is full: collect what is in flight first.
        case wait
        case done
    }

    /// The next frame for a context; with `blocking` (nothing in flight), waits while the window is full.
    private func take(blocking: Bool) -> Turn {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if nextToTake >= frames.count { return .done }
            if nextToTake - delivered < window {
                nextToTake += 1
                return .frame(position: nextToTake - 1)
            }
            if !blocking { return .wait }
            condition.wait()
        }
    }

    private func finish(_ position: Int, lane: Int, _ result: Result<RenderedFrame, any Error>) {
        condition.lock()
        finished[position] = Delivery(frame: frames[position], lane: lane, result: result)
        condition.broadcast()
        condition.unlock()
    }

    private struct InFlight {
        let position: Int
        let pending: PendingRendering
        let begin: ContinuousClock.Instant
        let view: Duration
        let plan: PlanTimings
        let uploaded: Int
        let submit: Duration
        let submitted: ContinuousClock.Instant
        let size: (width: Int, height: Int)
    }

    private func render(lane: Int) {
        let context = contexts[lane]
        let ahead = lane == 0 ? condition.withLock { planned.take() } : nil
        let planning = ahead?.planning ?? context.makePlanReuse()
        let clock = ContinuousClock()
        var inFlight: InFlight?
        var collectedAny = false

        func collect(_ frame: InFlight) {
            collectedAny = true
            let start = clock.now
            let result = Result { () throws(ExecutionError) in
                let rendering = try context.collect(frame.pending)
                let end = clock.now
                return RenderedFrame(rendering: rendering, size: frame.size, view: frame.view, plan: frame.plan, uploaded: frame.uploaded,
                                     submit: frame.submit, held: start - frame.submitted, collect: end - start, latency: end - frame.begin)
            }
            finish(frame.position, lane: lane, result.mapError { $0 as any Error })
        }

        /// Plans frame `position` (unless planned ahead) and submits it, then collects the frame submitted before it.
        /// The lane's first frame is collected once the next is planned, before that one is submitted: a video's
        /// encoder waits for the first frame, and the next one's submission — the first in its slot of the ring, which
        /// makes the slot's buffers, and perhaps pipelines of its own — would hold it back.
        func render(_ position: Int, planned ahead: PlannedFrame?) {
            let prepared = Result { () throws -> (planned: PlannedRender, begin: ContinuousClock.Instant, view: Duration, size: (width: Int, height: Int)) in
                let begin: ContinuousClock.Instant, view: Duration
                var planned: PlannedRender
                if let ahead {
                    (begin, view, planned) = (ahead.begin, ahead.view, ahead.planned)
                } else {
                    begin = clock.now
                    let (node, size, options) = try build(frames[position])
                    view = clock.now - begin
                    planned = try planning.plan(node, size: size, options: options)
                }
                let picture = planned.plan.textures[planned.output.index]
                if position == 0 { firstFramePlanned?(picture.width, picture.height) }
                if let planes { planned = try context.planner.convertingToYUV(planned, planes: planes) }
                return (planned, begin, view, (picture.width, picture.height))
            }
            if let first = inFlight, !collectedAny {
                collect(first)
                inFlight = nil
            }
            let submitted = prepared.flatMap { frame in
                Result { () throws -> InFlight in
                    let planEnd = clock.now
                    let pending = try context.submit(frame.planned, options: execution)
                    let submitted = clock.now
                    return InFlight(position: position, pending: pending, begin: frame.begin, view: frame.view, plan: frame.planned.timings,
                                    uploaded: frame.planned.plan.uploadedBytes, submit: submitted - planEnd, submitted: submitted,
                                    size: frame.size)
                }
            }
            if let previous = inFlight { collect(previous) }
            inFlight = nil
            switch submitted {
            // A frame the executor finished while it was submitted gains nothing from being held.
            case .success(let frame) where frame.pending.isFinished: collect(frame)
            case .success(let frame): inFlight = frame
            case .failure(let error): finish(position, lane: lane, .failure(error))
            }
        }

        if let ahead { render(0, planned: ahead) }
        loop: while true {
            switch take(blocking: inFlight == nil) {
            case .frame(let position):
                render(position, planned: nil)
            case .wait:
                if let previous = inFlight { collect(previous) }
                inFlight = nil
            case .done:
                break loop
            }
        }
        if let last = inFlight { collect(last) }
    }
}
