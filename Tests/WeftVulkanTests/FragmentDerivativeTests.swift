import Testing
import WeftImage
import WeftRuntime
import WeftShaders
@testable import WeftVulkan

/// Derivative kernels on a device without compute derivatives (lavapipe) run as fragment
/// passes; their derivatives are exactly Vulkan's 2×2-quad differences, partial quads included.
@Suite(.enabled(if: FragmentPassEnvironment.available, FragmentPassEnvironment.comment))
struct FragmentDerivativeTests {
    static let source = """
    float parabola(vec2 p) { return p.x * p.x + 3.0 * p.y; }
    float saddle(vec2 p) { return p.x * p.y; }

    [[ stitchable ]] vec4 slopes(vec2 position) {
        float f = parabola(position);
        return vec4(dFdx(f), dFdy(f), fwidth(f), 1.0);
    }

    [[ stitchable ]] vec4 fineAndCoarse(vec2 position) {
        float f = parabola(position);
        return vec4(dFdxFine(f), dFdyFine(f), dFdxCoarse(f), dFdyCoarse(f));
    }

    [[ stitchable ]] vec4 widths(vec2 position) {
        float f = parabola(position);
        return vec4(fwidthFine(f), fwidthCoarse(f), 0.0, 1.0);
    }

    [[ stitchable ]] vec4 saddleSlopes(vec2 position) {
        float g = saddle(position);
        return vec4(dFdxFine(g), dFdyFine(g), dFdxCoarse(g), dFdyCoarse(g));
    }
    """

    static let origin = SIMD2<Float>(-1, 0.5)

    /// Runs `function` over a `size` output at `scale` and returns what was read back.
    static func render(_ function: String, size: (Int, Int), scale: Float, drawing: FragmentDrawing = .dynamicRendering) throws -> PixelBuffer? {
        var output: PixelBuffer?
        try withExecutor(drawing: drawing) { executor in
            let kernel = try libraryKernel(source, function: function)
            #expect(kernel.interface.usesDerivatives && kernel.fragmentSPIRV != nil)
            var plan = RenderPlan()
            let out = plan.addTexture(TextureDescriptor(width: size.0, height: size.1, format: .rgba16Float))
            plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: size, origin: origin, scale: scale)))
            plan.readbacks = [out]
            output = try executor.execute(plan).outputs[out]
        }
        return output
    }

    /// The user-space position of pixel (i, j).
    static func position(_ i: Int, _ j: Int, scale: Float) -> SIMD2<Float> {
        origin + (SIMD2(Float(i), Float(j)) + 0.5) / scale
    }

    static func parabola(scale: Float) -> QuadDerivatives {
        QuadDerivatives { i, j in
            let p = position(i, j, scale: scale)
            return p.x * p.x + 3 * p.y
        }
    }

    @Test(arguments: [(3, 5), (17, 9)], [Float(1), 2])
    func derivativesOfAParabola(size: (Int, Int), scale: Float) throws {
        try checkParabola(size: size, scale: scale, drawing: .dynamicRendering)
    }

    @Test(arguments: [(3, 5), (17, 9)])
    func derivativesOfAParabolaDrawnWithRenderPasses(size: (Int, Int)) throws {
        try checkParabola(size: size, scale: 2, drawing: .renderPasses)
    }

    func checkParabola(size: (Int, Int), scale: Float, drawing: FragmentDrawing) throws {
        let q = Self.parabola(scale: scale)
        // x² + 3y: the x difference does not depend on the row, nor the y difference on the
        // column, so fine and coarse agree and every value is exact.
        let slopes = try Self.render("slopes", size: size, scale: scale, drawing: drawing)
        expectPixels(slopes) { i, j in
            SIMD4(q.dxFine(i, j), q.dyFine(i, j), abs(q.dxFine(i, j)) + abs(q.dyFine(i, j)), 1)
        }
        let fineAndCoarse = try Self.render("fineAndCoarse", size: size, scale: scale, drawing: drawing)
        expectPixels(fineAndCoarse) { i, j in
            SIMD4(q.dxFine(i, j), q.dyFine(i, j), q.dxFine(i, j), q.dyFine(i, j))
        }
        let widths = try Self.render("widths", size: size, scale: scale, drawing: drawing)
        expectPixels(widths) { i, j in
            let w = abs(q.dxFine(i, j)) + abs(q.dyFine(i, j))
            return SIMD4(w, w, 0, 1)
        }
        // The values really vary across quads (a constant would pass the checks above only by luck).
        if let slopes, slopes.width >= 3 { #expect(slopes[0, 0].x != slopes[2, 0].x) }
    }

    @Test(arguments: [(3, 5), (17, 9)], [Float(1), 2])
    func fineDerivativesFollowTheirRowCoarseOnesStayInTheQuad(size: (Int, Int), scale: Float) throws {
        let q = QuadDerivatives { i, j in
            let p = Self.position(i, j, scale: scale)
            return p.x * p.y
        }
        let result = try #require(try Self.render("saddleSlopes", size: size, scale: scale))
        var failures: [String] = []
        for j in 0..<size.1 {
            for i in 0..<size.0 {
                let got = result[i, j]
                if got.x != q.dxFine(i, j) || got.y != q.dyFine(i, j) {
                    failures.append("(\(i), \(j)) fine: got \(got.x), \(got.y), expected \(q.dxFine(i, j)), \(q.dyFine(i, j))")
                }
                if !q.dxCoarseChoices(i, j).contains(got.z) || !q.dyCoarseChoices(i, j).contains(got.w) {
                    failures.append("(\(i), \(j)) coarse: got \(got.z), \(got.w), expected one of \(q.dxCoarseChoices(i, j)), \(q.dyCoarseChoices(i, j))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(4).joined(separator: "; "))")
        // The fine x difference really follows the row (it is y), so rows of one quad differ.
        #expect(result[0, 0].x != result[0, 1].x)
    }
}
