import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// Bounded passes: a draw runs over the pixels it can change, in place, and leaves the same pixels as a pass over the
/// whole canvas.
@Suite struct BoundedPassTests {
    static let size = Size(width: 160, height: 120)

    /// A small circle, a shadowed rounded rectangle and an image, on a much larger canvas.
    static var scene: some View {
        ZStack {
            Circle().fill(Color.blue).frame(width: 12, height: 12).offset(x: -50, y: -30)
            RoundedRectangle(cornerRadius: 3).fill(Color.orange).frame(width: 16, height: 10).offset(x: 30, y: 20)
                .shadow(color: Color(white: 0, alpha: 0.5), radius: 2, x: 1, y: 2)
            Image(testImage()).opacity(0.75).offset(x: 10, y: -40)
        }
    }

    /// Without fusion, which would fold the clear fill into the shape pass (one pass over the whole canvas).
    static var unfused: RenderOptions {
        var options = RenderOptions()
        options.fusion = false
        return options
    }

    @Test func aSmallShapeDispatchesOnlyItsRectangle() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let circle = Circle().fill(Color.blue).frame(width: 12, height: 12).offset(x: -50, y: -30)
        #expect(try context.plan(circle, size: Self.size).plan.passes.map(\.kernel.name) == ["weft.shape.overSolid"])
        let planned = try context.plan(circle, size: Self.size, options: Self.unfused)
        #expect(planned.plan.passes.map(\.kernel.name) == ["weft.solid", "weft.shape.inPlace"])
        let shape = planned.plan.passes[1]
        // The circle spans points 24…36 by 24…36 of the 160×120 canvas, grown by a pixel for anti-aliasing.
        #expect(shape.region == PixelRegion(origin: SIMD2(23, 23), size: SIMD2(14, 14)))
        #expect(shape.output == planned.plan.passes[0].output, "drawn in place over the clear canvas")
        #expect(shape.destination == nil)
        #expect(planned.plan.textures.count == 1)
    }

    @Test func drawsThatReachNothingAreNotPasses() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let outside = ZStack {
            Circle().fill(Color.red).frame(width: 10, height: 10).offset(x: 200)
            Rectangle().fill(Color.green).frame(width: 10, height: 10)
        }
        let planned = try context.plan(outside, size: Self.size, options: Self.unfused)
        #expect(planned.plan.passes.map(\.kernel.name) == ["weft.solid", "weft.shape.inPlace"])
        #expect(planned.plan.passes[1].arrayData.count == ShapeBatch.recordStride, "the circle beyond the canvas is not lowered")
        let faraway = try context.plan(Image(testImage()).offset(x: 400), size: Self.size, options: Self.unfused)
        #expect(faraway.plan.passes.map(\.kernel.name) == ["weft.solid"], "an image beyond the canvas draws nothing")
    }

    @Test(arguments: Backend.allCases)
    func boundedPixelsEqualTheWholeCanvasPasses(backend: Backend) throws {
        let context = try backend.makeContext()
        for format in PixelFormat.allCases {
            // Unfused, so that only bounding differs (folding differs with it, and is compared in FusionTests).
            var options = RenderOptions(outputFormat: format, workingColorMode: format == .rgba8Unorm ? .nonLinear : .extendedLinear)
            options.fusion = false
            let limit = TextureLimit(of: context.executor)
            let bounded = try context.planner.plan(Self.scene, size: Self.size, options: options, textureLimit: limit,
                                                   rewrites: .init(fusion: options.fusion, boundedPasses: true))
            let whole = try context.planner.plan(Self.scene, size: Self.size, options: options, textureLimit: limit,
                                                 rewrites: .init(fusion: options.fusion, boundedPasses: false))
            #expect(bounded.plan.passes.contains { $0.region != nil }, "some pass is bounded")
            #expect(!whole.plan.passes.contains { $0.region != nil })
            let a = try #require(try context.executor.execute(bounded.plan).outputs[bounded.output])
            let b = try #require(try context.executor.execute(whole.plan).outputs[whole.output])
            let d = try #require(ImageDifference(a, b))
            #expect(d.maximum <= 1e-6, "\(format): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
            var touched = 0
            for y in 0..<a.height { for x in 0..<a.width where a[x, y].w > 0 { touched += 1 } }
            #expect(touched > 200, "the scene drew something")
        }
    }
}
