import Testing
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftTestSupport
import WeftViews

/// Planning alone, with no executor: a `Planner` and the texture limit of a large device.
struct PlanOnly {
    let planner = Planner()
    func plan(_ view: some View, size: Size, options: RenderOptions = RenderOptions()) throws(RenderError) -> PlannedRender {
        try planner.plan(view, size: size, options: options, textureLimit: .planOnly)
    }
}

extension TextureLimit {
    static let planOnly = TextureLimit(maxDimension: 16384, device: DeviceDescription(name: "plan only", kind: .other, driver: "none",
                                                                                      apiVersion: "-"))
}

@Test func consecutiveShapesBecomeOnePass() throws {
    let context = PlanOnly()
    let scene = ZStack {
        for i in 0..<10 {
            Circle().fill(Color.blue).frame(width: 20, height: 20).offset(x: Float(i * 5))
        }
    }
    let planned = try context.plan(scene, size: Size(width: 64, height: 32))
    // One batch, with the canvas's clear fill folded in as its destination, of the nine circles that reach the canvas
    // (the tenth, at 67…87, lies beyond it and is not lowered).
    #expect(planned.plan.passes.map(\.kernel.name) == ["weft.shape.overSolid"])
    #expect(planned.plan.passes[0].arrayData.count == 9 * ShapeBatch.recordStride)
}

@Test func texturesAreReusedOnceTheirLastReaderHasRun() throws {
    let context = PlanOnly()
    let scene = ZStack {
        for i in 0..<10 {
            Image(testImage()).offset(x: Float(i * 5))
        }
    }
    let planned = try context.plan(scene, size: Size(width: 64, height: 32))
    // A composite of each of the seven images that reach the canvas (the last three lie beyond it): the first over the
    // canvas's clear color (the fill folded in), the other six drawn in place on the one canvas texture, in one batch.
    // The eighth, whose edge touches the canvas's, is uploaded; the last two are not lowered.
    #expect(planned.plan.passes.map(\.kernel.name) == ["weft.layer.overSolid", "weft.layer.batch.6"])
    #expect(planned.plan.textures.count == 8 + 1)
    #expect(planned.plan.readbacks == [planned.output])
    for pass in planned.plan.passes {
        #expect(pass.destination != pass.output)
    }
}

@Test func aGroupNeedsItsOwnLayerButNoMoreTexturesThanLive() throws {
    let context = PlanOnly()
    let scene = ZStack {
        Circle().fill(Color.blue).frame(width: 20, height: 20)
        Circle().fill(Color.red).frame(width: 20, height: 20).offset(x: 8)
    }.compositingGroup().opacity(0.5)
    let planned = try context.plan(scene, size: Size(width: 64, height: 32))
    // the two shapes in one pass over the group's clear color, one layer composite over the canvas's clear color
    let kernels = planned.plan.passes.map(\.kernel.name)
    #expect(kernels == ["weft.shape.overSolid", "weft.layer.overSolid"])
    // Live at once at most: canvas, group layer (two versions while drawing), composite output.
    #expect(planned.plan.textures.count <= 4)
}

/// An image through color effects is the upload and one pass per effect: no clears, no copies
/// into the effect's layer, no composite of an exactly covering result onto a clear canvas.
@Test func anImageChainIsOnePassPerEffect() throws {
    let context = PlanOnly()
    let image = Image(testImage())
    let one = try context.plan(image.colorEffect(try TestKernels.invert()), size: image.size)
    #expect(one.plan.passes.map(\.kernel.name) == ["invert"])
    #expect(one.plan.uploads.count == 1)
    #expect(one.plan.passes[0].layer.map { one.plan.uploads[$0] != nil } == true, "the effect reads the upload itself")
    #expect(one.plan.readbacks == [one.plan.passes[0].output])
    let two = try context.plan(image.colorEffect(try TestKernels.invert()).colorEffect(try TestKernels.brighten(0.5)), size: image.size)
    #expect(two.plan.passes.map(\.kernel.name) == ["invert", "brighten"])
    // Still composited where the semantics need it: faded, or in a 16-bit output.
    let faded = try context.plan(image.colorEffect(try TestKernels.invert()).opacity(0.5), size: image.size)
    #expect(faded.plan.passes.map(\.kernel.name) == ["invert", "weft.layer.overSolid"])
    let wide = try context.plan(image, size: image.size, options: RenderOptions(outputFormat: .rgba16Float, workingColorMode: .extendedLinear))
    #expect(wide.plan.passes.map(\.kernel.name) == ["weft.layer.overSolid"])
    // An image alone is still copied once: a readback reads what a pass wrote.
    let alone = try context.plan(image, size: image.size)
    #expect(alone.plan.passes.map(\.kernel.name) == ["weft.layer.overSolid"])
}

