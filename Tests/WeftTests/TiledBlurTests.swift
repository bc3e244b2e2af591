import Testing
@testable import Weft
@testable import WeftCPU
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews
import WeftVulkan

/// The tiled engine blur (`EngineKernel.tiledBlur`) against the per-tap blur it replaces and against a direct 2-D
/// Gaussian: both directions of a shadow's blur over a noisy image whose size is no multiple of the 16-pixel workgroup,
/// with radii from none to wider than one chunk of the tile, in both formats.
@Suite struct TiledBlurTests {
    static let width = 150, height = 70
    /// 0 and 1; 5 (one chunk); 40 (a 96-texel window: two chunks); 100 (a 216-texel window: four chunks).
    static let radii = [0, 1, 5, 40, 100]

    /// Premultiplied noise, with a transparent band so edges of coverage are blurred too.
    static func image(_ format: PixelFormat) -> PixelBuffer {
        var state: UInt32 = 0x9e37_79b9
        func next() -> Float {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24)
        }
        var pixels = PixelBuffer(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width {
                let a: Float = (40..<60).contains(x) ? 0 : next()
                pixels[x, y] = SIMD4(next() * a, next() * a, next() * a, a)
            }
        }
        return pixels
    }

    /// Both passes of a blur of `radius` texels (sigma radius / 3), into textures `radius` larger on every side, as
    /// `Lowering.blurredShadow` emits them; the second tints the blurred alpha when `tint` is given.
    static func plan(_ kernel: EngineKernel, radius: Int, format: PixelFormat, tint: SIMD4<Float>?) throws -> (RenderPlan, TextureID) {
        let kernels = EngineKernelCache()
        var plan = RenderPlan()
        let source = plan.addUpload(image(format))
        let r = Float(radius)
        let weights = Blur.weights(sigma: r / 3, radius: radius)
        var layer = (texture: source, origin: SIMD2<Float>(0, 0), size: SIMD2<Float>(Float(width), Float(height)))
        for (step, vertical) in [(SIMD2<Float>(1, 0), false), (SIMD2<Float>(0, 1), true)] {
            let size = SIMD2(Float(width) + 2 * r, Float(height) + (vertical ? 2 * r : 0))
            let output = plan.addTexture(TextureDescriptor(width: Int(size.x), height: Int(size.y), format: format))
            var frame = FrameConstants()
            frame.outputOrigin = SIMD2(-r, vertical ? -r : 0)
            frame.outputSize = SIMD2(Int32(size.x), Int32(size.y))
            frame.layerOrigin = layer.origin
            frame.layerSize = layer.size
            var block = ArgumentBlock()
            block.vec4(step, SIMD2(0, r))
            block.vec4(tint ?? .zero)
            block.ivec4(vertical && tint != nil ? 1 : 0)
            plan.passes.append(KernelPass(kernel: try kernels.kernel(kernel, outputFormat: format), output: output, layer: layer.texture,
                                          frame: frame, arguments: block.bytes, arrayData: weights))
            layer = (output, frame.outputOrigin, size)
        }
        plan.readbacks = [layer.texture]
        return (plan, layer.texture)
    }

    static func run(_ plan: (RenderPlan, TextureID), on executor: any Executor) throws -> PixelBuffer {
        try #require(try executor.execute(plan.0).outputs[plan.1])
    }

    static let vulkan: VulkanExecutor? = try? VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none))

    /// On lavapipe, tiled and per-tap passes write the same pixels (within 1/255; the sums are the same, in the same
    /// order), tinted or not, with no validation message; the CPU evaluator's blur (native and interpreted SPIR-V of
    /// the per-tap kernel, as it keeps) agrees with them.
    @Test(.requiresVulkan, arguments: PixelFormat.allCases)
    func tiledEqualsPerTapBlurOnBothExecutors(format: PixelFormat) throws {
        let vulkan = try #require(Self.vulkan)
        let native = CPUExecutor(options: CPUExecutor.Options(threads: 2, nativeKernels: true))
        let interpreted = CPUExecutor(options: CPUExecutor.Options(threads: 2, nativeKernels: false))
        for radius in Self.radii {
            for tint in [nil, SIMD4<Float>(0.1, 0.2, 0.3, 0.6)] {
                let tiled = try Self.run(try Self.plan(.tiledBlur, radius: radius, format: format, tint: tint), on: vulkan)
                let perTap = try Self.plan(.blur, radius: radius, format: format, tint: tint)
                let label = "\(format) radius \(radius)\(tint == nil ? "" : " tinted")"
                for (name, other) in [("lavapipe per-tap", try Self.run(perTap, on: vulkan)),
                                      ("CPU native", try Self.run(perTap, on: native))] + (radius > 40 ? [] : [("CPU interpreted", try Self.run(perTap, on: interpreted))]) {
                    let d = try #require(ImageDifference(tiled, other))
                    #expect(d.maximum <= 1 / 255, "\(label): tiled differs from \(name) by \(d.maximum * 255)/255 at \(d.worstPixel)")
                }
            }
        }
        let problems = vulkan.validationMessages.filter { $0.severity >= .warning }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The tiled blur of both passes against Σᵢ Σⱼ wᵢ wⱼ · texel(x + i, y + j) computed in doubles from the source
    /// (transparent outside it), at the pixels up to the edges the blur spreads onto: within 1/255 (RGBA8 rounds the
    /// pass between, ½/255 at most, and the result, ½/255).
    @Test(.requiresVulkan, arguments: PixelFormat.allCases)
    func tiledBlurIsTheTwoDimensionalGaussian(format: PixelFormat) throws {
        let vulkan = try #require(Self.vulkan)
        let source = Self.image(format)
        for radius in [1, 12, 40, 100] {
            let blurred = try Self.run(try Self.plan(.tiledBlur, radius: radius, format: format, tint: nil), on: vulkan)
            let w = Blur.weights(sigma: Float(radius) / 3, radius: radius).map(Double.init)
            var worst: (Double, Int, Int) = (0, 0, 0)
            // Every pixel up to radius 40; for 100 (40 000 taps a pixel) every 9th row and column, and the last ones.
            let stride = radius > 40 ? 9 : 1
            let ys = Array(Swift.stride(from: 0, to: blurred.height, by: stride)) + [blurred.height - 1]
            let xs = Array(Swift.stride(from: 0, to: blurred.width, by: stride)) + [blurred.width - 1]
            for y in ys {
                for x in xs {
                    var sum = SIMD4<Double>()
                    for j in 0...(2 * radius) {
                        let sy = y - radius + j - radius
                        guard sy >= 0, sy < Self.height else { continue }
                        for i in 0...(2 * radius) {
                            let sx = x - radius + i - radius
                            guard sx >= 0, sx < Self.width else { continue }
                            let t = source[sx, sy]
                            sum += w[i] * w[j] * SIMD4(Double(t.x), Double(t.y), Double(t.z), Double(t.w))
                        }
                    }
                    let got = blurred[x, y]
                    let e = (0..<4).map { abs(Double(got[$0]) - sum[$0]) }.max()!
                    if e > worst.0 { worst = (e, x, y) }
                }
            }
            #expect(worst.0 <= 1.0 / 255 + 1e-6, "\(format) radius \(radius): \(worst.0 * 255)/255 from the 2-D Gaussian at (\(worst.1), \(worst.2))")
        }
        let problems = vulkan.validationMessages.filter { $0.severity >= .warning }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The planner tiles a standalone blur where the shared memory fits, on GPUs: not on the CPU evaluator (none),
    /// nor on lavapipe (slower there, docs/benchmarks.md), nor where a device gives only Vulkan's minimum 16 KiB.
    @Test func standaloneBlursAreTiledOnGPUsWhereTheTileFits() {
        #expect(EngineKernel.tiledBlurSharedBytes == 16 * 65 * 16)
        #expect(EngineKernel.standaloneBlur(workgroupMemory: 49152, device: .discreteGPU) == .tiledBlur)
        #expect(EngineKernel.standaloneBlur(workgroupMemory: 32768, device: .integratedGPU) == .tiledBlur)
        #expect(EngineKernel.standaloneBlur(workgroupMemory: 16384, device: .discreteGPU) == .blur)
        #expect(EngineKernel.standaloneBlur(workgroupMemory: 0, device: .cpuEvaluator) == .blur)
        #expect(EngineKernel.standaloneBlur(workgroupMemory: 32768, device: .cpuDevice) == .blur)
        let gpu = TextureLimit(maxDimension: 16384, device: DeviceDescription(name: "GPU", kind: .discreteGPU, driver: "", apiVersion: "1.3"),
                               workgroupMemory: 49152)
        let planned = try? Planner().plan(NativeBlurTests.scene, size: NativeBlurTests.size, options: RenderOptions(scale: 2), textureLimit: gpu)
        let names = planned?.plan.passes.map(\.kernel.name) ?? []
        #expect(names.filter { $0 == EngineKernel.tiledBlur.rawValue }.count >= 2, "\(names)")
    }
}
