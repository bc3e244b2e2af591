import WeftCPU
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftShaders
import WeftViews

/// The pixel debugger: runs one effect of a view at one pixel on the CPU evaluator, from SPIR-V
/// compiled with debug information and without the optimizer, and reports the value of every
/// statement of the author's source that the pixel ran (`PixelTrace`). Everything before the
/// effect renders as usual, so the effect sees exactly the inputs it sees in a render.
///
/// It lives in Weft, beside `RenderContext`, because it plans views like a render does; the
/// command line (`weft debug`) and the preview call the same `trace`.
public struct PixelDebugger: Sendable {
    /// The libraries whose functions may be traced (a scene's or a command line's).
    public var libraries: [ShaderLibrary]
    /// Visits recorded per statement (loop iterations beyond it are counted, not shown).
    public var iterationLimit: Int
    /// The CPU evaluator's worker threads for the passes before the traced one (nil: every core).
    public var threads: Int?

    public init(libraries: [ShaderLibrary], iterationLimit: Int = 16, threads: Int? = nil) {
        self.libraries = libraries
        self.iterationLimit = iterationLimit
        self.threads = threads
    }

    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case pixelOutside(x: Int, y: Int, width: Int, height: Int)
        /// No pass of the render runs that effect (or, with no name given, any library effect) at the pixel.
        case effectNotAtPixel(effect: String?, x: Int, y: Int, effects: [String])

