/// Where two images differ (`weft compare --diff`, a failed snapshot), as an opaque picture of their size. A pixel
/// whose channels all agree is a dim gray copy of A's (a fifth of its luma, for context); one that differs by at most `tolerance` (in
/// 1/255 steps) is blue; one beyond it is red, turning yellow towards the largest difference of the pair (green =
/// its difference over the largest).
public enum DifferenceHeatMap {
    public static func make(_ a: PixelBuffer, _ b: PixelBuffer, maximum: Float, tolerance: Float) -> PixelBuffer {
        var out = PixelBuffer.blank(width: a.width, height: a.height, format: .rgba8Unorm)
        out.bytes.withUnsafeMutableBufferPointer { target in
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let p: SIMD4<Float> = a[x, y], q: SIMD4<Float> = b[x, y]
                    let d = (p - q).replacing(with: q - p, where: p .< q).max()
                    let color: SIMD3<Float>
                    if d == 0 {
                        color = SIMD3(repeating: 0.2 * (0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z))
                    } else if d * 255 <= tolerance + 1e-3 {
                        color = SIMD3(0, 0, 1)
                    } else {
                        color = SIMD3(1, maximum > 0 ? d / maximum : 1, 0)
                    }
                    let i = (y * a.width + x) * 4
                    for c in 0..<3 { target[i + c] = UInt8((min(max(color[c], 0), 1) * 255).rounded()) }
                    target[i + 3] = 255
                }
            }
        }
        return out
    }
}
