import Testing
@testable import Weft
import WeftCatalog
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// Fusion: which chains become one pass, why the others do not, and that fused equals unfused on both executors.
@Suite struct FusionTests {
    static let stock: ShaderLibrary = try! ShaderLibrary(path: StockShaders.folder)

    /// A 40×24 image with every channel varying, partly transparent at the right.
    static func gradientImage() -> PixelBuffer {
        var p = PixelBuffer.blank(width: 40, height: 24, format: .rgba8Unorm)
        for y in 0..<24 {
            for x in 0..<40 {
                let a: Float = x < 32 ? 1 : 0.5
                p[x, y] = SIMD4(Float(x) / 39 * a, Float(y) / 23 * a, Float((x * 7 + y * 3) % 40) / 39 * a, a)
            }
        }
        return p
    }

    static func plan(_ view: some View, fusion: Bool = true) throws -> PlannedRender {
        let context = RenderContext(executor: PlanOnlyExecutor())
        return try context.plan(view, size: Size(width: 40, height: 24), options: RenderOptions(fusion: fusion))
    }

    /// The chains whose last stage quantizes (posterize).
    static let quantizing: Set<String> = ["color∘color", "layer→color"]

    /// One view per pair of kinds that fuse, and the chains of the stock library that must not.
    static func chains() throws -> [(name: String, view: ModifiedView)] {
        let lib = stock
        let image = Image(gradientImage())
        return [
            ("color∘color", image.colorEffect(try lib.grayscale(.float(0.7))).colorEffect(try lib.posterize(.float(4)))),
            ("color∘color∘color", image.colorEffect(try lib.radialTint(.float2(20, 12), .float(18), .color(.orange)))
                .colorEffect(try lib.vignette(.boundingRect, .float(0.8))).colorEffect(try lib.grayscale(.float(0.5)))),
            ("layer→color", image.layerEffect(try lib.boxBlur(.float(2)), maxSampleOffset: Size(width: 2, height: 2))
                .colorEffect(try lib.posterize(.float(5)))),
            ("distortion→color", image.distortionEffect(try lib.wave(.float(3), .float(16), .float(0)), maxSampleOffset: Size(width: 0, height: 3))
                .colorEffect(try lib.vignette(.boundingRect, .float(0.6)))),
            ("color→layer", image.colorEffect(try lib.grayscale(.float(1)))
                .layerEffect(try lib.boxBlur(.float(2)), maxSampleOffset: Size(width: 2, height: 2))),
            ("color→distortion", image.colorEffect(try lib.grayscale(.float(1)))
                .distortionEffect(try lib.wave(.float(3), .float(16), .float(0)), maxSampleOffset: Size(width: 0, height: 3))),
        ]
    }

    @Test func colorChainsBecomeOnePass() throws {
        let image = Image(Self.gradientImage())
        let lib = Self.stock
        let view = image.colorEffect(try lib.grayscale(.float(0.7))).colorEffect(try lib.posterize(.float(4)))
            .colorEffect(try lib.grayscale(.float(0.2)))
        #expect(try Self.plan(view).plan.passes.map(\.kernel.name) == ["grayscale+posterize+grayscale"])
        #expect(try Self.plan(view, fusion: false).plan.passes.map(\.kernel.name) == ["grayscale", "posterize", "grayscale"])
        let layerThenColor = image.layerEffect(try lib.boxBlur(.float(2)), maxSampleOffset: Size(width: 2, height: 2))
            .colorEffect(try lib.grayscale(.float(1)))
        let layerPlan = try Self.plan(layerThenColor)
        // Stitched, then folded with the composite onto the output canvas and that canvas's clear fill.
        #expect(layerPlan.plan.passes.map(\.kernel.name).contains("boxBlur+grayscale+weft.layer.overSolid"), "\(layerPlan.fusionNotes)")
        let distortionThenColor = image.distortionEffect(try lib.wave(.float(3), .float(16), .float(0)), maxSampleOffset: Size(width: 0, height: 3))
            .colorEffect(try lib.grayscale(.float(1)))
        let distortionPlan = try Self.plan(distortionThenColor)
        #expect(distortionPlan.plan.passes.map(\.kernel.name).contains("wave+grayscale+weft.layer.overSolid"), "\(distortionPlan.fusionNotes)")
    }

