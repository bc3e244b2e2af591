import WeftRuntime
import WeftShaders
import WeftViews

/// A pass as the planner knows it: the pass an executor runs, and where its kernel comes from, so that the rewrites
/// after lowering (stitching, bounding, folding) decide on types rather than on kernel names or argument bytes.
struct PlannedPass: Sendable, Equatable {
    var pass: KernelPass
    var origin: Origin
    /// Maps the user space of the pass's output texture to the output's, for an effect's pass as lowered (nil where a
    /// rewrite replaced the pass): how the pixel debugger finds the pass's pixel under an output pixel.
    var placement: Affine? = nil
    /// Where its argument and array bytes came from; nil where a rewrite did not say (such a plan is never rebound).
    var provenance: ValueProvenance? = nil

    enum Origin: Sendable, Equatable {
        /// One of the engine's kernels onto its destination, with what the rewrites read of its arguments.
        case engine(EngineKernel.Variant, EngineFacts = EngineFacts())
        /// One stitchable function, or a chain of them stitched into one kernel (`Fusion`), drawn to a texture, or —
        /// with the composite that draws its result folded in (`CompositeFolding`) — in place or over a solid canvas.
        case stitched(Stitch, EngineKernel.Destination)
        /// A hand-compiled kernel, run as it is.
        case compiled
    }

    /// What a stitchable pass runs: its stages (one, or a stitched chain) and their own kernels, the fused kernel's key.
    /// The pass's argument block and array data are the stages' concatenated (`KernelFusion.concatenate`).
    struct Stitch: Sendable, Equatable {
        var stages: [FusionStage]
        var parts: [CompiledKernel]

        /// One stitchable function's pass, not stitched to anything yet.
        init(_ stage: FusionStage, kernel: CompiledKernel) {
            self.init(stages: [stage], parts: [kernel])
        }

        init(stages: [FusionStage], parts: [CompiledKernel]) {
            self.stages = stages
            self.parts = parts
        }
    }

    /// What the rewrites read of an engine pass's arguments, kept beside the packed block.
    struct EngineFacts: Sendable, Equatable {
        /// The color a solid fill writes, premultiplied in its canvas's mode.
        var fill: SIMD4<Float>?
        /// How many shapes a shape batch draws.
        var shapes = 0
    }

    /// Whether `other` equals this pass but for its values: the bytes of its argument block and array buffer (of the
    /// same sizes), and the fields of its constants the frame's `FrameContext` writes (time, frame index, reduce-motion,
    /// pointer). The rewrites decide on everything else; they only carry values (`ValueProvenance`).
    func sameStructure(as other: PlannedPass) -> Bool {
        guard pass.arguments.count == other.pass.arguments.count, pass.arrayData.count == other.pass.arrayData.count else { return false }
        var (a, b) = (self, other)
        (a.pass.arguments, b.pass.arguments) = ([], [])
        (a.pass.arrayData, b.pass.arrayData) = ([], [])
        FrameContext().write(into: &a.pass.frame)
        FrameContext().write(into: &b.pass.frame)
        return a == b
    }

    /// The engine variant the pass runs, if it runs one.
    @inline(never)
    var engine: EngineKernel.Variant? {
        if case .engine(let variant, _) = origin { return variant }
        return nil
    }

    /// The stitch the pass runs, drawn to a texture (so that another stage or a composite can still be folded onto it).
    @inline(never)
    var stitchToTexture: Stitch? {
        if case .stitched(let stitch, .texture) = origin { return stitch }
        return nil
    }

    /// Whether the composite that draws the pass's result was folded into it (`CompositeFolding`): its argument block
    /// ends with a `FusionComposite` member.
    @inline(never)
    var hasFoldedComposite: Bool {
        switch origin {
        case .stitched(_, let destination): destination != .texture
        case .engine(let variant, _): variant.composite != nil
        case .compiled: false
        }
    }
}

extension BoundEffect {
    /// Where the kernel of run `pass` of this effect comes from: a stitchable function's stage, or a hand-compiled kernel.
    func origin(pass: Int = 0, kernel: CompiledKernel? = nil) -> PlannedPass.Origin {
        guard let stage else { return .compiled }
        return .stitched(PlannedPass.Stitch(FusionStage(library: stage.library, function: stage.function, pass: pass), kernel: kernel ?? self.kernel),
                         .texture)
    }
}
