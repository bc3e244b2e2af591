import Foundation
import Testing
import WeftImage
import WeftRuntime
import WeftShaders
@testable import WeftVulkan

/// Stitchable effects that use derivatives, run as fragment passes on their own and between
/// compute passes in one submission, checked against Swift computations and the validation
/// layer (synchronization validation included).
@Suite(.enabled(if: FragmentPassEnvironment.available, FragmentPassEnvironment.comment))
struct FragmentPassPlanTests {
    static let discSource = """
    // A disc whose edge is anti-aliased over one pixel, whatever the scale.
    [[ stitchable ]] vec4 smoothDisc(vec2 position, vec2 center, float radius, vec4 color) {
        float d = length(position - center) - radius;
        return color * clamp(0.5 - d / fwidth(d), 0.0, 1.0);
    }
    """

    @Test(arguments: [Float(1), 2])
    func antiAliasedDiscMatchesASwiftComputation(scale: Float) throws {
        let function = try ShaderLibrary(source: Self.discSource, cache: .disabled()).function(named: "smoothDisc")
        let kernel = try libraryKernel(Self.discSource, function: "smoothDisc", format: .rgba8Unorm)
        #expect(kernel.interface.usesDerivatives && kernel.interface.argumentBlockSize == 32)
        let offsets = Dictionary(uniqueKeysWithValues: function.parameters.map { ($0.name, $0.blockOffset!) })
        let center = SIMD2<Float>(6.3, 4.1)
        let radius: Float = 4.6
        let color = SIMD4<Float>(0.72, 0.36, 0.18, 0.9)
        let arguments = argumentBlock(size: 32, [
            (offsets["center"]!, center.x), (offsets["center"]! + 4, center.y), (offsets["radius"]!, radius),
            (offsets["color"]!, color.x), (offsets["color"]! + 4, color.y), (offsets["color"]! + 8, color.z), (offsets["color"]! + 12, color.w),
        ])
        let size = (Int(12.5 * scale), Int(9 * scale) + 1)

        var output: PixelBuffer?
        try withExecutor { executor in
            var plan = RenderPlan()
            let out = plan.addTexture(TextureDescriptor(width: size.0, height: size.1, format: .rgba8Unorm))
            plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: size, scale: scale), arguments: arguments))
            plan.readbacks = [out]
            output = try executor.execute(plan).outputs[out]
        }
        let result = try #require(output)

        // fwidth(d) = |dFdx d| + |dFdy d| over the pixel's quad; Vulkan lets each difference come
        // from either row (column) of the quad, so every such choice is an acceptable answer.
        func d(_ i: Int, _ j: Int) -> Float {
            let p = (SIMD2(Float(i), Float(j)) + 0.5) / scale
            return ((p - center) * (p - center)).sum().squareRoot() - radius
        }
        var failures: [String] = []
        var partial = 0
        for j in 0..<size.1 {
            for i in 0..<size.0 {
                let dx = [j & ~1, j | 1].map { abs(d(i | 1, $0) - d(i & ~1, $0)) }
                let dy = [i & ~1, i | 1].map { abs(d($0, j | 1) - d($0, j & ~1)) }
                let candidates = dx.flatMap { x in dy.map { y in color * min(max(0.5 - d(i, j) / (x + y), 0), 1) } }
                let got = result[i, j]
                if !candidates.contains(where: { want in (0..<4).allSatisfy { abs(got[$0] - want[$0]) <= 1.0 / 255 + 1e-6 } }) {
                    failures.append("(\(i), \(j)): got \(got), expected \(candidates[0])")
                }
                if got.w > 0.05 && got.w < 0.85 { partial += 1 }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) pixels differ, first: \(failures.prefix(4).joined(separator: "; "))")
        #expect(partial >= 8, "the edge should be anti-aliased, found \(partial) partially covered pixels")
    }

    static let tintSource = """
    // Replaces blue with a scaled x-derivative of x·y (which is y / scale).
    [[ stitchable ]] vec4 slopeTint(vec2 position, vec4 color, float strength) {
        float f = position.x * position.y;
        return vec4(color.rg, dFdxFine(f) * strength, color.a);
    }
    """

    /// compute (fill) → fragment (color effect reading it, with derivatives) → compute (blend
    /// of both), repeated, in one submission.
    @Test(arguments: FragmentDrawing.allCases, [1, 3])
    func computeFragmentComputeInOneSubmission(drawing: FragmentDrawing, repetitions: Int) throws {
        let size = (19, 11)
        let fill = try makeKernel("gradient", kind: .fill, result: "vec4(position.x / 19.0, position.y / 11.0, 0.25, 1.0)")
        let tint = try libraryKernel(Self.tintSource, function: "slopeTint")
        let blend = try makeKernel("mix", kind: .blend, result: """
            vec4(weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position).bgr * 0.5
                 + weftLoad(weftDestination, weft.destinationOrigin, weft.destinationSize, position).rgb * 0.25, 1.0)
            """)
        #expect(tint.fragmentSPIRV != nil && !fill.interface.usesDerivatives)
        var inputFrame = frame(output: size)
        inputFrame.layerSize = SIMD2(Float(size.0), Float(size.1))
        inputFrame.destinationSize = inputFrame.layerSize

        var outputs: [TextureID: PixelBuffer] = [:]
        var ids: [TextureID] = []
        var statistics: VulkanExecutor.Statistics?
        try withExecutor(drawing: drawing) { executor in
            var plan = RenderPlan()
            ids = (0..<3).map { _ in plan.addTexture(TextureDescriptor(width: size.0, height: size.1, format: .rgba16Float)) }
            plan.passes = [
                KernelPass(kernel: fill, output: ids[0], frame: frame(output: size)),
                KernelPass(kernel: tint, output: ids[1], layer: ids[0], frame: inputFrame,
                           arguments: argumentBlock(size: 16, [(0, 0.1)])),
                KernelPass(kernel: blend, output: ids[2], layer: ids[1], destination: ids[0], frame: inputFrame),
            ]
            plan.readbacks = ids
            outputs = try executor.execute(plan, options: ExecutionOptions(repetitions: repetitions)).outputs
            statistics = executor.statistics
        }
        // Each stage's expected texture, stored as RGBA16F like the real one (lavapipe's
        // float → half conversion may round the other way: one half ulp is allowed).
        let gradient = pixels(size.0, size.1, .rgba16Float) { x, y in
            SIMD4((Float(x) + 0.5) / 19, (Float(y) + 0.5) / 11, 0.25, 1)
        }
        let tinted = pixels(size.0, size.1, .rgba16Float) { x, y in
            let c = gradient[x, y]
            return SIMD4(c.x, c.y, (Float(y) + 0.5) * 0.1, c.w)
        }
        expectPixels(outputs[ids[0]], tolerance: 1e-3) { x, y in gradient[x, y] }
        expectPixels(outputs[ids[1]], tolerance: 1e-3) { x, y in tinted[x, y] }
        expectPixels(outputs[ids[2]], tolerance: 2e-3) { x, y in
            let l = tinted[x, y], d = gradient[x, y]
            return SIMD4(l.z * 0.5 + d.x * 0.25, l.y * 0.5 + d.y * 0.25, l.x * 0.5 + d.z * 0.25, 1)
        }
        // The fill's output is sampled by the fragment pass and then by the compute blend: a
        // second barrier makes the same write visible to the compute stage.
        #expect((statistics?.lastRenderBarrierBatches ?? 0) >= 3)
    }

    @Test(arguments: FragmentDrawing.allCases)
    func aFragmentPipelineIsCachedLikeAComputePipeline(drawing: FragmentDrawing) throws {
        try withExecutor(drawing: drawing) { executor in
            let tint = try libraryKernel(Self.tintSource, function: "slopeTint")
            for _ in 0..<2 {
                var plan = RenderPlan()
                let input = plan.addUpload(pixels(4, 4, .rgba16Float) { _, _ in SIMD4(0.5, 0.25, 0, 1) })
                let out = plan.addTexture(TextureDescriptor(width: 4, height: 4, format: .rgba16Float))
                var f = frame(output: (4, 4))
                f.layerSize = SIMD2(4, 4)
                plan.passes = [KernelPass(kernel: tint, output: out, layer: input, frame: f, arguments: argumentBlock(size: 16, [(0, 1)]))]
                plan.readbacks = [out]
                let result = try executor.execute(plan)
                expectPixels(result.outputs[out]) { _, y in SIMD4(0.5, 0.25, Float(y) + 0.5, 1) }
            }
            #expect(executor.statistics.pipelinesCreated == 1 && executor.statistics.cachedPipelines == 1)
        }
    }

    static let arraysAndImagesSource = """
    [[ stitchable ]] vec4 arraysAndImages(vec2 position, FloatArray weights, Image pattern) {
        float f = position.x * position.y;
        return vec4(floatAt(weights, int(position.x)), sampleImage(pattern, position).g,
                    dFdxFine(f) * floatAt(weights, 0), 1.0);
    }
    """

    /// The array buffer (binding 4) and an image argument (binding 5) reach the fragment stage.
    @Test(arguments: FragmentDrawing.allCases)
    func arraysAndImagesReachTheFragmentStage(drawing: FragmentDrawing) throws {
        let kernel = try libraryKernel(Self.arraysAndImagesSource, function: "arraysAndImages")
        #expect(kernel.interface.readsArrays && kernel.interface.imageCount == 1 && kernel.fragmentSPIRV != nil)
        let weights: [Float] = [0.5, 0.25, 0.125, 2]
        let pattern = pixels(5, 3, .rgba16Float) { x, y in SIMD4(0, Float(x + 10 * y) / 64, 0, 1) }
        try withExecutor(drawing: drawing) { executor in
            var plan = RenderPlan()
            let image = plan.addUpload(pattern)
            let out = plan.addTexture(TextureDescriptor(width: 5, height: 3, format: .rgba16Float))
            plan.passes = [KernelPass(kernel: kernel, output: out, images: [image], frame: frame(output: (5, 3)),
                                      arguments: argumentBlock(size: 16, words: [(0, 0), (4, UInt32(weights.count))]), arrayData: weights)]
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[out]) { x, y in
                SIMD4(x < weights.count ? weights[x] : 0, pattern[x, y].y, (Float(y) + 0.5) * weights[0], 1)
            }
        }
    }

    @Test func aDerivativeKernelWithoutAFragmentVersionIsRefused() throws {
        let executor = try makeExecutor()
        var kernel = try libraryKernel(Self.tintSource, function: "slopeTint")
        kernel.fragmentSPIRV = nil
        kernel.cacheKey += "-no-fragment"
        var plan = RenderPlan()
        let input = plan.addTexture(TextureDescriptor(width: 2, height: 2, format: .rgba16Float))
        let out = plan.addTexture(TextureDescriptor(width: 2, height: 2, format: .rgba16Float))
        plan.passes.append(KernelPass(kernel: kernel, output: out, layer: input, frame: frame(output: (2, 2)), arguments: argumentBlock(size: 16, [])))
        #expect {
            try executor.execute(plan)
        } throws: { error in
            guard case let ExecutionError.backend(_, name?, _, reason) = error else { return false }
            return name == "slopeTint" && reason.contains("no fragment version")
        }
        expectNoValidationFailures(executor.validationMessages)
    }
}
