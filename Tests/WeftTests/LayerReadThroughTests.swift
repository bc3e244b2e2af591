import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// Read-through: a layer or distortion effect whose padded layer holds one aligned layer and nothing else reads that
/// layer's texture directly in its first run, which gives the pixels of the padded copy (`--no-fuse` keeps the copy).
@Suite struct LayerReadThroughTests {
    /// Layer effects that sample well beyond the content's edge at fractional offsets, and one that shows its `Layer`.
    static let probes = try! ShaderLibrary(source: """
        [[ stitchable ]]
        vec4 farTaps(vec2 position, Layer layer) {
            return 0.5 * sampleLayer(layer, position + vec2(2.75, -1.25)) + 0.5 * sampleLayer(layer, position - vec2(1.5, 0.4));
        }
        // The padded bounds, encoded (premultiplied-valid): −origin in 1/16 steps, size in 1/128 and 1/32 steps.
        [[ stitchable ]]
        vec4 layerBounds(vec2 position, Layer layer) {
            return vec4(-layer.origin.x / 16.0, -layer.origin.y / 16.0, layer.size.x / 128.0, layer.size.y / 32.0);
        }
        """, name: "probes.glsl")

    /// The effects compared: layer (multi-pass, grid, far taps) and distortion, each with its odd padding.
    static func effects() throws -> [(name: String, apply: (any View) -> ModifiedView)] {
        let stock = FusionTests.stock
        return [
            ("gaussianBlur", { $0.layerEffect(try! stock.gaussianBlur(.float(3)), maxSampleOffset: Size(width: 3, height: 3)) }),
            ("gaussianBlur", { $0.layerEffect(try! stock.gaussianBlur(.float(2.25)), maxSampleOffset: Size(width: 5, height: 3)) }),
            ("boxBlur", { $0.layerEffect(try! stock.boxBlur(.float(2.5)), maxSampleOffset: Size(width: 3, height: 5)) }),
            ("farTaps", { $0.layerEffect(try! probes.farTaps(), maxSampleOffset: Size(width: 5, height: 3)) }),
            ("wave", { $0.distortionEffect(try! stock.wave(.float(3), .float(16), .float(0.5)), maxSampleOffset: Size(width: 1, height: 3)) }),
        ]
    }

    /// The image as drawn inside the effect: plain, and moved by whole pixels.
    static func contents(scale: Float) throws -> [(name: String, view: any View)] {
        let image = try Image(FusionTests.gradientImage(), scale: scale)
        return [("image", image), ("offset image", image.offset(x: 3 / scale, y: -1 / scale))]
    }

    /// The first pass of the effect: its stitchable's first run, or the engine blur's first pass where it stands in for the
    /// stock gaussianBlur (whole-pixel radii).
    static func firstEffectPass(_ planned: PlannedRender) -> KernelPass? {
        planned.plan.passes.first { isEffectPass($0.kernel.name) }
    }
    static func isEffectPass(_ name: String) -> Bool { !name.hasPrefix("weft.") || name.hasPrefix("weft.blur") }

