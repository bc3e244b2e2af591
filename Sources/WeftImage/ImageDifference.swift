/// How far two images of the same size lie apart, channel by channel, in units of the
/// channel's full scale (1.0 = 255/255): the measure behind cross-backend comparisons.
public struct ImageDifference: Sendable, Equatable {
    /// The largest absolute difference of any channel of any pixel.
    public var maximum: Float
    /// The mean absolute difference over every channel of every pixel.
    public var meanAbsolute: Double
    /// The first pixel (row-major) where `maximum` occurs.
    public var worstPixel: (x: Int, y: Int)
    public var pixelCount: Int

    public static func == (a: ImageDifference, b: ImageDifference) -> Bool {
        a.maximum == b.maximum && a.meanAbsolute == b.meanAbsolute && a.worstPixel == b.worstPixel && a.pixelCount == b.pixelCount
    }

    /// Nil when the sizes differ.
    public init?(_ a: PixelBuffer, _ b: PixelBuffer) {
        guard a.width == b.width, a.height == b.height else { return nil }
        var maximum: Float = 0
        var sum = 0.0
        var worst = (x: 0, y: 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p: SIMD4<Float> = a[x, y]
                let q: SIMD4<Float> = b[x, y]
                let d = (p - q).replacing(with: q - p, where: p .< q)
                let m = d.max()
                if m > maximum {
                    maximum = m
                    worst = (x, y)
                }
                sum += Double(d.sum())
            }
        }
        self.maximum = maximum
        self.meanAbsolute = sum / Double(4 * a.pixelCount)
        self.worstPixel = worst
        self.pixelCount = a.pixelCount
    }
}
