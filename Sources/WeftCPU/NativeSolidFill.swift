import WeftImage
import WeftRuntime

/// `NativeKernel.shapesOverSolid` and `.glyphsOverSolid`: a shape batch or a glyph run drawn over a canvas of one color
/// (`weft.shape.overSolid`, `weft.glyph.overSolid`) changes no pixel outside the union of its records' bounds, where it
/// stores that color as it is. The evaluator fills those pixels natively and interprets the kernel only over the union
/// (a shape's in whole pixels, one more on each side; a glyph's are pixels already), so a few small shapes or a line of
/// text folded into a full-canvas fill cost a fill, not a shape or glyph test at every pixel of the canvas.
struct NativeSolidFill {
    /// The pass's own region and the part of it the kernel still runs over (nil: no record reaches the region).
    let region: PixelRegion
    let covered: PixelRegion?
    private let solid: SIMD4<Float>

    init?(_ pass: KernelPass, output: CPUTexture) {
        let a = pass.arguments
        guard a.count >= 32 else { return nil }
        func word(_ offset: Int) -> UInt32 {
            UInt32(a[offset]) | UInt32(a[offset + 1]) << 8 | UInt32(a[offset + 2]) << 16 | UInt32(a[offset + 3]) << 24
        }
        let count = Int(Int32(bitPattern: word(0)))
        let glyphs = pass.kernel.native == .glyphsOverSolid
        let stride = glyphs ? NativeKernel.glyphRecordStride : NativeKernel.shapeRecordStride
        guard count >= 0, pass.arrayData.count >= count * stride else { return nil }
        solid = SIMD4((0..<4).map { Float(bitPattern: word(16 + 4 * $0)) })
        let f = pass.frame
        let whole = pass.dispatchRegion(width: output.width, height: output.height)
        region = PixelRegion(origin: whole.origin, size: pointwiseMin(whole.origin &+ whole.size, f.outputSize) &- whole.origin)
        guard region.origin.x >= 0, region.origin.y >= 0, Int(region.origin.x + region.size.x) <= output.width,
              Int(region.origin.y + region.size.y) <= output.height, f.scale > 0 else { return nil }
        var lo = SIMD2<Int>(Int.max, Int.max), hi = SIMD2<Int>(Int.min, Int.min)
        for i in 0..<count {
            let base = i * stride + (glyphs ? 0 : 8)
            let minimum = SIMD2(pass.arrayData[base], pass.arrayData[base + 1])
            let maximum = SIMD2(pass.arrayData[base + 2], pass.arrayData[base + 3])
            guard minimum.x < maximum.x, minimum.y < maximum.y else { continue }
            // A glyph reaches pixel p within [minimum, maximum) in pixels; a shape's pixel p is evaluated at
            // outputOrigin + (p + 0.5) / scale, which a record reaches only within [minimum, maximum) in points.
            let first = glyphs ? minimum : ((minimum - f.outputOrigin) * f.scale - 0.5).rounded(.down)
            let end = glyphs ? maximum : ((maximum - f.outputOrigin) * f.scale - 0.5).rounded(.up)
            guard first.x.isFinite, first.y.isFinite, end.x.isFinite, end.y.isFinite else { return nil }
            let margin = glyphs ? 0 : 1
            lo = pointwiseMin(lo, SIMD2(Int(max(first.x, -1e9)), Int(max(first.y, -1e9))) &- margin)
            hi = pointwiseMax(hi, SIMD2(Int(min(end.x, 1e9)), Int(min(end.y, 1e9))) &+ margin)
        }
        let regionLo = SIMD2(Int(region.origin.x), Int(region.origin.y))
        let regionHi = regionLo &+ SIMD2(Int(region.size.x), Int(region.size.y))
        let from = pointwiseMax(lo, regionLo), to = pointwiseMin(hi, regionHi)
        covered = from.x < to.x && from.y < to.y
            ? PixelRegion(origin: SIMD2(Int32(from.x), Int32(from.y)), size: SIMD2(Int32(to.x - from.x), Int32(to.y - from.y))) : nil
    }

    /// Stores the solid color over the region, as the kernel does where no shape reaches, on up to `threads` threads.
    func fill(_ output: CPUTexture, threads: Int) {
        let x0 = Int(region.origin.x), x1 = x0 + Int(region.size.x)
        guard x0 < x1 else { return }
        let solid = solid
        let rows = Int(region.origin.y)..<Int(region.origin.y + region.size.y)
        RowPartition(rows, workers: threads, minimumRows: 8).forEachConcurrently(workers: threads) { rows in
            let out = output.view
            for y in rows {
                for x in x0..<x1 { NativeBlur.write(solid, at: y * out.width + x, into: out) }
            }
        }
    }
}
