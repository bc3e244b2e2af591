import WeftRuntime
import WeftShaders

/// Why an effect pass was not stitched onto the pass that produces its input (`weft plan` prints these).
public struct FusionNote: Sendable, Hashable, CustomStringConvertible {
    /// The kernel left as a pass of its own.
    public var kernel: String
    public var reason: String
    public var description: String { "\(kernel): \(reason)" }
}

/// Fusion, a pure rewrite of the pass list between lowering and allocation: an effect pass whose input layer is the
/// output of a stitchable effect's pass, read by nothing else and on the same pixel grid, becomes one pass with its
/// producer (`KernelFusion`): color ∘ color ∘ …, fill → color, distortion → color, layer → color. A layer or
/// distortion effect reading another effect's output samples it at other positions, so that output stays a texture.
enum Fusion {
    /// Consecutive passes of one stitched chain, first to last.
    private struct Chain {
        var parts: [KernelPass]
        /// nil where a part is not a stitchable function (engine and hand-compiled kernels).
        var stages: [FusionStage?]
        var last: KernelPass { parts[parts.count - 1] }
    }

    /// What a stitchable pass runs: its stages (one, or a stitched chain) and their own kernels, the fused kernel's key.
    /// The pass's argument block and array data are the stages' concatenated (`KernelFusion.concatenate`).
    struct Stitch {
        var stages: [FusionStage]
        var parts: [CompiledKernel]
    }

    static func rewrite(passes: [KernelPass], stages: [FusionStage?], readbacks: [TextureID],
                        kernels: FusedKernelCache) -> (passes: [KernelPass], stitches: [Stitch?], notes: [FusionNote]) {
        var readers = [TextureID: Int]()
        for pass in passes {
            for input in pass.inputs { readers[input, default: 0] += 1 }
        }
        for id in readbacks { readers[id, default: 0] += 1 }

        var chains = [Chain?]()
        var producer = [TextureID: Int]()
        var notes = [FusionNote]()
        for (pass, stage) in zip(passes, stages) {
            if let stage, let layer = pass.layer, let index = producer[layer], let chain = chains[index] {
                switch refusal(of: pass, stage, onto: chain, readers: readers[layer] ?? 0, readback: readbacks.contains(layer),
                               kernels: kernels) {
                case .some(let reason):
                    notes.append(FusionNote(kernel: pass.kernel.name, reason: reason))
                case .none:
                    chains[index] = nil
                    producer[pass.output] = chains.count
                    chains.append(Chain(parts: chain.parts + [pass], stages: chain.stages + [stage]))
                    continue
                }
            }
            producer[pass.output] = chains.count
            chains.append(Chain(parts: [pass], stages: [stage]))
        }
        let kept = chains.compactMap { $0 }
        let stitches = kept.map { chain -> Stitch? in
            guard !chain.stages.contains(where: { $0 == nil }) else { return nil }
            return Stitch(stages: chain.stages.map { $0! }, parts: chain.parts.map(\.kernel))
        }
        let rewritten = kept.map { chain -> KernelPass in
            guard chain.parts.count > 1 else { return chain.parts[0] }
            let stages = chain.stages.map { $0! }
            // Compiled while deciding (`refusal`), so this is the cache's answer.
            guard let kernel = try? kernels.kernel(stages, parts: chain.parts.map(\.kernel)) else {
                preconditionFailure("a fused kernel that compiled while planning is gone")
            }
            let (arguments, arrayData) = KernelFusion.concatenate(arguments: chain.parts.map(\.arguments),
                                                                  arrayData: chain.parts.map(\.arrayData), of: stages)
            let first = chain.parts[0]
            return KernelPass(kernel: kernel, output: chain.last.output, layer: first.layer, images: chain.parts.flatMap(\.images),
                              frame: first.frame, arguments: arguments, arrayData: arrayData, maxSampleOffset: first.maxSampleOffset)
        }
        return (rewritten, stitches, notes)
    }

    /// Why `pass` (running `stage`) cannot join `chain`, whose last pass writes its layer; nil when it can.
    private static func refusal(of pass: KernelPass, _ stage: FusionStage, onto chain: Chain, readers: Int, readback: Bool,
                                kernels: FusedKernelCache) -> String? {
        let producer = chain.last
        if chain.stages.contains(where: { $0 == nil }) {
            return "its input is written by \(producer.kernel.name), not by a stitchable effect"
        }
        if readback { return "the output of \(producer.kernel.name) is also the render's result" }
        if readers > 1 { return "the output of \(producer.kernel.name) is read by \(readers) passes" }
        let stages = chain.stages.map { $0! } + [stage]
        if let reason = KernelFusion.refusal(stages, kernels: chain.parts.map(\.kernel) + [pass.kernel]) { return reason }
        var aligned = pass.frame
        aligned.layerOrigin = producer.frame.layerOrigin
        aligned.layerSize = producer.frame.layerSize
        guard aligned == producer.frame, pass.frame.layerOrigin == producer.frame.outputOrigin,
              pass.frame.layerSize == SIMD2<Float>(producer.frame.outputSize) else {
            return "it runs over another pixel grid or view size than \(producer.kernel.name)"
        }
        guard pass.kernel.outputFormat == producer.kernel.outputFormat else {
            return "it writes \(pass.kernel.outputFormat.rawValue), \(producer.kernel.name) writes \(producer.kernel.outputFormat.rawValue)"
        }
        do {
            _ = try kernels.kernel(stages, parts: chain.parts.map(\.kernel) + [pass.kernel])
        } catch {
            return "the fused kernel failed to compile (a Weft defect): \(error.log.split(separator: "\n").first ?? "")"
        }
        return nil
    }
}
