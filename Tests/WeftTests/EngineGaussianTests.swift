import Foundation
import Testing
@testable import Weft
import WeftCatalog
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftViews
import WeftVulkan

/// The stock gaussianBlur run as the engine's blur passes (`Lowering.engineGaussianRadius`) against the stitchable it
/// stands in for: planned only for the stock function with whole-pixel taps, and drawing the stitchable's pixels.
@Suite struct EngineGaussianTests {
    /// A 64×40 premultiplied noise image with a transparent band, so edges of coverage are blurred too.
    static func image(_ format: PixelFormat) -> PixelBuffer {
        var state: UInt32 = 0x2545_f491
        func next() -> Float {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24)
        }
        var pixels = PixelBuffer.blank(width: 64, height: 40, format: format)
        for y in 0..<40 {
            for x in 0..<64 {
                let a: Float = (20..<28).contains(x) ? 0 : next()
                pixels[x, y] = SIMD4(next() * a, next() * a, next() * a, a)
            }
        }
        return pixels
    }

    static func blurred(_ radius: Float, format: PixelFormat = .rgba8Unorm, library: ShaderLibrary = FusionTests.stock) throws -> ModifiedView {
        Image(image(format)).layerEffect(try library.gaussianBlur(.float(radius)), maxSampleOffset: Size(width: radius, height: radius))
    }

    static func options(format: PixelFormat, engine: Bool, scale: Float = 1) -> RenderOptions {
        RenderOptions(scale: scale, outputFormat: format, workingColorMode: format == .rgba8Unorm ? .nonLinear : .extendedLinear,
                      keepOverflow: true, engineGaussian: engine)
    }

    static func names(_ view: some View, options: RenderOptions, size: Size = Size(width: 64, height: 40),
                      limit: TextureLimit? = nil) throws -> [String] {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let planned = try context.planner.plan(view, size: size, options: options, textureLimit: limit ?? TextureLimit(of: context.executor))
        return planned.plan.passes.map(\.kernel.name)
    }

    @Test func theStockGaussianBlurIsRecognisedByItsFile() throws {
        let stock = FusionTests.stock
        #expect(stock.stockFunction(try stock.function(named: "gaussianBlur")) == .gaussianBlur,
                "Shaders/gaussianBlur.glsl changed: update StockFunction.gaussianBlur.fileDigest")
        #expect(stock.stockFunction(try stock.function(named: "boxBlur")) == nil)
    }

    /// Whole-pixel taps plan two engine blur passes and no stitchable run, at scale 1 and 2; a fractional radius keeps the
    /// stitchable's two runs, and so does `engineGaussian` off.
    @Test func wholePixelRadiiRunAsTheEngineBlurAndFractionalOnesAsTheStitchable() throws {
        for (radius, scale) in [(Float(6), Float(1)), (12, 1), (24, 1), (3, 2), (2.5, 2)] {
            let names = try Self.names(try Self.blurred(radius), options: Self.options(format: .rgba8Unorm, engine: true, scale: scale),
                                       size: Size(width: 64 / scale, height: 40 / scale))
            #expect(names.count { $0.hasPrefix("weft.blur") } == 2 && !names.contains { $0.hasPrefix("gaussianBlur") },
                    "radius \(radius) at scale \(scale): \(names)")
        }
        for (radius, scale) in [(Float(6.5), Float(1)), (2.25, 2), (0.5, 1)] {
            let names = try Self.names(try Self.blurred(radius), options: Self.options(format: .rgba8Unorm, engine: true, scale: scale),
                                       size: Size(width: 64 / scale, height: 40 / scale))
            #expect(names.contains("gaussianBlur.pass0") && !names.contains { $0.hasPrefix("weft.blur") }, "radius \(radius) at scale \(scale): \(names)")
        }
        let off = try Self.names(try Self.blurred(12), options: Self.options(format: .rgba8Unorm, engine: false))
        #expect(off.contains("gaussianBlur.pass0") && !off.contains { $0.hasPrefix("weft.blur") }, "\(off)")
    }

    /// Where the shadow blur tiles (a GPU), so does the substituted gaussianBlur; the CPU evaluator's plan has the per-tap
    /// blur, which it runs natively.
    @Test func theBlurIsTiledWhereTheShadowBlurIs() throws {
        let gpu = TextureLimit(maxDimension: 16384, device: DeviceDescription(name: "gpu", kind: .discreteGPU, driver: "", apiVersion: ""))
        let names = try Self.names(try Self.blurred(12), options: Self.options(format: .rgba8Unorm, engine: true), limit: gpu)
        let expected = EngineKernel.standaloneBlur(device: .discreteGPU).rawValue
        #expect(names.count { $0 == expected } == 2, "\(names)")
        let cpu = try Self.names(try Self.blurred(12), options: Self.options(format: .rgba8Unorm, engine: true),
                                 limit: TextureLimit(of: try RenderContext.make(device: .cpu).executor))
        #expect(cpu.count { $0.hasPrefix(EngineKernel.blur.rawValue) } == 2 && !cpu.contains(EngineKernel.tiledBlur.rawValue), "\(cpu)")
    }

    /// By default the engine's blur stands in on the CPU evaluator at every radius, on GPUs from 12 pixels, and never on
    /// lavapipe, as measured (docs/benchmarks.md, "The sliding-window blur on the GPU").
    @Test func byDefaultTheEngineBlurStandsInWhereItMeasuredFaster() throws {
        var options = Self.options(format: .rgba8Unorm, engine: true)
        options.engineGaussian = nil
        #expect(options.engineGaussianMinimumRadius(on: .cpuEvaluator) == 1)
        for device in [DeviceKind.discreteGPU, .integratedGPU, .virtualGPU] { #expect(options.engineGaussianMinimumRadius(on: device) == 12) }
        #expect(options.engineGaussianMinimumRadius(on: .cpuDevice) == nil)
        let gpu = TextureLimit(maxDimension: 16384, device: DeviceDescription(name: "gpu", kind: .discreteGPU, driver: "", apiVersion: ""))
        let twelve = try Self.names(try Self.blurred(12), options: options, limit: gpu)
        #expect(twelve.count { $0.hasPrefix(EngineKernel.blur.rawValue) } == 2 && !twelve.contains { $0.hasPrefix("gaussianBlur") }, "\(twelve)")
        let six = try Self.names(try Self.blurred(6), options: options, limit: gpu)
        #expect(!six.contains { $0.hasPrefix(EngineKernel.blur.rawValue) } && six.contains { $0.hasPrefix("gaussianBlur") }, "\(six)")
        let lavapipe = TextureLimit(maxDimension: 16384, device: DeviceDescription(name: "llvmpipe", kind: .cpuDevice, driver: "", apiVersion: ""))
        let onLavapipe = try Self.names(try Self.blurred(12), options: options, limit: lavapipe)
        #expect(!onLavapipe.contains { $0.hasPrefix(EngineKernel.blur.rawValue) }, "\(onLavapipe)")
        let cpu = try Self.names(try Self.blurred(6), options: options, limit: TextureLimit(of: try RenderContext.make(device: .cpu).executor))
        #expect(cpu.count { $0.hasPrefix(EngineKernel.blur.rawValue) } == 2, "\(cpu)")
    }

    /// An author's own `gaussianBlur` — the stock text with one comment changed, or another body — runs as written.
    @Test func anAuthorsOwnGaussianBlurIsNotSubstituted() throws {
        let stockText = try String(contentsOfFile: StockShaders.folder + "/gaussianBlur.glsl", encoding: .utf8)
        let edited = try ShaderLibrary(source: stockText.replacingOccurrences(of: "// gaussianBlur (layer, 2 passes)", with: "// my blur"),
                                       name: "gaussianBlur.glsl")
        let other = try ShaderLibrary(source: """
            [[ stitchable(layer, passes: 2) ]]
            vec4 gaussianBlur(vec2 position, Layer layer, float radius) {
                return sampleLayer(layer, position + vec2(radius, 0.0));
            }
            """, name: "gaussianBlur.glsl")
        let copy = try ShaderLibrary(source: stockText, name: "gaussianBlur.glsl")
        for (name, library, substituted) in [("edited", edited, false), ("other", other, false), ("byte-identical copy", copy, true)] {
            let names = try Self.names(try Self.blurred(6, library: library), options: Self.options(format: .rgba8Unorm, engine: true))
            #expect(names.contains { $0.hasPrefix("weft.blur") } == substituted && names.contains("gaussianBlur.pass0") == !substituted,
                    "\(name): \(names)")
        }
    }

    /// The engine blur reads the image itself in its first pass (read-through), as the stitchable's first run does.
    @Test func theFirstPassReadsTheImageDirectly() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let planned = try context.plan(try Self.blurred(6), size: Size(width: 64, height: 40),
                                       options: Self.options(format: .rgba8Unorm, engine: true))
        let first = try #require(planned.plan.passes.first { $0.kernel.name.hasPrefix("weft.blur") })
        #expect(first.frame.layerSize == SIMD2(64, 40) && first.frame.outputSize == SIMD2(76, 52), "\(first.frame)")
        #expect(!planned.plan.passes.prefix { !$0.kernel.name.hasPrefix("weft.blur") }.contains { $0.kernel.name.hasPrefix("weft.") },
                "\(planned.plan.passes.map(\.kernel.name))")
    }

    /// The substituted blur draws the stitchable's pixels within 1/255 at radii 6, 12, 24 (and a fractional radius, which
    /// is the stitchable both ways), in both formats, on the CPU evaluator and on lavapipe — tiled and, planned as on a
    /// device of unknown kind, per-tap — with no validation message; a colour effect after it gives the same too.
    @Test(arguments: Backend.allCases)
    func substitutedEqualsStitchable(backend: Backend) throws {
        let context = try backend.makeContext()
        var limits = [TextureLimit(of: context.executor)]
        if backend == .vulkan {
            var other = limits[0]
            other.device.kind = .other
            limits.append(other)
        }
        for format in PixelFormat.allCases {
            for radius: Float in [6, 12, 24, 6.5] {
                for chained in [false, true] {
                    let blurred = try Self.blurred(radius, format: format)
                    let view: any View = chained ? blurred.colorEffect(try FusionTests.stock.grayscale(.float(0.5))) : blurred
                    let size = Size(width: 64, height: 40)
                    let reference = try context.run(try context.planner.plan(view, size: size, options: Self.options(format: format, engine: false),
                                                                             textureLimit: limits[0]))
                    for limit in limits {
                        let planned = try context.planner.plan(view, size: size, options: Self.options(format: format, engine: true), textureLimit: limit)
                        let names = planned.plan.passes.map(\.kernel.name)
                        #expect(names.contains { $0.hasPrefix("weft.blur") } == (radius.rounded() == radius), "\(names)")
                        let engine = try context.run(planned)
                        #expect(engine.reports.isEmpty, "\(engine.reports.prefix(2))")
                        let d = try #require(ImageDifference(engine.pixels, reference.pixels))
                        #expect(d.maximum <= 1.0 / 255 + 1e-6,
                                "\(backend) \(format) radius \(radius)\(chained ? " + grayscale" : "") \(names): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
                    }
                }
            }
        }
        if backend == .vulkan, let vulkan = context.executor as? VulkanExecutor {
            let problems = vulkan.validationMessages.filter { $0.severity >= .warning }
            #expect(problems.isEmpty, "\(problems)")
        }
    }
}