@Test func overflowGrowsTheOutput() throws {
    let context = PlanOnly()
    let scene = Rectangle().fill(Color.red).frame(width: 10, height: 10).offset(x: 20)
    let clipped = try context.plan(scene, size: Size(width: 10, height: 10), options: RenderOptions(scale: 2))
    #expect(clipped.plan.textures[clipped.output.index].width == 20)
    let kept = try context.plan(scene, size: Size(width: 10, height: 10), options: RenderOptions(scale: 2, keepOverflow: true))
    #expect(kept.plan.textures[kept.output.index].width == 60)
    #expect(kept.origin == SIMD2(0, 0))
}

@Test func impossibleSizesAreErrors() {
    let context = PlanOnly()
    #expect(throws: RenderError.self) { try context.plan(Color.red, size: Size(width: 0, height: 10)) }
    #expect(throws: RenderError.self) { try context.plan(Color.red, size: Size(width: 10, height: 10), options: RenderOptions(scale: .nan)) }
}

@Test func effectPassesCarryTheirPaddingAndLayerGeometry() throws {
    let context = PlanOnly()
    let view = try Image(testImage(), scale: 2).layerEffect(try TestKernels.shift(1), maxSampleOffset: Size(width: 3, height: 2))
    let planned = try context.plan(view, size: Size(width: 2, height: 1), options: RenderOptions(scale: 2))
    let effect = try #require(planned.plan.passes.first { $0.kernel.name == "shift1.0" })
    #expect(effect.maxSampleOffset == SIMD2(3, 2))
    // Padded layer: origin −P, size (viewSize + 2P) × scale, as docs/kernel-abi.md says.
    #expect(effect.frame.layerOrigin == SIMD2(-3, -2))
    #expect(effect.frame.outputOrigin == SIMD2(-3, -2))
    #expect(effect.frame.layerSize == SIMD2(16, 10))
    #expect(effect.frame.viewSize == SIMD2(2, 1))
    #expect(effect.frame.scale == 2)
}

/// A run of frames through `PlanReuse`: a frame that lowers as the one before runs the same plan (no rewrites); one
/// whose values or structure changed is planned afresh, and every plan equals the one `Planner.plan` makes alone.
@Test func planReuseRunsAnUnchangedFramesPlanAgain() throws {
    let planner = Planner()
    let reuse = PlanReuse(planner: planner, textureLimit: .planOnly)
    func scene(_ x: Float, dots: Int = 3) -> some View {
        ZStack {
            for i in 0..<dots { Circle().fill(Color.blue).frame(width: 10, height: 10).offset(x: x + Float(i * 6)) }
        }.shadow(color: .black, radius: 2)
    }
    let size = Size(width: 64, height: 32)
    var reused: [Bool] = []
    for (x, dots) in [(0, 3), (0, 3), (4, 3), (4, 3), (4, 4)] as [(Float, Int)] {
        let planned = try reuse.plan(scene(x, dots: dots), size: size, options: RenderOptions())
        let fresh = try planner.plan(scene(x, dots: dots), size: size, options: RenderOptions(), textureLimit: .planOnly)
        #expect(planned.plan.passes == fresh.plan.passes && planned.plan.textures == fresh.plan.textures
                && planned.plan.readbacks == fresh.plan.readbacks && planned.output == fresh.output)
        #expect(planned.timings.reused == (planned.timings.rewrites == .zero))
        reused.append(planned.timings.reused)
    }
    #expect(reused == [false, true, false, true, false])
    #expect(reuse.framesPlanned == 5 && reuse.framesReused == 2)

    // Only the clock moves: the plan is reused with the new time and frame index in every pass's constants.
    var options = RenderOptions()
    options.frame.time = 2.5
    options.frame.index = 75
    let later = try reuse.plan(scene(4, dots: 4), size: size, options: options)
    let fresh = try planner.plan(scene(4, dots: 4), size: size, options: options, textureLimit: .planOnly)
    #expect(later.timings.reused)
    #expect(later.plan.passes == fresh.plan.passes)
    #expect(later.plan.passes.allSatisfy { $0.frame.time == 2.5 && $0.frame.frame == 75 })
}
