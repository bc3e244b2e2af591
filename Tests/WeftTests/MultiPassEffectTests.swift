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

/// Multi-pass effects: `[[ stitchable(layer, passes: N) ]]` runs N kernels, each reading the one before; the stock
/// separable `gaussianBlur` equals a direct 2-D Gaussian.
@Suite struct MultiPassEffectTests {
    /// The same Gaussian as Shaders/gaussianBlur.glsl, summed over the whole square in one pass (the reference
    /// Benchmarks/readthru/check.sh compares devices with, too).
    static let reference = try! ShaderLibrary(path: Examples.directory + "/../Benchmarks/readthru/gaussian2D.glsl")

    @Test func aMultiPassEffectIsOnePassPerRunAndAColorEffectAfterItIsStitchedOntoTheLast() throws {
        let stock = FusionTests.stock
        let context = RenderContext(executor: PlanOnlyExecutor())
        // A fractional radius: whole-pixel ones run as the engine's blur (EngineGaussianTests).
        let view = Image(FusionTests.gradientImage()).layerEffect(try stock.gaussianBlur(.float(2.5)), maxSampleOffset: Size(width: 3, height: 3))
            .colorEffect(try stock.grayscale(.float(1)))
        let planned = try context.plan(view, size: Size(width: 40, height: 24))
        let names = planned.plan.passes.map(\.kernel.name)
        #expect(names.contains("gaussianBlur.pass0") && names.contains("gaussianBlur+grayscale+weft.layer.overSolid"), "\(names)")
        #expect(planned.fusionNotes.contains { $0.kernel == "gaussianBlur.pass1" && $0.reason.contains("layer effect") },
                "\(planned.fusionNotes)")
    }

    @Test func passesOnlyForLayerEffects() throws {
        #expect(throws: ShaderError.self) {
            try ShaderLibrary(source: "[[ stitchable(passes: 2) ]] vec4 f(vec2 p, vec4 color) { return color; }").compileAll()
        }
        #expect(throws: ShaderError.self) {
            try ShaderLibrary(source: "[[ stitchable(layer, passes: 0) ]] vec4 f(vec2 p, Layer l) { return sampleLayer(l, p); }")
        }
        let ok = try ShaderLibrary(source: "[[ stitchable(layer, passes: 3) ]] vec4 f(vec2 p, Layer l) { return sampleLayer(l, p) * float(weftPass()); }")
        #expect(try ok.function(named: "f").passes == 3)
    }

    @Test(arguments: Backend.allCases)
    func gaussianBlurEqualsTheDirectTwoDimensionalSum(backend: Backend) throws {
        let context = try backend.makeContext()
        let image = Image(FusionTests.gradientImage())
        for radius: Float in [0, 2, 4] {
            let padding = Size(width: radius, height: radius)
            let separable = image.layerEffect(try FusionTests.stock.gaussianBlur(.float(radius)), maxSampleOffset: padding)
            let direct = image.layerEffect(try Self.reference.gaussian2D(.float(radius)), maxSampleOffset: padding)
            let options = RenderOptions(keepOverflow: true)
            let a = try context.render(separable, size: Size(width: 40, height: 24), options: options)
            let b = try context.render(direct, size: Size(width: 40, height: 24), options: options)
            #expect(a.reports.isEmpty, "\(a.reports.prefix(2))")
            let d = try #require(ImageDifference(a.pixels, b.pixels))
            #expect(d.maximum <= 1.0 / 255 + 1e-6, "radius \(radius): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
        }
    }
}
