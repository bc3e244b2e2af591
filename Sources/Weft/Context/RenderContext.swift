import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftShaders
import WeftText
import WeftViews

/// A rendered frame.
public struct Rendering: Sendable {
    public var pixels: PixelBuffer
    /// The scene point at the top-left corner of `pixels`, points.
    public var origin: SIMD2<Float>
    /// Findings of the executor's checks (the CPU evaluator's).
    public var reports: [ExecutionReport]
    public var hostTime: Duration
    /// `matchedGeometryEffect` faults found in laying the view out.
    public var warnings: [MatchedGeometryWarning] = []
    /// What drawing the texts warned of: families not installed, characters no installed font has.
    public var textWarnings: [TextWarning] = []
    /// The pipeline barriers the executor recorded (Vulkan; nil on the CPU evaluator).
    public var barriers: BarrierCounts?
    /// The device's own time for the plan, when asked for (`ExecutionOptions.measureDeviceTime`) and the device has
    /// trustworthy timestamps.
    public var deviceTime: Duration?
}

/// A plan submitted through `RenderContext.submit`, to be collected once with `RenderContext.collect`.
public struct PendingRendering: Sendable {
    let planned: PlannedRender
    let ticket: ExecutionTicket

    /// Whether the executor ran the plan while it was submitted: collecting it waits for nothing.
    public var isFinished: Bool {
        if case .finished = ticket { true } else { false }
    }
}

/// Renders views on one executor: plans with its `Planner`, runs the plan, reads the output back. Safe to share across
/// threads.
public final class RenderContext: Sendable {
    public let executor: any Executor
    public let planner: Planner

    /// `cache` keeps the engine's own kernels, as a `ShaderLibrary`'s keeps author kernels, so a
    /// process that finds them on disk starts no compiler at all.
    public init(executor: any Executor, cache: SPIRVCache = .shared) {
        self.executor = executor
        self.planner = Planner(cache: cache)
    }

    /// A context planning with `planner` (tests give one with a small glyph atlas).
    package init(executor: any Executor, planner: Planner) {
        self.executor = executor
        self.planner = planner
    }

    /// Lowers `view` to a render plan for this context's executor; nothing runs.
    public func plan(_ view: some View, size: Size, options: RenderOptions = RenderOptions()) throws(RenderError) -> PlannedRender {
        try planner.plan(view, size: size, options: options, textureLimit: TextureLimit(of: executor))
    }

    /// Renders `view` offered `size` points.
    public func render(_ view: some View, size: Size, options: RenderOptions = RenderOptions()) throws -> Rendering {
        try run(try plan(view, size: size, options: options))
    }

    /// A planner for a run of frames on this context's executor that reuses a plan while frames lower the same.
    public func makePlanReuse() -> PlanReuse {
        PlanReuse(planner: planner, textureLimit: TextureLimit(of: executor))
    }

    /// Runs a plan made for this context's executor (`plan`, `makePlanReuse`) and reads its output back.
    public func run(_ planned: PlannedRender, options: ExecutionOptions = ExecutionOptions()) throws -> Rendering {
        try rendering(of: planned, try executor.execute(planned.plan, options: options))
    }

    /// Starts a plan made for this context's executor and returns without waiting for it (`Executor.submit`): a
    /// sequence submits frame N+1 before it collects frame N, so the device renders one while the other is read back.
    public func submit(_ planned: PlannedRender, options: ExecutionOptions = ExecutionOptions()) throws(ExecutionError) -> PendingRendering {
        PendingRendering(planned: planned, ticket: try executor.submit(planned.plan, options: options))
    }

    /// Waits for a submitted plan and reads its output back.
    public func collect(_ pending: PendingRendering) throws(ExecutionError) -> Rendering {
        try rendering(of: pending.planned, try executor.collect(pending.ticket))
    }

    private func rendering(of planned: PlannedRender, _ result: ExecutionResult) throws(ExecutionError) -> Rendering {
        guard let pixels = result.outputs[planned.output] else {
            throw ExecutionError.missingReadback(planned.output, device: executor.device.name)
        }
        return Rendering(pixels: pixels, origin: planned.origin, reports: result.reports, hostTime: result.hostTime, warnings: planned.warnings,
                         textWarnings: planned.textWarnings, barriers: result.barriers, deviceTime: result.deviceTimes.first)
    }

    /// Renders `scene` as it is `time` seconds in, `options` merged with the scene's own by the scenes' one rule
    /// (`Scene.options(at:index:caller:)`: its scale times `options.scale`, its background, its `$frame` unless `index`
    /// is given, reduce-motion when either asks; the rest `options`').
    public func render(_ scene: Scene, at time: Double, index: UInt32? = nil, options: RenderOptions = RenderOptions()) throws -> Rendering {
        let frame = scene.frame(at: time, index: index, caller: options)
        var rendering = try render(frame.view, size: frame.size, options: frame.options)
        rendering.warnings += frame.warnings.filter { !rendering.warnings.contains($0) }
        return rendering
    }
}
