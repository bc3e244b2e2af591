import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// Two pass-list rewrites after stitching and bounding (docs/fusion.md, "Folded composites"):
///
/// - a layer composite is folded into the stitched pass or the shadow blur that produces its layer
///   (`FusionComposite.Destination.inPlace`): the producer runs for each canvas pixel the composite changes and its
///   result is blended over it, so the layer is never written;
/// - a solid fill is folded into the one draw that reads it as its destination (an engine shape or layer pass, or a
///   folded composite): that draw writes the whole canvas with the fill's color as its destination.
///
/// Both are exact: the fill's color and the producer's result are rounded as their textures would have stored them.
struct CompositeFolding {
    private(set) var planned: [PlannedPass]
    private let logical: [TextureDescriptor]
    private let readbacks: [TextureID]
    /// By texture index, whether a pass of the list as given writes it: a layer no pass writes (an upload) has no
    /// producer to fold into, found without looking through the list. Folding makes no texture newly written.
    private let writtenByPass: [Bool]

    init(_ planned: [PlannedPass], logical: [TextureDescriptor], readbacks: [TextureID]) {
        self.planned = planned
        self.logical = logical
        self.readbacks = readbacks
        var written = [Bool](repeating: false, count: logical.count)
        for entry in planned { written[entry.pass.output.index] = true }
        writtenByPass = written
    }

    mutating func foldLayers(composites: [TextureID: CompositeFold], kernels: FusedKernelCache, engine: EngineKernelCache) {
        var i = 0
        while i < planned.count {
            let composite = planned[i].pass
            guard let fold = composites[composite.output], planned[i].engine == EngineKernel.Variant(.layer, .inPlace),
                  let region = composite.region, let layer = composite.layer, writtenByPass[layer.index],
                  let p = planned.firstIndex(where: { $0.pass.output == layer }), p < i,
                  isReadOnlyOnce(layer), planned[p].pass.kernel.outputFormat == composite.kernel.outputFormat,
                  planned[p].pass.frame.scale == composite.frame.scale,
                  !inputsContinued(of: planned[p].pass, after: p, before: i),
                  let (kernel, origin) = producer(at: p, kernels: kernels, engine: engine) else {
                i += 1
                continue
            }
            let producer = planned[p].pass
            let block = Self.compositeBlock(fold, grid: logical[producer.output.index], origin: producer.frame.outputOrigin)
            var pass = producer
            pass.kernel = kernel
            pass.output = composite.output
            pass.destination = composite.destination
            pass.frame.outputOrigin -= SIMD2<Float>(fold.offset) / pass.frame.scale
            pass.arguments += block
            let provenance = planned[p].provenance.map {
                ValueProvenance(arguments: $0.arguments + ValueProvenance.computed(block.count), arrayData: $0.arrayData)
            }
            planned[i] = PlannedPass(pass: pass.bounded(to: region), origin: origin, provenance: provenance)
            planned.remove(at: p)
        }
    }

    /// The kernel of pass `p` with a composite folded onto its end, in place, and the pass's origin then: when it is a
    /// stitched pass or a shadow's blur.
    private func producer(at p: Int, kernels: FusedKernelCache, engine: EngineKernelCache) -> (CompiledKernel, PlannedPass.Origin)? {
        let format = planned[p].pass.kernel.outputFormat
        if let stitch = planned[p].stitchToTexture {
            guard KernelFusion.refusal(stitch.stages, kernels: stitch.parts) == nil,
                  let kernel = try? kernels.kernel(stitch.stages, parts: stitch.parts, composite: .inPlace) else { return nil }
            return (kernel, .stitched(stitch, .inPlace))
        }
        // A tiled blur stays a pass of its own: over the blur's own rectangle, each texel fetched once a run, it costs less than
        // summing every tap again over the composite's area.
        guard planned[p].engine == EngineKernel.Variant(.blur), let kernel = try? engine.kernel(.blur, .inPlace, outputFormat: format) else {
            return nil
        }
        return (kernel, .engine(EngineKernel.Variant(.blur, .inPlace)))
    }

    mutating func foldSolids(kernels: FusedKernelCache, engine: EngineKernelCache) {
        var s = 0
        while s < planned.count {
            let fill = planned[s].pass
            guard case .engine(let variant, let facts) = planned[s].origin, variant.kernel == .solid, let color = facts.fill,
                  isReadOnlyOnce(fill.output),
                  let c = planned.firstIndex(where: { $0.pass.destination == fill.output }), c > s,
                  planned[c].pass.layer != fill.output, !planned[c].pass.images.contains(fill.output),
                  isWorthWidening(planned[c], to: fill),
                  let (kernel, arguments, origin) = overSolid(planned[c], color: Self.stored(color, in: fill.kernel.outputFormat),
                                                              kernels: kernels, engine: engine) else {
                s += 1
                continue
            }
            var pass = planned[c].pass.unbounded()
            pass.kernel = kernel
            pass.destination = nil
            pass.frame.dispatchOrigin = .zero
            pass.frame.outputSize = fill.frame.outputSize
            pass.arguments = arguments
            let provenance = planned[c].provenance.map { draw in
                ValueProvenance(arguments: Self.withSolid(draw.arguments, folded: planned[c].hasFoldedComposite), arrayData: draw.arrayData)
            }
            planned[c] = PlannedPass(pass: pass, origin: origin, provenance: provenance)
            planned.remove(at: s)
        }
    }

