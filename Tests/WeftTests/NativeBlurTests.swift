import Testing
@testable import Weft
@testable import WeftCPU
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews

/// The CPU evaluator's native blur (`NativeKernel.separableBlur`) against the SPIR-V blur it stands for, interpreted by
/// the same evaluator: every shadow pass, plain, tinted and folded into its composite (in place and over a solid), in
/// both formats, within 1/255.
@Suite struct NativeBlurTests {
    static let size = Size(width: 120, height: 90)

    /// Shadows of every kind the planner makes: a shape's, a compositing group's over a solid background, one over
    /// other drawing (folded in place), a wide one whose blur reaches past the canvas, and one with a blend mode the
    /// native path declines.
    static var scene: some View {
        ZStack {
            Rectangle().fill(Color.green).frame(width: 50, height: 30).offset(x: 20, y: 15)
            RoundedRectangle(cornerRadius: 4).fill(Color.orange).frame(width: 30, height: 16).offset(x: 10, y: 10)
                .shadow(color: Color(white: 0, alpha: 0.6), radius: 3, x: 2, y: 3)
            ZStack {
                Capsule().fill(Color.blue).frame(width: 40, height: 14)
                Circle().fill(Color.white).frame(width: 8, height: 8).offset(x: -12)
            }
            .offset(x: -30, y: -25).compositingGroup().shadow(radius: 5, y: 2)
            Circle().fill(Color.red).frame(width: 20, height: 20).offset(x: -55, y: 40).shadow(color: Color.blue, radius: 8)
            Circle().fill(Color.white).frame(width: 14, height: 14).offset(x: 40, y: -30)
                .shadow(color: Color(white: 0, alpha: 0.8), radius: 2, x: 1, y: 1).blendMode(.multiply)
        }
    }

    @Test func nativeBlurEqualsTheSPIRVBlur() throws {
        let native = RenderContext(executor: CPUExecutor(options: CPUExecutor.Options(threads: 2, nativeKernels: true)))
        let interpreted = RenderContext(executor: CPUExecutor(options: CPUExecutor.Options(threads: 2, nativeKernels: false)))
        for format in PixelFormat.allCases {
            for background in [Color.clear, Color(red: 0.95, green: 0.95, blue: 0.97)] {
                let options = RenderOptions(scale: 2, background: background, outputFormat: format,
                                            workingColorMode: format == .rgba8Unorm ? .nonLinear : .extendedLinear)
                let planned = try native.plan(Self.scene, size: Self.size, options: options)
                let blurs = planned.plan.passes.filter { $0.kernel.native == .separableBlur }.map(\.kernel.name)
                #expect(blurs.contains("weft.blur"), "\(format): the plain blur is in the plan")
                #expect(blurs.contains { $0.hasPrefix("weft.blur+") }, "\(format): a blur folded into its composite is in the plan")
                #expect(!NativeBlur.alphaOnlyTextures(of: planned.plan).isEmpty, "\(format): a first blur pass keeps only alpha")
                let a = try native.render(Self.scene, size: Self.size, options: options).pixels
                let b = try interpreted.render(Self.scene, size: Self.size, options: options).pixels
                let d = try #require(ImageDifference(a, b))
                #expect(d.maximum <= 1 / 255, "\(format) over \(background): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
                guard background == .clear else { continue }
                var shadowed = 0
                for y in 0..<a.height { for x in 0..<a.width where a[x, y].w > 0.02 && a[x, y].w < 0.98 { shadowed += 1 } }
                #expect(shadowed > 500, "\(format): the shadows drew soft edges (\(shadowed) partly covered pixels)")
            }
        }
    }

    /// A few small shapes in one corner, folded into the canvas's fill (`weft.shape.overSolid` over the whole canvas): the evaluator fills
    /// the canvas natively and interprets the batch over the shapes' bounds only, and the pixels are the same.
    @Test func shapesOverASolidRunOnlyOverTheirBounds() throws {
        let scene = ZStack {
            Circle().fill(Color.blue).frame(width: 12, height: 12).offset(x: -40, y: -30)
            RoundedRectangle(cornerRadius: 3).fill(Color.orange).frame(width: 16, height: 10).offset(x: -28, y: -22).rotationEffect(.degrees(20))
            Capsule().fill(Color.green).frame(width: 30, height: 8).offset(x: -35, y: -12)
        }
        try expectSolidFillRunsOnlyOverItsRecords(scene, .shapesOverSolid, atMost: 1 / 2)
    }

    /// A line of text folded into the canvas's fill (`weft.glyph.overSolid`): the evaluator fills the canvas natively
    /// and interprets the glyph run over its glyphs' rectangles only, and the pixels are the same.
    @Test func glyphsOverASolidRunOnlyOverTheirRectangles() throws {
        let scene = try Text("Weft, 1080p", size: 11, color: Color(red: 0.1, green: 0.2, blue: 0.6)).offset(x: -20, y: -25)
        try expectSolidFillRunsOnlyOverItsRecords(scene, .glyphsOverSolid, atMost: 1 / 4)
    }

    /// `scene` over a solid background plans a `kind` pass whose records cover at most `share` of the canvas, and renders
    /// the same with native kernels as without, in RGBA8 and RGBA16F.
    func expectSolidFillRunsOnlyOverItsRecords(_ scene: some View, _ kind: NativeKernel, atMost share: Double) throws {
        let native = RenderContext(executor: CPUExecutor(options: CPUExecutor.Options(threads: 3, nativeKernels: true)))
        let interpreted = RenderContext(executor: CPUExecutor(options: CPUExecutor.Options(threads: 3, nativeKernels: false)))
        for format in PixelFormat.allCases {
            let options = RenderOptions(scale: 2, background: Color(red: 0.95, green: 0.95, blue: 0.97), outputFormat: format,
                                        workingColorMode: format == .rgba8Unorm ? .nonLinear : .extendedLinear)
            let planned = try native.plan(scene, size: Self.size, options: options)
            let pass = try #require(planned.plan.passes.first { $0.kernel.native == kind }, "\(format): a \(kind) pass over the fill")
            let output = planned.plan.textures[pass.output.index]
            let fill = try #require(NativeSolidFill(pass, output: CPUTexture(width: output.width, height: output.height, format: format)))
            let covered = try #require(fill.covered)
            #expect(Double(covered.size.x) * Double(covered.size.y) <= share * Double(output.width * output.height),
                    "\(format): the kernel runs over \(covered) only")
            let a = try native.render(scene, size: Self.size, options: options).pixels
            let b = try interpreted.render(scene, size: Self.size, options: options).pixels
            let d = try #require(ImageDifference(a, b))
            #expect(d.maximum <= 1e-6, "\(format): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
        }
    }
}