    @Test func layerAndDistortionEffectsOfAnEffectsOutputStayApartAndSayWhy() throws {
        let image = Image(Self.gradientImage())
        let lib = Self.stock
        // No padding, so the layer effect reads the color effect's output itself.
        let blurred = try Self.plan(image.colorEffect(try lib.grayscale(.float(1)))
            .layerEffect(try lib.boxBlur(.float(2)), maxSampleOffset: Size(width: 0, height: 0)))
        #expect(blurred.plan.passes.map(\.kernel.name) == ["grayscale", "boxBlur"])
        #expect(blurred.fusionNotes.contains { $0.kernel == "boxBlur" && $0.reason.contains("samples its input at other positions") },
                "\(blurred.fusionNotes)")
        let rippled = try Self.plan(image.colorEffect(try lib.grayscale(.float(1)))
            .distortionEffect(try lib.wave(.float(3), .float(16), .float(0)), maxSampleOffset: Size(width: 0, height: 0)))
        #expect(rippled.fusionNotes.contains { $0.kernel == "wave" && $0.reason.contains("distortion effect") }, "\(rippled.fusionNotes)")
        // A result that is faded first is composited, so the next effect reads a composite.
        let faded = try Self.plan(image.colorEffect(try lib.grayscale(.float(1))).opacity(0.5).colorEffect(try lib.posterize(.float(3))))
        #expect(faded.fusionNotes.contains { $0.kernel == "posterize" && $0.reason.contains("weft.layer") }, "\(faded.fusionNotes)")
    }

    @Test(arguments: Backend.allCases)
    func fusedEqualsUnfusedForEveryKindPair(backend: Backend) throws {
        let context = try backend.makeContext()
        for (name, view) in try Self.chains() {
            for format in PixelFormat.allCases {
                // A half-float store may round toward zero (lavapipe does; the evaluator and packHalf2x16 round to
                // nearest), so a quantizing stage (posterize) can land one level apart at a level's boundary.
                if format == .rgba16Float, backend == .vulkan, Self.quantizing.contains(name) { continue }
                var options = RenderOptions(outputFormat: format, workingColorMode: format == .rgba8Unorm ? .nonLinear : .extendedLinear)
                let fused = try context.render(view, size: Size(width: 40, height: 24), options: options)
                options.fusion = false
                let unfused = try context.render(view, size: Size(width: 40, height: 24), options: options)
                let d = try #require(ImageDifference(fused.pixels, unfused.pixels))
                #expect(d.maximum <= 1.0 / 255 + 1e-6, "\(name) \(format): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
                #expect(fused.reports.isEmpty, "\(name): \(fused.reports.prefix(2))")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func fusedEqualsUnfusedForEveryExampleScene(backend: Backend) throws {
        let context = try backend.makeContext()
        for file in Examples.sceneFiles {
            let scene = try Examples.load(file)
            let shown = scene.frame(at: 0.5)
            var options = shown.options
            // A scene whose plan fusion leaves as it is renders the same by construction.
            var unfusedOptions = options
            unfusedOptions.fusion = false
            let kernels = { (o: RenderOptions) in try context.plan(shown.view, size: shown.size, options: o).plan.passes.map(\.kernel.name) }
            guard try kernels(options) != kernels(unfusedOptions) else { continue }
            let fused = try context.render(shown.view, size: shown.size, options: options)
            options.fusion = false
            let unfused = try context.render(shown.view, size: shown.size, options: options)
            let d = try #require(ImageDifference(fused.pixels, unfused.pixels))
            #expect(d.maximum <= 1.0 / 255 + 1e-6, "\(file): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
        }
    }

    /// Fill → color, straight through the rewrite (views always composite a fill through its shape's mask); two
    /// libraries whose helpers share names, and one file used twice, stitched into one kernel.
    @Test(arguments: Backend.allCases)
    func stagesFromLibrariesWithCollidingHelpersFuse(backend: Backend) throws {
        let a = try ShaderLibrary(source: """
            const float k = 0.5;
            float helper(float x) { return x * k; }
            [[ stitchable ]] vec4 stripes(vec2 position, float width, FloatArray gains) {
                float v = helper(mod(floor(position.x / width), 2.0) + 0.5) * floatAt(gains, 1);
                return vec4(v, position.y / 24.0, 0.25, 1.0);
            }
            """, name: "a.glsl")
        let b = try ShaderLibrary(source: """
            #define GAIN 0.75
            vec3 helper(vec3 c) { return c.bgr * GAIN; }
            [[ stitchable ]] vec4 swap(vec2 position, vec4 color, FloatArray offsets) {
                return vec4(helper(color.rgb) + floatAt(offsets, 0), color.a);
            }
            """, name: "b.glsl")
        let context = try backend.makeContext()
        let frame = EffectRequest(viewSize: SIMD2(40, 24))
        let fill = try a.stripes(.float(5), .floatArray([0.5, 1.5]))
        let swap = try b.swap(.floatArray([0.125]))
        func run(fusion: Bool) throws -> (PixelBuffer, [String]) {
            var builder = PlanBuilder()
            var constants = FrameConstants()
            constants.outputSize = SIMD2(40, 24)
            constants.viewSize = SIMD2(40, 24)
            var previous: TextureID?
            for shader in [fill, swap, swap] {
                let bound = shader.bind(frame)
                let output = builder.texture(width: 40, height: 24, format: .rgba8Unorm)
                var f = constants
                if previous != nil { f.layerSize = SIMD2(40, 24) }
                let kernel = try shader.kernel(outputFormat: .rgba8Unorm)
                builder.add(KernelPass(kernel: kernel, output: output, layer: previous, frame: f,
                                       arguments: bound.argumentBlock, arrayData: bound.arrayData),
                            origin: .stitched(PlannedPass.Stitch(FusionStage(library: shader.library, function: shader.function), kernel: kernel),
                                              .texture))
                previous = output
            }
            if fusion {
                let fused = Fusion.rewrite(builder.planned, readbacks: [previous!], kernels: FusedKernelCache())
                #expect(fused.notes.isEmpty)
                builder.planned = fused.passes
            }
            let (plan, readbacks) = builder.finish(readingBack: [previous!])
            let result = try context.executor.execute(plan)
            return (try #require(result.outputs[readbacks[0]]), plan.passes.map(\.kernel.name))
        }
        let (fused, names) = try run(fusion: true)
        #expect(names == ["stripes+swap+swap"])
        let (unfused, _) = try run(fusion: false)
        let d = try #require(ImageDifference(fused, unfused))
        #expect(d.maximum <= 1.0 / 255 + 1e-6, "differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
    }
}