    @Test func theFirstRunReadsTheImageAndLaterRunsTheirPredecessor() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        for scale: Float in [1, 2] {
            for (name, effect) in try Self.effects() {
                for (contentName, content) in try Self.contents(scale: scale) {
                    let view = effect(content)
                    let size = Size(width: 40 / scale, height: 24 / scale)
                    let planned = try context.plan(view, size: size, options: RenderOptions(scale: scale, keepOverflow: true))
                    let names = planned.plan.passes.map(\.kernel.name)
                    let what = "\(name) over \(contentName) at scale \(scale): \(names)"
                    // Only the final composite onto the output is an engine pass; no padded copy before the effect.
                    #expect(!names.prefix { !Self.isEffectPass($0) }.contains { $0.hasPrefix("weft.") }, "\(what)")
                    let first = try #require(Self.firstEffectPass(planned))
                    #expect(first.frame.layerSize == SIMD2(40, 24), "\(what)")
                    #expect(first.frame.outputSize != SIMD2(40, 24), "\(what)")
                    if name == "gaussianBlur", let second = planned.plan.passes.first(where: { $0.kernel.name == "gaussianBlur.pass1" }) {
                        #expect(second.frame.layerSize == SIMD2<Float>(second.frame.outputSize), "\(what)")
                        #expect(second.frame.layerOrigin == second.frame.outputOrigin, "\(what)")
                    }
                    let unfused = try context.plan(view, size: size, options: RenderOptions(scale: scale, keepOverflow: true, fusion: false))
                    #expect(unfused.plan.passes.map(\.kernel.name).prefix(2) == ["weft.solid", "weft.layer.inPlace"], "\(what)")
                }
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func readThroughEqualsThePaddedCopy(backend: Backend) throws {
        let context = try backend.makeContext()
        for scale: Float in [1, 2] {
            for (name, effect) in try Self.effects() {
                for (contentName, content) in try Self.contents(scale: scale) {
                    let view = effect(content)
                    let size = Size(width: 40 / scale, height: 24 / scale)
                    let direct = try context.render(view, size: size, options: RenderOptions(scale: scale, keepOverflow: true))
                    let copied = try context.render(view, size: size, options: RenderOptions(scale: scale, keepOverflow: true, fusion: false))
                    #expect(direct.reports.isEmpty, "\(name) over \(contentName) at scale \(scale): \(direct.reports.prefix(2))")
                    #expect(copied.reports.isEmpty, "\(name) over \(contentName) at scale \(scale): \(copied.reports.prefix(2))")
                    let d = try #require(ImageDifference(direct.pixels, copied.pixels))
                    #expect(d.maximum <= 1.0 / 255 + 1e-6,
                            "\(name) over \(contentName) at scale \(scale): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
                }
            }
        }
    }

    /// The same in extended-linear RGBA16F (an RGBA16F image is read through in a scene composed in that mode).
    @Test(arguments: Backend.allCases)
    func readThroughEqualsThePaddedCopyInHalfFloat(backend: Backend) throws {
        let context = try backend.makeContext()
        let gradient = FusionTests.gradientImage()
        var half = PixelBuffer.blank(width: gradient.width, height: gradient.height, format: .rgba16Float)
        for y in 0..<gradient.height {
            for x in 0..<gradient.width { half[x, y] = gradient[x, y] }
        }
        for (name, effect) in try Self.effects() {
            let view = effect(Image(half))
            let options = { (fusion: Bool) in
                RenderOptions(outputFormat: .rgba16Float, workingColorMode: .extendedLinear, keepOverflow: true, fusion: fusion)
            }
            let planned = try RenderContext(executor: PlanOnlyExecutor()).plan(view, size: Size(width: 40, height: 24), options: options(true))
            #expect(Self.firstEffectPass(planned)?.frame.layerSize == SIMD2(40, 24), "\(name): \(planned.plan.passes.map(\.kernel.name))")
            let direct = try context.render(view, size: Size(width: 40, height: 24), options: options(true))
            let copied = try context.render(view, size: Size(width: 40, height: 24), options: options(false))
            #expect(direct.reports.isEmpty && copied.reports.isEmpty, "\(name): \(direct.reports.prefix(2)) \(copied.reports.prefix(2))")
            let d = try #require(ImageDifference(direct.pixels, copied.pixels))
            #expect(d.maximum <= 1.0 / 255 + 1e-6, "\(name): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
        }
    }

    /// Paired bilinear taps (radius × scale a whole number of pixels) and single taps (otherwise) both equal the direct
    /// 2-D Gaussian over the same tap positions.
    @Test(arguments: Backend.allCases)
    func gaussianBlurEqualsTheDirectSumWithPairedAndSingleTaps(backend: Backend) throws {
        let context = try backend.makeContext()
        for scale: Float in [1, 2] {
            let image = try Image(FusionTests.gradientImage(), scale: scale)
            for radius: Float in [1, 2.25, 3, 4.5] {
                let padding = Size(width: radius, height: radius)
                let separable = image.layerEffect(try FusionTests.stock.gaussianBlur(.float(radius)), maxSampleOffset: padding)
                let direct = image.layerEffect(try MultiPassEffectTests.reference.gaussian2D(.float(radius)), maxSampleOffset: padding)
                let options = RenderOptions(scale: scale, keepOverflow: true)
                let size = Size(width: 40 / scale, height: 24 / scale)
                let a = try context.render(separable, size: size, options: options)
                let b = try context.render(direct, size: size, options: options)
                #expect(a.reports.isEmpty, "\(a.reports.prefix(2))")
                let d = try #require(ImageDifference(a.pixels, b.pixels))
                #expect(d.maximum <= 1.0 / 255 + 1e-6, "radius \(radius) at scale \(scale): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
            }
        }
    }

    /// The author's `Layer` is the padded layer's bounds whether the first run reads a copy or the image itself.
    @Test(arguments: Backend.allCases)
    func theLayerStructKeepsThePaddedBounds(backend: Backend) throws {
        let context = try backend.makeContext()
        let view = Image(FusionTests.gradientImage()).layerEffect(try Self.probes.layerBounds(), maxSampleOffset: Size(width: 3, height: 1))
        for fusion in [true, false] {
            let options = RenderOptions(keepOverflow: true, fusion: fusion)
            let planned = try RenderContext(executor: PlanOnlyExecutor()).plan(view, size: Size(width: 40, height: 24), options: options)
            #expect(Self.firstEffectPass(planned)?.frame.layerSize == (fusion ? SIMD2(40, 24) : SIMD2(46, 26)))
            let rendered = try context.render(view, size: Size(width: 40, height: 24), options: options)
            #expect(rendered.reports.isEmpty, "\(rendered.reports.prefix(2))")
            // Padded bounds: origin (−3, −1), size 46 × 26 points.
            expectClose(rendered.pixels[5, 5], SIMD4(3.0 / 16, 1.0 / 16, 46.0 / 128, 26.0 / 32), "Layer with fusion \(fusion)")
        }
    }

    /// What is not a lone aligned layer over a clear padded layer is composited into it first, as before.
    @Test func otherContentsAreCopiedIntoThePaddedLayer() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let pixels = FusionTests.gradientImage()
        let image = Image(pixels)
        let blur = { (view: any View) in view.layerEffect(try! FusionTests.stock.boxBlur(.float(2)), maxSampleOffset: Size(width: 2, height: 2)) }
        let cases: [(String, any View)] = [
            ("faded", image.opacity(0.5)),
            ("between pixels", image.offset(x: 0.25)),
            ("at another scale", try Image(pixels, scale: 2).frame(width: 40, height: 24)),
            ("beside a shape", ZStack { Rectangle().fill(Color.red).frame(width: 4, height: 4); image }),
            ("under a shape", ZStack { image; Rectangle().fill(Color.red).frame(width: 4, height: 4) }),
        ]
        for (what, content) in cases {
            let planned = try context.plan(blur(content), size: Size(width: 40, height: 24), options: RenderOptions(keepOverflow: true))
            let names = planned.plan.passes.map(\.kernel.name)
            // boxBlur may have its composite onto the output folded in (`boxBlur+weft.layer.overSolid`).
            let blurIndex = try #require(names.firstIndex { $0.hasPrefix("boxBlur") }, "\(what): \(names)")
            #expect(names[..<blurIndex].contains { $0.hasPrefix("weft.") }, "\(what): \(names)")
            #expect(planned.plan.passes[blurIndex].frame.layerSize != SIMD2(40, 24), "\(what)")
        }
    }
}
