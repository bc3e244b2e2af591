import Testing
@testable import Weft
import WeftImage
import WeftRuntime
import WeftShaders
@testable import WeftViews

/// `sampleLayer` weighs the bilinear footprint with fractions on the filter's 1/256 grid (docs/kernel-abi.md,
/// "Coordinates"), so every device with 8-bit filter weights and the CPU evaluator agree, fused or not.
@Suite struct SnappedSamplingTests {
    static let probes = try! ShaderLibrary(source: """
        [[ stitchable ]]
        vec2 shift(vec2 position, float dx, float dy) { return position + vec2(dx, dy); }
        """, name: "snap-probes.glsl")

    /// Fractions just under half a 1/256 step above the grid (94.49/256, 161.49/256): exact weights miss the snapped
    /// ones by almost 1/512 of the contrast.
    static let offset = SIMD2<Float>(94.49 / 256, 161.49 / 256)

    /// Neighbouring texels differ by the full range: red alternates along x, green along y.
    static func stripes() -> PixelBuffer {
        var p = PixelBuffer.blank(width: 40, height: 24, format: .rgba16Float)
        for y in 0..<24 {
            for x in 0..<40 { p[x, y] = SIMD4(Float(x % 2), Float(y % 2), Float((x + 2 * y) % 5) / 4, 1) }
        }
        return p
    }

    /// Bilinear at texel-space point `t` with the given weight rule, for footprints inside the image.
    static func bilinear(_ p: PixelBuffer, _ t: SIMD2<Float>, weight: (Float) -> Float) -> SIMD4<Float> {
        let below = t - 0.5
        let cell = below.rounded(.down)
        let w = SIMD2(weight(below.x - cell.x), weight(below.y - cell.y))
        let x = Int(cell.x), y = Int(cell.y)
        let top = p[x, y] * (1 - w.x) + p[x + 1, y] * w.x
        let bottom = p[x, y + 1] * (1 - w.x) + p[x + 1, y + 1] * w.x
        return top * (1 - w.y) + bottom * w.y
    }

    static func distance(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float { pointwiseMax(a - b, b - a).max() }

    static func snapped(_ f: Float) -> Float { (f * 256).rounded(.toNearestOrAwayFromZero) / 256 }

    @Test(arguments: Backend.allCases)
    func subTexelSamplesUseWeightsOnTheGrid(backend: Backend) throws {
        let context = try backend.makeContext()
        let image = Self.stripes()
        let view = Image(image).distortionEffect(try Self.probes.shift(.float(Self.offset.x), .float(Self.offset.y)),
                                                  maxSampleOffset: Size(width: 1, height: 1))
        // RGBA16F: the output keeps the weights' 1/512 visible. The CPU evaluator weighs exactly k/256; a device may
        // weigh the quarter step above it that sampleLayer samples at (one with more than 8 bits of weight).
        let tolerance: Float = backend == .cpu ? 0.0003 : 0.25 / 256 + 0.0003
        var exactMiss: Float = 0
        for fusion in [true, false] {
            let options = RenderOptions(outputFormat: .rgba16Float, workingColorMode: .extendedLinear, keepOverflow: true, fusion: fusion)
            let rendered = try context.render(view, size: Size(width: 40, height: 24), options: options)
            #expect(rendered.reports.isEmpty, "\(rendered.reports.prefix(2))")
            // The output keeps the padding: user-space point (0, 0) is pixel (margin, margin).
            let margin = (rendered.pixels.width - 40) / 2
            var worst: (error: Float, pixel: (Int, Int)) = (0, (0, 0))
            for y in 0..<23 {
                for x in 0..<39 {
                    let t = SIMD2(Float(x), Float(y)) + 0.5 + Self.offset
                    let expected = Self.bilinear(image, t, weight: Self.snapped)
                    let error = Self.distance(rendered.pixels[x + margin, y + margin], expected)
                    if error > worst.error { worst = (error, (x, y)) }
                    exactMiss = max(exactMiss, Self.distance(Self.bilinear(image, t, weight: { $0 }), expected))
                }
            }
            #expect(worst.error <= tolerance, "fusion \(fusion): \(worst.error) from the snapped weights at \(worst.pixel)")
        }
        // Exact weights would fail the check above.
        #expect(exactMiss > tolerance)
    }
}
