import Testing
@testable import Weft
@testable import WeftCPU
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews
import WeftVulkan

/// The tiled engine blur (`EngineKernel.tiledBlur`: a run of `EngineKernel.blurRun(outputs:)` outputs an invocation, summed in
/// registers) against the per-tap blur it replaces and against a direct 2-D Gaussian: both directions of a shadow's blur
/// over a noisy image whose size is no multiple of the run nor of the 16-pixel workgroup, with radii from none to wider
/// than the run, in both formats.
@Suite struct TiledBlurTests {
    static let width = 150, height = 70
    /// 0 and 1; 5; 12 and 24 (the stock blur's radii on a GPU); 40, five times the default run.
    static let radii = [0, 1, 5, 12, 24, 40]

    /// Premultiplied noise, with a transparent band so edges of coverage are blurred too.
    static func image(_ format: PixelFormat) -> PixelBuffer {
        var state: UInt32 = 0x9e37_79b9
        func next() -> Float {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24)
        }
        var pixels = PixelBuffer.blank(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width {
                let a: Float = (40..<60).contains(x) ? 0 : next()
                pixels[x, y] = SIMD4(next() * a, next() * a, next() * a, a)
            }
        }
        return pixels
    }

    /// Both passes of a blur of `radius` texels (sigma radius / 3), into textures `radius` larger on every side, as
    /// `Lowering.blurredShadow` emits them; the second tints the blurred alpha when `tint` is given. `offGrid`: at scale
    /// 1.5 from a layer at a fractional origin, stepping two texels, which the tiled blur sums tap by tap.
    static func plan(_ kernel: EngineKernel, radius: Int, format: PixelFormat, tint: SIMD4<Float>?,
                     offGrid: Bool = false, run: Int = 8) throws -> (RenderPlan, TextureID) {
        let kernels = EngineKernelCache()
        var plan = RenderPlan()
        let source = plan.addUpload(image(format))
        let r = Float(radius)
        let weights = Blur.weights(sigma: r / 3, radius: radius)
        var layer = (texture: source, origin: SIMD2<Float>(offGrid ? 0.3 : 0, offGrid ? 0.7 : 0), size: SIMD2<Float>(Float(width), Float(height)))
        for (axis, vertical) in [(SIMD2<Float>(1, 0), false), (SIMD2<Float>(0, 1), true)] {
            let step = offGrid ? 2 * axis : axis
            let size = SIMD2(Float(width) + 2 * r, Float(height) + (vertical ? 2 * r : 0))
            let output = plan.addTexture(TextureDescriptor(width: Int(size.x), height: Int(size.y), format: format))
            var frame = FrameConstants()
            frame.outputOrigin = SIMD2(-r, vertical ? -r : 0)
            frame.outputSize = SIMD2(Int32(size.x), Int32(size.y))
            frame.layerOrigin = layer.origin
            frame.layerSize = layer.size
            frame.scale = offGrid ? 1.5 : 1
            var block = ArgumentBlock()
            block.vec4(step, SIMD2(0, r))
            block.vec4(tint ?? .zero)
            block.ivec4(vertical && tint != nil ? 1 : 0)
            let variant = EngineKernel.Variant(kernel, blurRun: kernel == .tiledBlur ? run : 1)
            var pass = KernelPass(kernel: try kernels.kernel(variant, outputFormat: format), output: output, layer: layer.texture,
                                  frame: frame, arguments: block.bytes, arrayData: weights)
            if kernel == .tiledBlur { pass.outputsPerInvocation = EngineKernel.tiledBlurOutputs(step: step, run: run) }
            plan.passes.append(pass)
            layer = (output, frame.outputOrigin, size)
        }
        plan.readbacks = [layer.texture]
        return (plan, layer.texture)
    }

    static func run(_ plan: (RenderPlan, TextureID), on executor: any Executor) throws -> PixelBuffer {
        try #require(try executor.execute(plan.0).outputs[plan.1])
    }

    static let vulkan: VulkanExecutor? = try? VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none))

    /// Tiled and per-tap passes write the same pixels, bit for bit (the same sums in the same order), tinted or not, off
    /// the layer's grid too: on lavapipe, with no validation message, and on the CPU evaluator interpreting the same
    /// SPIR-V; across the two executors, and against the evaluator's native blur, within 1/255.
    @Test(.requiresVulkan, arguments: PixelFormat.allCases)
    func tiledEqualsPerTapBlurOnBothExecutors(format: PixelFormat) throws {
        let vulkan = try #require(Self.vulkan)
        let native = CPUExecutor(options: CPUExecutor.Options(threads: 2, nativeKernels: true))
        let interpreted = CPUExecutor(options: CPUExecutor.Options(threads: 2, nativeKernels: false))
        for radius in Self.radii {
            for (tint, offGrid) in [(nil, false), (SIMD4<Float>(0.1, 0.2, 0.3, 0.6), false), (nil, true)] {
                let tiled = try Self.plan(.tiledBlur, radius: radius, format: format, tint: tint, offGrid: offGrid)
                let single = try Self.plan(.tiledBlur, radius: radius, format: format, tint: tint, offGrid: offGrid, run: 1)
                let perTap = try Self.plan(.blur, radius: radius, format: format, tint: tint, offGrid: offGrid)
                let label = "\(format) radius \(radius)\(tint == nil ? "" : " tinted")\(offGrid ? " off the grid" : "")"
                let onVulkan = try Self.run(tiled, on: vulkan)
                // The interpreter takes a while on the widest blurs; they are the same code, run longer.
                let onCPU = radius > 24 ? nil : try Self.run(tiled, on: interpreted)
                var exact = [("lavapipe", onVulkan, try Self.run(perTap, on: vulkan)),
                             ("lavapipe, runs of 1", try Self.run(single, on: vulkan), try Self.run(perTap, on: vulkan))]
                if let onCPU { exact.append(("CPU interpreted", onCPU, try Self.run(perTap, on: interpreted))) }
                for (name, tiled, perTap) in exact {
                    let d = try #require(ImageDifference(tiled, perTap))
                    #expect(d.maximum == 0, "\(label) on \(name): tiled differs from per-tap by \(d.maximum * 255)/255 at \(d.worstPixel)")
                }
                for (name, other) in [("CPU native", try Self.run(perTap, on: native))] + (onCPU.map { [("CPU interpreted", $0)] } ?? []) {
                    let d = try #require(ImageDifference(onVulkan, other))
                    #expect(d.maximum <= 1 / 255, "\(label): lavapipe's tiled differs from \(name) by \(d.maximum * 255)/255 at \(d.worstPixel)")
                }
            }
        }
        let problems = vulkan.validationMessages.filter { $0.severity >= .warning }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A tiled pass covers its output with workgroups of 16 × 16 invocations of its run of outputs along its axis, on
    /// both executors: the last partial run and workgroup included, nothing beyond.
    @Test func aTiledPassDispatchesOneInvocationARun() throws {
        var pass = KernelPass(kernel: try EngineKernelCache().kernel(.tiledBlur, outputFormat: .rgba8Unorm), output: TextureID(0),
                              frame: FrameConstants())
        let region = PixelRegion(origin: SIMD2(3, 5), size: SIMD2(150, 70))
        #expect(pass.workgroups(for: region, localSize: (16, 16)) == (10, 5))
        pass.outputsPerInvocation = EngineKernel.tiledBlurOutputs(step: SIMD2(1, 0), run: 8)
        #expect(pass.outputsPerInvocation == SIMD2(8, 1))
        #expect(pass.workgroups(for: region, localSize: (16, 16)) == (2, 5))
        pass.outputsPerInvocation = EngineKernel.tiledBlurOutputs(step: SIMD2(0, 1), run: 4)
        #expect(pass.workgroups(for: region, localSize: (16, 16)) == (10, 2))
    }

    /// The run grows with the pass: one output an invocation for a small shadow, 8 for a large blur.
    @Test func theRunGrowsWithThePass() {
        #expect(EngineKernel.blurRun(outputs: 140 * 140) == 1)
        #expect(EngineKernel.blurRun(outputs: 300 * 300) == 4)
        #expect(EngineKernel.blurRun(outputs: 3840 * 2160) == 8)
    }

    /// The tiled blur of both passes against Σᵢ Σⱼ wᵢ wⱼ · texel(x + i, y + j) computed in doubles from the source
    /// (transparent outside it), at the pixels up to the edges the blur spreads onto: within 1/255 (RGBA8 rounds the
    /// pass between, ½/255 at most, and the result, ½/255).
    @Test(.requiresVulkan, arguments: PixelFormat.allCases)
    func tiledBlurIsTheTwoDimensionalGaussian(format: PixelFormat) throws {
        let vulkan = try #require(Self.vulkan)
        let source = Self.image(format)
        for radius in [1, 12, 24, 40] {
            let blurred = try Self.run(try Self.plan(.tiledBlur, radius: radius, format: format, tint: nil), on: vulkan)
            let w = Blur.weights(sigma: Float(radius) / 3, radius: radius).map(Double.init)
            var worst: (Double, Int, Int) = (0, 0, 0)
            // Every pixel up to radius 12; wider (up to 6 561 taps a pixel) every 3rd row and column, and the last ones.
            let stride = radius > 12 ? 3 : 1
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

    /// The planner tiles a standalone blur on GPUs and lavapipe, not on the CPU evaluator (whose native blur runs
    /// either) nor on a device of unknown kind; a tiled pass dispatches one invocation a run along its axis.
    @Test func standaloneBlursAreTiledOnVulkanDevices() throws {
        for device in [DeviceKind.discreteGPU, .integratedGPU, .virtualGPU, .cpuDevice] { #expect(EngineKernel.standaloneBlur(device: device) == .tiledBlur) }
        for device in [DeviceKind.cpuEvaluator, .other] { #expect(EngineKernel.standaloneBlur(device: device) == .blur) }
        let gpu = TextureLimit(maxDimension: 16384, device: DeviceDescription(name: "GPU", kind: .discreteGPU, driver: "", apiVersion: "1.3"))
        let planned = try Planner().plan(NativeBlurTests.scene, size: NativeBlurTests.size, options: RenderOptions(scale: 2), textureLimit: gpu)
        let tiled = planned.plan.passes.filter { $0.kernel.name == EngineKernel.tiledBlur.rawValue }
        #expect(tiled.count >= 2, "\(planned.plan.passes.map(\.kernel.name))")
        for pass in tiled {
            let step = pass.arguments.withUnsafeBytes { SIMD2($0.load(as: Float.self), $0.load(fromByteOffset: 4, as: Float.self)) }
            let run = EngineKernel.blurRun(outputs: pass.frame.outputSize.x == 0 ? 0 : Int(pass.frame.outputSize.x) * Int(pass.frame.outputSize.y))
            #expect(pass.outputsPerInvocation == EngineKernel.tiledBlurOutputs(step: step, run: run))
        }
    }
}
