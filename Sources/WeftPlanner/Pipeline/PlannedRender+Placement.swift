import WeftRuntime
import WeftViews

extension PlannedRender {
    /// Where output pixel `pixel` lies in the output texture of pass `index`: the pass's pixel whose area holds the
    /// output pixel's centre, and that pixel's own centre in the pass's user space (the `position` its effect is given).
    /// Nil when the pass's output does not reach the pixel, or when its placement is not known (an engine pass, or a
    /// pass that a rewrite replaced: plan without fusion to trace).
    public func passPixel(_ index: Int, atOutputPixel pixel: SIMD2<Int>) -> (pixel: SIMD2<Int>, point: SIMD2<Float>)? {
        guard placements.indices.contains(index), let placement = placements[index], let inverse = placement.inverted else { return nil }
        let frame = plan.passes[index].frame
        let point = inverse.apply(outputPoint(pixel))
        let inPass = ((point - frame.outputOrigin) * frame.scale).rounded(.down)
        guard inPass.x >= 0, inPass.y >= 0, inPass.x < Float(frame.outputSize.x), inPass.y < Float(frame.outputSize.y) else { return nil }
        return (SIMD2(Int(inPass.x), Int(inPass.y)), frame.outputOrigin + (inPass + 0.5) / frame.scale)
    }

    /// The centre of output pixel `pixel` in the scene's user space.
    public func outputPoint(_ pixel: SIMD2<Int>) -> SIMD2<Float> {
        origin + (SIMD2(Float(pixel.x), Float(pixel.y)) + 0.5) / scale
    }
}