        public var description: String {
            switch self {
            case let .pixelOutside(x, y, width, height):
                "pixel (\(x), \(y)) is outside the \(width)×\(height) picture"
            case let .effectNotAtPixel(effect, x, y, effects):
                (effect.map { "effect '\($0)' does not run at pixel (\(x), \(y))" } ?? "no effect runs at pixel (\(x), \(y))")
                    + (effects.isEmpty ? "; the render runs no stitchable effect" : "; effects of this render: \(effects.joined(separator: ", "))")
            }
        }
    }

    /// Traces `effect` (default: the last effect the render runs at that pixel) at output pixel `(x, y)`
    /// of `view` rendered at `size` with `options`.
    public func trace(_ view: some View, size: Size, options: RenderOptions = RenderOptions(), effect: String? = nil,
                      pixel: (x: Int, y: Int)) throws -> PixelTrace {
        // `traceAll` refuses a pixel no matching effect reaches, so there is a last trace.
        try traceAll(view, size: size, options: options, effect: effect, pixel: pixel).traces.last!
    }

    /// Traces every effect (or every run of `effect`) that contributes to output pixel `(x, y)` of `view` rendered at
    /// `size` with `options`, in the order the render runs them: an inner effect before the one applied over it.
    /// Each effect runs at its own pixel under the output pixel (`PlannedRender.passPixel`: an effect's layer is
    /// in the modified view's space, wherever and however it is composited).
    public func traceAll(_ view: some View, size: Size, options: RenderOptions = RenderOptions(), effect: String? = nil,
                         pixel: (x: Int, y: Int)) throws -> PixelTraces {
        let executor = CPUExecutor(options: CPUExecutor.Options(threads: threads ?? KernelProgram.defaultThreadCount, checks: []))
        let context = RenderContext(executor: executor)
        // Unstitched, so each effect keeps a pass of its own, named after it; the stitched plan says which kernel of
        // the render runs each one.
        var unfused = options
        unfused.fusion = false
        let planned = try context.plan(view, size: size, options: unfused)
        let output = planned.plan.textures[planned.output.index]
        guard pixel.x >= 0, pixel.y >= 0, pixel.x < output.width, pixel.y < output.height else {
            throw Problem.pixelOutside(x: pixel.x, y: pixel.y, width: output.width, height: output.height)
        }
        var fused = options
        fused.fusion = true
        let stitched = stitchedKernels(of: try context.plan(view, size: size, options: fused))

        var traceable: [String] = []
        var traces: [PixelTrace] = []
        for (index, pass) in planned.plan.passes.enumerated() {
            guard let (library, function, run) = lookUp(pass.kernel.name) else { continue }
            if !traceable.contains(function.name) { traceable.append(function.name) }
            guard effect == nil || effect == function.name,
                  let (inPass, point) = planned.passPixel(index, atOutputPixel: SIMD2(pixel.x, pixel.y)) else { continue }
            let kernel = try library.debugKernel(for: function, outputFormat: pass.kernel.outputFormat, pass: run)
            let kernelTrace = try executor.trace(planned.plan, pass: index, with: kernel, pixel: (inPass.x, inPass.y), limit: iterationLimit)
            var trace = makeTrace(kernelTrace, library: library, function: function, pixel: pixel, point: point, time: options.frame.time)
            trace.effectPixel = [inPass.x, inPass.y]
            trace.run = run
            trace.stitchedInto = stitched[function.name]
            traces.append(trace)
        }
        guard !traces.isEmpty else { throw Problem.effectNotAtPixel(effect: effect, x: pixel.x, y: pixel.y, effects: traceable) }
        return PixelTraces(pixel: [pixel.x, pixel.y], traces: traces)
    }

    /// The stitched kernel (`a+b`, as `weft plan` names it) that runs each function in a render, for functions that
    /// run stitched to others.
    private func stitchedKernels(of planned: PlannedRender) -> [String: String] {
        var kernels: [String: String] = [:]
        for pass in planned.plan.passes where pass.kernel.name.contains("+") {
            let stages = pass.kernel.name.split(separator: "+").compactMap { lookUp(String($0))?.1.name }
            guard stages.count > 1 else { continue } // one effect with a composite folded in
            for stage in stages { kernels[stage] = pass.kernel.name }
        }
        return kernels
    }

    /// The function a kernel runs, and which run of it (`name.passN` for the runs of a multi-pass effect).
    private func lookUp(_ kernelName: String) -> (ShaderLibrary, StitchableFunction, run: Int)? {
        var name = Substring(kernelName), run = 0
        if let dot = name.lastIndex(of: "."), name[dot...].hasPrefix(".pass"), let n = Int(name[name.index(dot, offsetBy: 5)...]) {
            (name, run) = (name[..<dot], n)
        }
        for library in libraries {
            if let function = try? library.function(named: String(name)) { return (library, function, run) }
        }
        return nil
    }

    /// Keeps what happened on the author's lines, with glslang's argument temporaries (`param`) left
    /// out; the wrapper's call of the function gives the arguments and the result.
    private func makeTrace(_ trace: KernelTrace, library: ShaderLibrary, function: StitchableFunction,
                           pixel: (x: Int, y: Int), point: SIMD2<Float>, time: Double) -> PixelTrace {
        func values(_ point: TracePoint, _ record: TraceRecord) -> [PixelTrace.Value] {
            zip(point.operands, record.values).map { operand, components in
                PixelTrace.Value(label: operand.label.isEmpty ? nil : operand.label, type: operand.type, components: components)
            }
        }
        let author = ShaderLibrary.authorLineTag
        var steps: [PixelTrace.Step] = []
        var arguments: [PixelTrace.Value] = []
        var result: PixelTrace.Value?
        var sampled: PixelTrace.Value?
        var lines: [String: String] = [:]
        for record in trace.records {
            let point = trace.points[record.point]
            guard let location = point.location else { continue }
            if location.file != author {
                // The generated wrapper calling the author's function.
                if point.name == function.name, point.kind == .call { arguments = values(point, record) }
                if point.name == function.name, point.kind == .returned { result = values(point, record).first }
                // A distortion's wrapper samples the layer where the function said.
                if function.kind == .distortion, point.name == "sampleLayer", point.kind == .returned { sampled = values(point, record).first }
                continue
            }
            if point.kind == .store, point.name == nil || point.name == "param" { continue }
            let kind = point.kind == .returned ? "return" : point.kind.rawValue
            steps.append(PixelTrace.Step(kind: kind, line: location.line, column: location.column, function: point.function,
                                         name: point.name, id: point.id, instruction: point.instruction,
                                         iteration: record.hit, values: values(point, record)))
            lines[String(location.line)] = library.sourceLine(location.line, of: function)
        }
        let omitted = trace.omitted.sorted { $0.key < $1.key }.compactMap { index, count -> PixelTrace.Omission? in
            let point = trace.points[index]
            guard let location = point.location, location.file == author else { return nil }
            return PixelTrace.Omission(line: location.line, name: point.name ?? "%\(point.id)", count: count)
        }
        return PixelTrace(effect: function.name, kind: function.kind.rawValue, file: function.file, pixel: [pixel.x, pixel.y],
                          point: [point.x, point.y], time: time, arguments: arguments, result: result, steps: steps,
                          omitted: omitted, sourceLines: lines, sampled: sampled)
    }
}
