import Testing
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

@Suite(.requiresVulkan)
struct FillKernelTests {
    /// Writes the pixel's user-space position, so the output shows exactly where each pixel was evaluated.
    static func positionKernel() throws -> CompiledKernel {
        try makeKernel("position", kind: .fill, format: .rgba16Float, result: "vec4(position, float(pixel.x + 2 * pixel.y), 1.0)")
    }

    static func positionKernel8() throws -> CompiledKernel {
        try makeKernel("position8", kind: .fill, format: .rgba8Unorm, result: "vec4(fract(position), 0.0, 1.0)")
    }

    @Test(arguments: [(1, 1), (2, 2), (3, 5), (257, 3)])
    func fillEvaluatesEveryPixelAtItsCentre(size: (Int, Int)) throws {
        try withExecutor { executor in
            let origin = SIMD2<Float>(-3, 1.5)
            let scale: Float = 2
            var plan = RenderPlan()
            let out = plan.addTexture(TextureDescriptor(width: size.0, height: size.1, format: .rgba16Float))
            plan.passes.append(KernelPass(kernel: try Self.positionKernel(), output: out, frame: frame(output: size, origin: origin, scale: scale)))
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[out]) { x, y in
                SIMD4(origin.x + (Float(x) + 0.5) / scale, origin.y + (Float(y) + 0.5) / scale, Float(x + 2 * y), 1)
            }
        }
    }

    @Test func fillIntoRGBA8() throws {
        try withExecutor { executor in
            let kernel = try makeKernel("gradient8", kind: .fill, format: .rgba8Unorm,
                                        result: "vec4(position.x / 16.0, position.y / 8.0, 0.5, 1.0)")
            var plan = RenderPlan()
            let out = plan.addTexture(TextureDescriptor(width: 16, height: 8, format: .rgba8Unorm))
            plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: (16, 8))))
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[out], tolerance: 1.0 / 255) { x, y in
                SIMD4((Float(x) + 0.5) / 16, (Float(y) + 0.5) / 8, 0.5, 1)
            }
        }
    }
}
