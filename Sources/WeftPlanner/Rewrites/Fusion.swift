import WeftRuntime
import WeftShaders
import WeftViews

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
        var parts: [PlannedPass]
        var last: KernelPass { parts[parts.count - 1].pass }
        /// The chain's stages, when every part is a stitchable function (engine and hand-compiled kernels are not).
        var stages: [FusionStage]? {
            var stages: [FusionStage] = []
            for part in parts {
                guard let stitch = part.stitchToTexture else { return nil }
                stages += stitch.stages
            }
            return stages
        }
    }

    static func rewrite(_ planned: [PlannedPass], readbacks: [TextureID],
                        kernels: FusedKernelCache) -> (passes: [PlannedPass], notes: [FusionNote]) {
        // Only a stitchable effect's pass joins a chain or is refused one.
        guard planned.contains(where: { $0.stitchToTexture != nil }) else { return (planned, []) }
        var readers = [TextureID: Int]()
        for entry in planned {
            for input in entry.pass.inputs { readers[input, default: 0] += 1 }
        }
        for id in readbacks { readers[id, default: 0] += 1 }

        var chains = [Chain?]()
        var producer = [TextureID: Int]()
        var notes = [FusionNote]()
        for entry in planned {
            let pass = entry.pass
            if let stitch = entry.stitchToTexture, let layer = pass.layer, let index = producer[layer], let chain = chains[index] {
                switch refusal(of: pass, stitch, onto: chain, readers: readers[layer] ?? 0, readback: readbacks.contains(layer),
                               kernels: kernels) {
                case .some(let reason):
                    notes.append(FusionNote(kernel: pass.kernel.name, reason: reason))
                case .none:
                    chains[index] = nil
                    producer[pass.output] = chains.count
                    chains.append(Chain(parts: chain.parts + [entry]))
                    continue
                }
            }
            producer[pass.output] = chains.count
            chains.append(Chain(parts: [entry]))
        }
        let rewritten = chains.compactMap { $0 }.map { chain -> PlannedPass in
            guard chain.parts.count > 1, let stages = chain.stages else { return chain.parts[0] }
            let parts = chain.parts.map(\.pass)
            // Compiled while deciding (`refusal`), so this is the cache's answer.
            guard let kernel = try? kernels.kernel(stages, parts: parts.map(\.kernel)) else {
                preconditionFailure("a fused kernel that compiled while planning is gone")
            }
            let (arguments, arrayData) = KernelFusion.concatenate(arguments: parts.map(\.arguments),
                                                                  arrayData: parts.map(\.arrayData), of: stages)
            var pass = parts[0]
            pass.kernel = kernel
            pass.output = chain.last.output
            pass.destination = nil
            pass.images = parts.flatMap(\.images)
            pass.arguments = arguments
            pass.arrayData = arrayData
            return PlannedPass(pass: pass, origin: .stitched(PlannedPass.Stitch(stages: stages, parts: parts.map(\.kernel)), .texture),
                               provenance: provenance(of: chain.parts, stages))
        }
        return (rewritten, notes)
    }

    /// Where a stitched pass's values come from (`KernelFusion.concatenate`): each part's bytes in turn, but for each
    /// array handle, which is computed (moved by the floats of the earlier stages' arrays).
    private static func provenance(of parts: [PlannedPass], _ stages: [FusionStage]) -> ValueProvenance? {
        var arguments: [ValueProvenance.Run] = [], arrayData: [ValueProvenance.Run] = []
        for (stage, part) in zip(stages, parts) {
            guard var values = part.provenance?.arguments else { return nil }
            for p in stage.function.parameters where p.isArray {
                let handle = p.blockOffset! ..< p.blockOffset! + 4
                values = ValueProvenance.replacing(values, handle, with: ValueProvenance.computed(4, reading: ValueProvenance.spans(of: values, handle)))
            }
            arguments += values
            arrayData += part.provenance!.arrayData
        }
        return ValueProvenance(arguments: arguments, arrayData: arrayData)
    }

    /// Why `pass` (running `stitch`) cannot join `chain`, whose last pass writes its layer; nil when it can.
    private static func refusal(of pass: KernelPass, _ stitch: PlannedPass.Stitch, onto chain: Chain, readers: Int, readback: Bool,
                                kernels: FusedKernelCache) -> String? {
        let producer = chain.last
        guard let chainStages = chain.stages else {
            return "its input is written by \(producer.kernel.name), not by a stitchable effect"
        }
        if readback { return "the output of \(producer.kernel.name) is also the render's result" }
        if readers > 1 { return "the output of \(producer.kernel.name) is read by \(readers) passes" }
        let stages = chainStages + stitch.stages
        let parts = chain.parts.map(\.pass.kernel) + [pass.kernel]
        if let reason = KernelFusion.refusal(stages, kernels: parts) { return reason }
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
            _ = try kernels.kernel(stages, parts: parts)
        } catch {
            return "the fused kernel failed to compile (a Weft defect): \(error.log.split(separator: "\n").first ?? "")"
        }
        return nil
    }
}
