import Foundation
import Synchronization
import WeftImage
import WeftRuntime

/// The CPU evaluator as a backend: runs a whole `RenderPlan` on the host, binding exactly what
/// each kernel's `KernelInterface` declares (docs/kernel-abi.md), and checks what it runs.
public final class CPUExecutor: Executor {
    public struct Checks: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Output pixels (RGBA8 outputs) whose RGB exceeds A.
        public static let premultiplication = Checks(rawValue: 1)
        /// Samples of the layer (binding 1) farther from their pixel than `maxSampleOffset`.
        public static let sampleBound = Checks(rawValue: 2)
        /// NaN or infinity stored to the output.
        public static let nonFinite = Checks(rawValue: 4)
        public static let all: Checks = [.premultiplication, .sampleBound, .nonFinite]
    }

    public struct Options: Sendable {
        /// Worker threads, 1…`CPUExecutor.maxThreads`; 1 runs single-threaded on the calling thread. More threads than
        /// cores cut the work as finely as that many cores would (the system runs them on the cores it has).
        public var threads: Int
        public var checks: Checks
        /// Instructions one batch of invocations may run before it is stopped as a runaway loop.
        public var instructionBudget: Int
        /// Sampler state per binding; Weft's kernels all use `SamplerState.weft`.
        public var samplers: [UInt32: SamplerState]
        /// Runs the engine kernels that have native code (`NativeKernel`: the blur) as that code instead of
        /// interpreting their SPIR-V. Native passes are not checked (`checks`): they are the engine's, not an author's.
        public var nativeKernels: Bool
        /// `nativeKernels`' default: on unless `$WEFT_CPU_NATIVE_KERNELS` is `0` (to measure or check the SPIR-V path
        /// from the command line).
        public static let nativeKernelsByEnvironment = ProcessInfo.processInfo.environment["WEFT_CPU_NATIVE_KERNELS"] != "0"

        public init(threads: Int = KernelProgram.defaultThreadCount, checks: Checks = .all,
                    instructionBudget: Int = KernelProgram.defaultInstructionBudget, samplers: [UInt32: SamplerState] = [:],
                    nativeKernels: Bool = Options.nativeKernelsByEnvironment) {
            // Clamped: one thread to `CPUExecutor.maxThreads`, and a budget of at least one instruction.
            let threads = min(max(threads, 1), CPUExecutor.maxThreads), instructionBudget = max(instructionBudget, 1)
            self.threads = threads
            self.nativeKernels = nativeKernels
            self.checks = checks
            self.instructionBudget = instructionBudget
            self.samplers = samplers
        }
    }

    /// What every CPU evaluator is (its `device`).
    public static let description = DeviceDescription(name: "Weft CPU evaluator", kind: .cpuEvaluator, driver: "WeftCPU", apiVersion: "SPIR-V 1.5")
    public var device: DeviceDescription { Self.description }
    public let options: Options
    private let programs = Mutex(LRUCache<String, KernelProgram>())
    private let residents = CPUResidentTextures()
    private let framesInFlight = CPUFramesInFlight()

    public init(options: Options = Options()) {
        self.options = options
    }

    public convenience init(threads: Int, checks: Checks = .all) {
        self.init(options: Options(threads: threads, checks: checks))
    }

    /// Programs decoded and kept for reuse (one per distinct kernel; the `LRUCache.kernelCapacity` most recently used).
    public var cachedProgramCount: Int { programs.withLock { $0.count } }

    /// The decoded program of `kernel`, compiled once per cache key.
    public func program(for kernel: CompiledKernel) throws(CPUError) -> KernelProgram {
        let key = kernel.cacheKey.isEmpty ? "\(kernel.name)#\(kernel.spirv.hashValue)" : kernel.cacheKey
        if let p = programs.withLock({ $0[key] }) { return p }
        let p = try KernelProgram(spirv: kernel.spirv)
        programs.withLock { $0[key] = p }
        return p
    }

    /// The most worker threads `Options.threads` takes.
    public static let maxThreads = 1024

    /// The largest texture side the evaluator accepts (a 16384² RGBA16F texture is 2 GiB).
    public static let maxTextureDimension = 16384

    public var resourceCounts: ExecutorResourceCounts {
        ExecutorResourceCounts(live: ["programs": cachedProgramCount, "resident textures": residents.count],
                               created: ["resident bytes uploaded": residents.bytesUploaded])
    }

    /// The plan's textures: its uploads, its resident textures (kept across plans), the rest cleared.
    private func textures(of plan: RenderPlan) -> [CPUTexture] {
        plan.textures.enumerated().map { index, d in
            let id = TextureID(index)
            if let pixels = plan.uploads[id] { return CPUTexture(pixels) }
            if let resident = plan.residents[id] { return residents.texture(for: resident) }
            return CPUTexture(width: d.width, height: d.height, format: d.format)
        }
    }

    public var capabilities: ExecutorCapabilities {
        ExecutorCapabilities(deviceTimestamps: false, hostThreads: options.threads, derivatives: .evaluatorQuads,
                             maxTextureDimension: Self.maxTextureDimension)
    }

    public func execute(_ plan: RenderPlan, options run: ExecutionOptions) throws(ExecutionError) -> ExecutionResult {
        try plan.validate(options: run, maxTextureDimension: Self.maxTextureDimension)
        let textures = textures(of: plan)
        var programs: [KernelProgram] = []
        for (index, pass) in plan.passes.enumerated() {
            do { programs.append(try program(for: pass.kernel)) } catch {
                throw .backend(device: device.name, kernel: pass.kernel.name, pass: index, message: error.description)
            }
        }
        var reports: [ExecutionReport] = []
        let alphaOnly = options.nativeKernels ? NativeBlur.alphaOnlyTextures(of: plan) : []
        let clock = ContinuousClock()
        let start = clock.now
        let runs = plan.sideBySideRuns { !(self.options.nativeKernels && $0.kernel.native != nil) }
        for repetition in 0..<run.repetitions {
            for passes in runs {
                let tallies: [CheckTally]
                if passes.count == 1 {
                    let index = passes.lowerBound, pass = plan.passes[index]
                    do { tallies = [try execute(pass, programs[index], textures, alphaOnly: alphaOnly.contains(pass.output))] } catch {
                        throw .backend(device: device.name, kernel: pass.kernel.name, pass: index, message: error.description)
                    }
                } else {
                    tallies = try interpretSideBySide(plan.passes, programs, passes, textures)
                }
                if repetition == 0 {
                    for (index, tally) in zip(passes, tallies) { reports += Self.reports(for: plan.passes[index], tally) }
                }
            }
        }
        let hostTime = clock.now - start
        var outputs: [TextureID: PixelBuffer] = [:]
        for id in plan.readbacks { outputs[id] = textures[id.index].pixelBuffer() }
        return ExecutionResult(outputs: outputs, deviceTimes: [], hostTime: hostTime, reports: reports)
    }

    /// Starts `plan` on the evaluator's own thread and returns at once; plans run in the order submitted (one at a time,
    /// each on `options.threads` threads), so the caller plans and encodes other frames meanwhile.
    public func submit(_ plan: RenderPlan, options run: ExecutionOptions) throws(ExecutionError) -> ExecutionTicket {
        .submitted(framesInFlight.start { () throws(ExecutionError) in try self.execute(plan, options: run) })
    }

    public func collect(_ ticket: ExecutionTicket) throws(ExecutionError) -> ExecutionResult {
        switch ticket {
        case .finished(let result):
            return result
        case .submitted(let id):
            guard let outcome = framesInFlight.finish(id) else {
                throw .invalidPlan("ticket \(id) is not in flight on \(device.name): each submitted plan is collected once")
            }
            return try outcome.get()
        }
    }

    /// Runs `plan` up to pass `target`, then that pass's invocation at `pixel` (in its output's
    /// pixels) with `kernel` — the same function compiled with debug information — translated
    /// for tracing. What the pass's other invocations and later passes would do is not run.
    public func trace(_ plan: RenderPlan, pass target: Int, with kernel: CompiledKernel, pixel: (x: Int, y: Int),
                      limit: Int = 16) throws(ExecutionError) -> KernelTrace {
        try plan.validate(options: ExecutionOptions(), maxTextureDimension: Self.maxTextureDimension)
        precondition(plan.passes.indices.contains(target), "pass \(target) is not in the plan")
        let textures = textures(of: plan)
        for (index, pass) in plan.passes.prefix(target).enumerated() {
            do { _ = try execute(pass, try program(for: pass.kernel), textures) } catch {
                throw .backend(device: device.name, kernel: pass.kernel.name, pass: index, message: error.description)
            }
        }
        let pass = plan.passes[target]
        do {
            let program = try KernelProgram(spirv: kernel.spirv, tracing: true)
            let resources = try BoundResources(program: program, bindings: bindings(for: pass, textures))
            let output = textures[pass.output.index]
            let whole = PixelRegion(origin: .zero, size: SIMD2(Int32(output.width), Int32(output.height)))
            let xy = pass.workgroups(for: whole, localSize: (program.localSize.x, program.localSize.y))
            // The invocation that writes `pixel`.
            let invocation = (pixel.x / pass.outputsPerInvocation.x, pixel.y / pass.outputsPerInvocation.y)
            return try program.trace(pixel: invocation, groups: (xy.x, xy.y, 1), resources: resources, limit: limit,
                                     instructionBudget: options.instructionBudget)
        } catch {
            throw .backend(device: device.name, kernel: pass.kernel.name, pass: target, message: error.description)
        }
    }

    private func bindings(for pass: KernelPass, _ textures: [CPUTexture]) -> CPUBindings {
        let interface = pass.kernel.interface
        var bindings = CPUBindings(pushConstants: pass.frame.bytes, samplers: options.samplers)
        bindings.textures[KernelABI.outputBinding] = textures[pass.output.index]
        if interface.readsLayer, let layer = pass.layer { bindings.textures[KernelABI.layerBinding] = textures[layer.index] }
        if interface.readsDestination, let d = pass.destination { bindings.textures[KernelABI.destinationBinding] = textures[d.index] }
        if interface.argumentBlockSize > 0 { bindings.buffers[KernelABI.argumentsBinding] = pass.arguments }
        if interface.readsArrays {
            bindings.buffers[KernelABI.arraysBinding] = pass.arrayData.flatMap { v in
                withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) }
            }
        }
        for (i, image) in pass.images.enumerated() {
            bindings.textures[KernelABI.firstImageBinding + UInt32(i)] = textures[image.index]
        }
        return bindings
    }

    /// `alphaOnly`: only tinted blurs read the pass's output (`NativeBlur.alphaOnlyTextures`).
    private func execute(_ pass: KernelPass, _ program: KernelProgram, _ textures: [CPUTexture], alphaOnly: Bool = false) throws(CPUError) -> CheckTally {
        let output = textures[pass.output.index]
        if options.nativeKernels, pass.kernel.native == .separableBlur, let layer = pass.layer,
           let blur = NativeBlur(pass, output: output, alphaOnly: alphaOnly) {
            blur.run(layer: textures[layer.index], output: output, threads: options.threads)
            return CheckTally()
        }
        if options.nativeKernels, pass.kernel.native == .shapesOverSolid || pass.kernel.native == .glyphsOverSolid,
           let fill = NativeSolidFill(pass, output: output) {
            fill.fill(output, threads: options.threads)
            guard let covered = fill.covered else { return CheckTally() }
            return try interpret(pass.bounded(to: covered), program, textures)
        }
        return try interpret(pass, program, textures)
    }

    /// Runs `pass` by interpreting its SPIR-V, with the checks.
    private func interpret(_ pass: KernelPass, _ program: KernelProgram, _ textures: [CPUTexture]) throws(CPUError) -> CheckTally {
        let dispatch = try kernelDispatch(pass, program, textures)
        return try Self.named(KernelProgram.dispatch([dispatch], threads: options.threads, instructionBudget: options.instructionBudget)[0],
                              pass).get()
    }

    /// Interprets passes `indices` of `passes` side by side (`RenderPlan.sideBySideRuns`); their tallies in order, or
    /// the error of the first that failed.
    private func interpretSideBySide(_ passes: [KernelPass], _ programs: [KernelProgram], _ indices: Range<Int>,
                                     _ textures: [CPUTexture]) throws(ExecutionError) -> [CheckTally] {
        var dispatches: [KernelDispatch] = []
        for index in indices {
            do { dispatches.append(try kernelDispatch(passes[index], programs[index], textures)) } catch {
                throw .backend(device: device.name, kernel: passes[index].kernel.name, pass: index, message: error.description)
            }
        }
        let outcomes = KernelProgram.dispatch(dispatches, threads: options.threads, instructionBudget: options.instructionBudget)
        var tallies: [CheckTally] = []
        for (index, outcome) in zip(indices, outcomes) {
            do { tallies.append(try Self.named(outcome, passes[index]).get()) } catch {
                throw .backend(device: device.name, kernel: passes[index].kernel.name, pass: index, message: error.description)
            }
        }
        return tallies
    }

    /// The dispatch that interprets `pass`: its bindings, checks and workgroups.
    private func kernelDispatch(_ pass: KernelPass, _ program: KernelProgram, _ textures: [CPUTexture]) throws(CPUError) -> KernelDispatch {
        let interface = pass.kernel.interface
        let output = textures[pass.output.index]
        let bindings = bindings(for: pass, textures)
        var checks = CheckConfiguration()
        checks.storeBinding = KernelABI.outputBinding
        checks.premultiplication = options.checks.contains(.premultiplication) && output.format == .rgba8Unorm && pass.outputIsColor
        checks.nonFinite = options.checks.contains(.nonFinite)
        if options.checks.contains(.sampleBound), interface.readsLayer {
            let f = pass.frame
            checks.sampleBound = SampleBoundCheck(binding: KernelABI.layerBinding, layerOrigin: f.layerOrigin, layerSize: f.layerSize,
                                                  outputOrigin: f.outputOrigin, scale: f.scale, limit: pass.maxSampleOffset)
        }
        let resources = try BoundResources(program: program, bindings: bindings)
        let xy = pass.workgroups(for: pass.dispatchRegion(width: output.width, height: output.height),
                                 localSize: (program.localSize.x, program.localSize.y))
        return KernelDispatch(program: program, groups: (xy.x, xy.y, 1), resources: resources, checks: checks)
    }

    /// A runaway loop named by the pass's kernel.
    private static func named(_ outcome: Result<CheckTally, CPUError>, _ pass: KernelPass) -> Result<CheckTally, CPUError> {
        outcome.mapError { error in
            guard case .instructionBudgetExceeded(let budget, let function, let block) = error else { return error }
            return .kernelRanPastBudget(kernel: pass.kernel.name, budget: budget, function: function, block: block)
        }
    }

    static func reports(for pass: KernelPass, _ t: CheckTally) -> [ExecutionReport] {
        var out: [ExecutionReport] = []
        let name = pass.kernel.name
        if let first = t.firstNotPremultiplied {
            out.append(.notPremultiplied(kernel: name, count: t.notPremultipliedCount, x: first.x, y: first.y, value: first.value))
        }
        if let first = t.firstNonFinite {
            out.append(.nonFinite(kernel: name, count: t.nonFiniteCount, x: first.x, y: first.y, value: first.value))
        }
        if let first = t.firstBeyondLimit, let limit = pass.maxSampleOffset {
            out.append(.sampleBound(kernel: name, count: t.beyondLimitCount, x: first.x, y: first.y, limit: limit,
                                    farthest: t.maxSampleDistance, sampled: SIMD2(first.value.x, first.value.y)))
        }
        return out
    }
}
