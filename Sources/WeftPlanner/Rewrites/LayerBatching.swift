import WeftRuntime

/// The last rewrite before scheduling (docs/compositing.md, "Layer batches"): in-place `weft.layer` composites onto one
/// canvas that follow each other on that canvas — no pass between them reads or writes the canvas, or overwrites an
/// earlier one's layer — run as one `weft.layer.batch.N` pass over the union of their rectangles, where the last of them
/// ran (`LayerBatchKernel`). Overlapping items keep their order and their rounding, so the pixels are the passes'.
/// `RenderOptions.layerBatches` (`WEFT_LAYER_BATCH=0`) turns it off.
struct LayerBatching {
    private(set) var planned: [PlannedPass]

    init(_ planned: [PlannedPass]) {
        self.planned = planned
    }

    static func batched(_ planned: [PlannedPass], engine: EngineKernelCache) -> [PlannedPass] {
        var batching = LayerBatching(planned)
        batching.batch(engine: engine)
        return batching.planned
    }

    mutating func batch(engine: EngineKernelCache) {
        var i = 0
        while i < planned.count {
            let items = run(from: i)
            if items.count >= 2, let batch = try? batch(items.map { planned[$0].pass }, engine: engine) {
                planned[items.last!] = PlannedPass(pass: batch, origin: .compiled, provenance: provenance(of: items.map { planned[$0].provenance }))
                for index in items.dropLast().reversed() { planned.remove(at: index) }
            }
            i += 1
        }
    }

    /// Whether pass `k` is a composite the batch kernel can run: `weft.layer.inPlace` over a rectangle of its canvas.
    private func isItem(_ k: Int) -> Bool {
        let pass = planned[k].pass
        return planned[k].engine == EngineKernel.Variant(.layer, .inPlace) && pass.region != nil && pass.layer != nil
            && pass.arguments.count == LayerBatchKernel.layerBlockSize
    }

    /// The indices of the composites that run with pass `i` in one batch (only `i` when none can).
    private func run(from i: Int) -> [Int] {
        guard isItem(i) else { return [i] }
        let first = planned[i].pass
        // An in-place draw writes a new logical texture that continues its destination's.
        var canvas = first.output
        var items = [i]
        var layers: Set<TextureID> = [first.layer!]
        for k in (i + 1)..<planned.count where items.count < LayerBatchKernel.capacity {
            let pass = planned[k].pass
            if pass.output == canvas || pass.inputs.contains(canvas) {
                guard isItem(k), pass.destination == canvas, pass.kernel.outputFormat == first.kernel.outputFormat,
                      pass.frame.scale == first.frame.scale, pass.frame.outputOrigin == first.frame.outputOrigin,
                      let layer = pass.layer, !layers.contains(layer) else { break }
                items.append(k)
                layers.insert(layer)
                canvas = pass.output
            } else if layers.contains(pass.output) || pass.destination.map(layers.contains) == true {
                break
            }
        }
        return items
    }

    /// One pass that runs `items` (in-place composites onto one canvas, in order).
    private func batch(_ items: [KernelPass], engine: EngineKernelCache) throws(RenderError) -> KernelPass {
        let first = items[0]
        var records: [Float] = []
        var lower = SIMD2<Int32>(repeating: .max), upper = SIMD2<Int32>(repeating: .min)
        for item in items {
            let region = item.region!
            records += stride(from: 0, to: item.arguments.count, by: 4).map { at in
                Float(bitPattern: item.arguments[at ..< at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) })
            }
            records += [item.frame.layerOrigin.x, item.frame.layerOrigin.y, item.frame.layerSize.x, item.frame.layerSize.y]
            let end = region.origin &+ region.size
            records += [region.origin.x, region.origin.y, end.x, end.y].map { Float(bitPattern: UInt32(bitPattern: $0)) }
            lower = pointwiseMin(lower, region.origin)
            upper = pointwiseMax(upper, end)
        }
        var block = ArgumentBlock()
        block.ivec4(Int32(items.count))
        var pass = first
        pass.kernel = try engine.layerBatch(count: items.count, outputFormat: first.kernel.outputFormat)
        pass.output = items.last!.output
        pass.layer = nil
        pass.images = items.map { $0.layer! }
        pass.frame.layerOrigin = .zero
        pass.frame.layerSize = .zero
        pass.arguments = block.bytes
        pass.arrayData = records
        pass.maxSampleOffset = nil
        return pass.bounded(to: PixelRegion(origin: lower, size: upper &- lower))
    }

    /// Where a batch's values come from (`batch`): its block is computed (the count); each item's record is its
    /// argument bytes, then its layer's placement and its rectangle (computed from its constants and region).
    private func provenance(of items: [ValueProvenance?]) -> ValueProvenance? {
        var records: [ValueProvenance.Run] = []
        for item in items {
            guard let item else { return nil }
            records += item.arguments + ValueProvenance.computed(32)
        }
        return ValueProvenance(arguments: ValueProvenance.computed(16), arrayData: records)
    }
}
