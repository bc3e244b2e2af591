import Foundation
import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// One thing `weft bench` measures on every runner: a single kernel per size and format, or a
/// whole render (a scene, or an input image through a chain of effects) as planned by Weft.
public enum BenchWorkload: Sendable {
    case subject(BenchSubject)
    /// A scene file rendered whole `time` seconds in, its options merged with `options` and its `$frame` `index` (nil:
    /// the scene's own) by the scenes' one rule (`Scene.frame(at:size:index:caller:)`); with a confinement, every file it
    /// names must lie in its folder (`weft bench --confine`).
    case scene(String, time: Double, index: UInt32?, options: RenderOptions, confinement: SceneConfinement? = nil)
    /// An input image through a chain of effects (`weft bench INPUT.png --effect …`), named by its effects, set up when
    /// measured.
    case chain(String, prepare: @Sendable () throws -> (view: ViewNode, size: Size, options: RenderOptions))
    /// A view rendered whole (`BenchFusionSuite`); its ratio is to the copy ceiling of its size and format.
    case render(String, ViewNode, size: Size, options: RenderOptions)

    public var name: String {
        switch self {
        case .subject(let subject): subject.name
        case .scene(let path, _, _, let options, _):
            "scene:" + URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + (options.fusion ? "" : " (unfused)")
        case .chain(let name, _), .render(let name, _, _, _): name
        }
    }

    public func rowCount(sizes: [ImageSize], formats: [PixelFormat]) -> Int {
        switch self {
        case .subject: sizes.count * formats.count
        case .scene, .render, .chain: 2 // and the copy ceiling of its output
        }
    }

    public func measure(on runner: BenchRunner, context: RenderContext, sizes: [ImageSize], formats: [PixelFormat],
                 emit: (BenchReport.Row) -> Void) throws {
        switch self {
        case .subject(let subject):
            for size in sizes {
                for format in formats {
                    emit(try runner.measure(subject, width: size.width, height: size.height, format: format))
                }
            }
        case .scene(let path, let time, let index, let options, let confinement):
            let shown = try Self.sceneFrame(path, time: time, index: index, options: options, confinement: confinement)
            try emitWithCeiling(try measureRender(shown.view, size: shown.size, options: shown.options, on: runner, context: context), runner, emit)
        case .render(_, let view, let size, let options):
            try emitWithCeiling(try measureRender(view, size: size, options: options, on: runner, context: context), runner, emit)
        case .chain(_, let prepare):
            let (view, size, options) = try prepare()
            try emitWithCeiling(try measureRender(view, size: size, options: options, on: runner, context: context), runner, emit)
        }
    }

    /// A scene workload measured under `settings` (`$frame`, reduce-motion, the moment) at its own scale times `scale`,
    /// fused or not, inside `confinement` when given.
    public static func scene(_ path: String, settings: BenchRunner.Settings, fusion: Bool, scale: Float = 1,
                             confinement: SceneConfinement? = nil) -> BenchWorkload {
        var options = RenderOptions(frame: FrameContext(reduceMotion: settings.reduceMotion), fusion: fusion)
        options.scale = scale
        return .scene(path, time: settings.sceneTime, index: settings.frame, options: options, confinement: confinement)
    }

    static func sceneFrame(_ path: String, time: Double, index: UInt32?, options: RenderOptions,
                           confinement: SceneConfinement? = nil) throws -> SceneFrame {
        let scene = try Scene.loadWithLibraries(contentsOf: path, confinement: confinement).scene
        return scene.frame(at: time, index: index, caller: options)
    }

    /// The copy ceiling of a whole render's output, then the render, so its row gets a ratio like library rows.
    private func emitWithCeiling(_ render: BenchReport.Row, _ runner: BenchRunner, _ emit: (BenchReport.Row) -> Void) throws {
        let format = PixelFormat(rawValue: render.format) ?? .rgba8Unorm
        emit(try runner.measure(.copyCeiling(), width: render.width, height: render.height, format: format))
        emit(render)
    }

    /// A whole render's plan, without its readback, as one row; GB/s counts the output alone.
    private func measureRender(_ view: ViewNode, size: Size, options: RenderOptions, on runner: BenchRunner,
                               context: RenderContext) throws -> BenchReport.Row {
        var planned = try context.plan(view, size: size, options: options)
        let breakdown = try Self.frameBreakdown(view, size: size, options: options, planned: planned, context: context)
        let output = planned.plan.textures[planned.output.index]
        planned.plan.readbacks = []
        var row = try runner.measure(plan: planned.plan, name: name, kind: "render (\(planned.plan.passes.count) pass\(planned.plan.passes.count == 1 ? "" : "es"))",
                                     width: output.width, height: output.height, format: output.format, texturesMovedPerPixel: 1)
        row.frame = breakdown
        return row
    }

    /// Medians of five: planning the view again (warm), running its plan with the readback, encoding the output.
    private static func frameBreakdown(_ view: ViewNode, size: Size, options: RenderOptions, planned: PlannedRender,
                                       context: RenderContext) throws -> BenchReport.Row.FrameBreakdown {
        let samples = 5
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        var timings: [PlanTimings] = []
        for _ in 0..<samples { timings.append(try context.plan(view, size: size, options: options).timings) }
        var runs: [Double] = []
        var encodings: [Double] = []
        for _ in 0..<samples {
            let clock = ContinuousClock()
            let start = clock.now
            let rendering = try context.run(planned)
            let ran = clock.now
            _ = try PNGFile.encode(rendering.pixels, compression: .fast)
            runs.append((ran - start).seconds)
            encodings.append((clock.now - ran).seconds)
        }
        return BenchReport.Row.FrameBreakdown(layout: median(timings.map(\.layout.seconds)), lowering: median(timings.map(\.lowering.seconds)),
                                              rewrites: median(timings.map(\.rewrites.seconds)), runWithReadback: median(runs),
                                              pngEncoding: median(encodings))
    }

    /// Fills each row's ratio to the copy ceiling of the same device, threads, size and format.
    public static func withCeilingRatios(_ rows: [BenchReport.Row]) -> [BenchReport.Row] {
        func group(_ row: BenchReport.Row) -> String { "\(row.device)|\(row.threads ?? 0)|\(row.width)x\(row.height)|\(row.format)" }
        let ceilings = Dictionary(rows.filter { $0.effect == CopyCeiling.name }.map { (group($0), $0.time.median) },
                                  uniquingKeysWith: { first, _ in first })
        return rows.map { row in
            var row = row
            if let ceiling = ceilings[group(row)] { row.ceilingRatio = ceiling / row.time.median }
            return row
        }
    }
}
