import WeftImage

/// A 4×2-pixel test image: a red and a blue half.
public func testImage() -> PixelBuffer {
    var p = PixelBuffer.blank(width: 4, height: 2, format: .rgba8Unorm)
    for y in 0..<2 {
        for x in 0..<4 { p[x, y] = x < 2 ? SIMD4(1, 0, 0, 1) : SIMD4(0, 0, 1, 1) }
    }
    return p
}