    /// Whether `draw`, run over the whole of `fill`'s output instead of its region, costs no more than it saves (the
    /// fill's pass): a shape batch tests every shape's bounds at every pixel, so a long batch over a small part of a
    /// large canvas stays bounded.
    private func isWorthWidening(_ draw: PlannedPass, to fill: KernelPass) -> Bool {
        guard case .engine(EngineKernel.Variant(.shape, .inPlace), let facts) = draw.origin, let region = draw.pass.region else { return true }
        let canvas = Int(fill.frame.outputSize.x) * Int(fill.frame.outputSize.y)
        return facts.shapes <= 16 || 2 * Int(region.size.x) * Int(region.size.y) >= canvas
    }

    /// The kernel, arguments and origin of `draw` over a destination of one stored `color`, when it has a variant that
    /// takes one: an engine shape batch or layer composite, or a pass with a composite folded in.
    private func overSolid(_ draw: PlannedPass, color: SIMD4<Float>, kernels: FusedKernelCache,
                           engine: EngineKernelCache) -> (CompiledKernel, [UInt8], PlannedPass.Origin)? {
        var solid = ArgumentBlock()
        solid.vec4(color)
        // A folded composite's block ends with its solid destination (`FusionComposite.blockSize`); the engine's shape
        // and layer kernels take it as one more member.
        var withSolid = draw.pass.arguments
        if draw.hasFoldedComposite {
            withSolid.replaceSubrange(withSolid.count - 16 ..< withSolid.count, with: solid.bytes)
        } else {
            withSolid += solid.bytes
        }
        let format = draw.pass.kernel.outputFormat
        switch draw.origin {
        case .engine(let variant, let facts):
            let canFold = variant.kernel == .shape || variant.kernel == .glyph || variant.kernel == .layer || (variant.kernel == .blur && variant.destination == .inPlace)
            let over = EngineKernel.Variant(variant.kernel, .overSolid)
            guard canFold, let kernel = try? engine.kernel(over, outputFormat: format) else { return nil }
            return (kernel, withSolid, .engine(over, facts))
        case .stitched(let stitch, .inPlace):
            guard let kernel = try? kernels.kernel(stitch.stages, parts: stitch.parts, composite: .solid) else { return nil }
            return (kernel, withSolid, .stitched(stitch, .overSolid))
        case .stitched, .compiled:
            return nil
        }
    }

    /// Where the bytes of a draw's arguments with its solid destination (`overSolid`) come from: the draw's, with the
    /// solid's 16 bytes (computed from the fill's color) in place of a folded composite's last member or after them.
    private static func withSolid(_ runs: [ValueProvenance.Run], folded: Bool) -> [ValueProvenance.Run] {
        let solid = ValueProvenance.computed(16)
        guard folded else { return runs + solid }
        let count = runs.reduce(0) { $0 + $1.count }
        return ValueProvenance.replacing(runs, count - 16 ..< count, with: solid)
    }

    /// The composite's member of a folded kernel's argument block (`FusionComposite.blockSize`).
    private static func compositeBlock(_ fold: CompositeFold, grid: TextureDescriptor, origin: SIMD2<Float>) -> [UInt8] {
        var block = ArgumentBlock()
        block.ivec4(fold.offset.x, fold.offset.y, Int32(grid.width), Int32(grid.height))
        block.ivec4(fold.blendCode, fold.clamps ? 1 : 0)
        block.vec4(fold.opacity, origin.x, origin.y, 0)
        block.vec4(0, 0, 0, 0) // the solid destination, set when a fill is folded in
        return block.bytes
    }

    /// `color` as a texture of `format` stores it and a kernel reads it back (one texel of a `PixelBuffer`).
    static func stored(_ color: SIMD4<Float>, in format: PixelFormat) -> SIMD4<Float> {
        var texel = PixelBuffer.blank(width: 1, height: 1, format: format)
        texel[0, 0] = color
        return texel[0, 0]
    }

    /// Whether exactly one pass reads `texture` and the render does not read it back.
    private func isReadOnlyOnce(_ texture: TextureID) -> Bool {
        guard !readbacks.contains(texture) else { return false }
        var reads = 0
        for entry in planned {
            entry.pass.forEachInput { if $0 == texture { reads += 1 } }
        }
        return reads == 1
    }

    /// Whether a pass after `p` and before `i` draws in place over one of pass `p`'s inputs (so that moving `p`'s work
    /// to `i` would read what that draw wrote).
    private func inputsContinued(of pass: KernelPass, after p: Int, before i: Int) -> Bool {
        let inputs = pass.inputs
        return planned[(p + 1)..<i].contains { $0.pass.kernel.interface.readsOutput && $0.pass.destination.map(inputs.contains) == true }
    }
}
