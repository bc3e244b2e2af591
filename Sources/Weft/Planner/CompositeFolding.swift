import WeftImage
import WeftRuntime
import WeftShaders

/// A layer composite whose layer lands texel for texel on its canvas, with nothing between them that needs the layer
/// as a texture: no mask, no conversion, no filtering (`Lowering.emitLayer` records these).
struct CompositeFold {
    /// The canvas pixel that layer texel (0, 0) lands on.
    var offset: SIMD2<Int32>
    var opacity: Float
    var blendCode: Int32
    var clamps: Bool
}

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
    private(set) var passes: [KernelPass]
    private(set) var stitches: [Fusion.Stitch?]
    /// Per pass, whether a composite was folded into it, so that a fill can be folded in after it.
    private var folded: [Bool]
    private let logical: [TextureDescriptor]
    private let readbacks: [TextureID]

    init(passes: [KernelPass], stitches: [Fusion.Stitch?], logical: [TextureDescriptor], readbacks: [TextureID]) {
        self.passes = passes
        self.stitches = stitches.count == passes.count ? stitches : passes.map { _ in nil }
        self.folded = passes.map { _ in false }
        self.logical = logical
        self.readbacks = readbacks
    }

    mutating func foldLayers(composites: [TextureID: CompositeFold], kernels: FusedKernelCache, engine: EngineKernelCache) {
        var i = 0
        while i < passes.count {
            let composite = passes[i]
            guard let fold = composites[composite.output], composite.kernel.interface.readsOutput,
                  let region = composite.region, let layer = composite.layer,
                  let p = passes.firstIndex(where: { $0.output == layer }), p < i,
                  isReadOnlyOnce(layer), passes[p].kernel.outputFormat == composite.kernel.outputFormat,
                  passes[p].frame.scale == composite.frame.scale,
                  !inputsContinued(of: passes[p], after: p, before: i),
                  let (kernel, arguments, arrayData) = producer(at: p, folding: fold, kernels: kernels, engine: engine) else {
                i += 1
                continue
            }
            let producer = passes[p]
            var frame = producer.frame
            frame.outputOrigin -= SIMD2<Float>(fold.offset) / frame.scale
            passes[i] = KernelPass(kernel: kernel, output: composite.output, layer: producer.layer, destination: composite.destination,
                                   images: producer.images, frame: frame, arguments: arguments, arrayData: arrayData,
                                   maxSampleOffset: producer.maxSampleOffset).bounded(to: region)
            stitches[i] = stitches[p]
            folded[i] = true
            remove(at: p)
        }
    }

    /// Pass `p` with `fold` folded onto its end, in place: its kernel, arguments and array data, when it is a stitched
    /// pass or a shadow's blur.
    private func producer(at p: Int, folding fold: CompositeFold, kernels: FusedKernelCache,
                          engine: EngineKernelCache) -> (CompiledKernel, [UInt8], [Float])? {
        let pass = passes[p]
        let kernel: CompiledKernel?
        if let stitch = stitches[p] {
            kernel = KernelFusion.refusal(stitch.stages, kernels: stitch.parts) == nil
                ? try? kernels.kernel(stitch.stages, parts: stitch.parts, composite: .inPlace) : nil
        } else {
            kernel = EngineKernel(rawValue: pass.kernel.name) == .blur
                ? try? engine.kernel(.blurInPlace, outputFormat: pass.kernel.outputFormat) : nil
        }
        guard let kernel else { return nil }
        let block = Self.compositeBlock(fold, grid: logical[pass.output.index], origin: pass.frame.outputOrigin)
        return (kernel, pass.arguments + block, pass.arrayData)
    }

    mutating func foldSolids(kernels: FusedKernelCache, engine: EngineKernelCache) {
        var s = 0
        while s < passes.count {
            let fill = passes[s]
            guard EngineKernel(rawValue: fill.kernel.name) == .solid, isReadOnlyOnce(fill.output),
                  let c = passes.firstIndex(where: { $0.destination == fill.output }), c > s,
                  passes[c].layer != fill.output, !passes[c].images.contains(fill.output), isWorthWidening(passes[c], to: fill),
                  let (kernel, arguments) = overSolid(passes[c], color: Self.stored(Self.color(of: fill), in: fill.kernel.outputFormat),
                                                      at: c, kernels: kernels, engine: engine) else {
                s += 1
                continue
            }
            let draw = passes[c]
            var frame = draw.frame
            frame.dispatchOrigin = .zero
            frame.outputSize = fill.frame.outputSize
            passes[c] = KernelPass(kernel: kernel, output: draw.output, layer: draw.layer, images: draw.images, frame: frame,
                                   arguments: arguments, arrayData: draw.arrayData, maxSampleOffset: draw.maxSampleOffset)
            remove(at: s)
        }
    }

    /// Whether `draw`, run over the whole of `fill`'s output instead of its region, costs no more than it saves (the
    /// fill's pass): a shape batch tests every shape's bounds at every pixel, so a long batch over a small part of a
    /// large canvas stays bounded.
    private func isWorthWidening(_ draw: KernelPass, to fill: KernelPass) -> Bool {
        guard EngineKernel(rawValue: draw.kernel.name) == .shapeInPlace, let region = draw.region else { return true }
        let shapes = Int32(bitPattern: Self.word(draw.arguments, at: 0))
        let canvas = Int(fill.frame.outputSize.x) * Int(fill.frame.outputSize.y)
        return shapes <= 16 || 2 * Int(region.size.x) * Int(region.size.y) >= canvas
    }

    /// The kernel and arguments of `draw` (pass `index`) over a destination of one stored `color`, when it has a
    /// variant that takes one.
    private func overSolid(_ draw: KernelPass, color: SIMD4<Float>, at index: Int, kernels: FusedKernelCache,
                           engine: EngineKernelCache) -> (CompiledKernel, [UInt8])? {
        var solid = ArgumentBlock()
        solid.vec4(color)
        // A folded composite's block ends with its solid destination (`FusionComposite.blockSize`); the engine's shape
        // and layer kernels take it as one more member.
        var withSolid = draw.arguments
        if folded[index] { withSolid.replaceSubrange(withSolid.count - 16 ..< withSolid.count, with: solid.bytes) } else { withSolid += solid.bytes }
        if let own = EngineKernel(rawValue: draw.kernel.name), let variant = own.overSolid,
           let kernel = try? engine.kernel(variant, outputFormat: draw.kernel.outputFormat) {
            return (kernel, withSolid)
        }
        guard folded[index], let stitch = stitches[index],
              let kernel = try? kernels.kernel(stitch.stages, parts: stitch.parts, composite: .solid) else { return nil }
        return (kernel, withSolid)
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

    /// The color a solid fill pass writes (its argument block is that one vec4).
    private static func color(of fill: KernelPass) -> SIMD4<Float> {
        SIMD4((0..<4).map { Float(bitPattern: word(fill.arguments, at: 4 * $0)) })
    }

    /// The little-endian 32-bit word at byte `offset` of an argument block (`ArgumentBlock` writes them so).
    private static func word(_ block: [UInt8], at offset: Int) -> UInt32 {
        block.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    /// `color` as a texture of `format` stores it and a kernel reads it back (one texel of a `PixelBuffer`).
    static func stored(_ color: SIMD4<Float>, in format: PixelFormat) -> SIMD4<Float> {
        var texel = PixelBuffer(width: 1, height: 1, format: format)
        texel[0, 0] = color
        return texel[0, 0]
    }

    /// Whether exactly one pass reads `texture` and the render does not read it back.
    private func isReadOnlyOnce(_ texture: TextureID) -> Bool {
        guard !readbacks.contains(texture) else { return false }
        return passes.reduce(0) { $0 + $1.inputs.filter { $0 == texture }.count } == 1
    }

    /// Whether a pass after `p` and before `i` draws in place over one of pass `p`'s inputs (so that moving `p`'s work
    /// to `i` would read what that draw wrote).
    private func inputsContinued(of pass: KernelPass, after p: Int, before i: Int) -> Bool {
        let inputs = pass.inputs
        return passes[(p + 1)..<i].contains { $0.kernel.interface.readsOutput && $0.destination.map(inputs.contains) == true }
    }

    private mutating func remove(at index: Int) {
        passes.remove(at: index)
        stitches.remove(at: index)
        folded.remove(at: index)
    }
}
