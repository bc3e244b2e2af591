import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft render`: an image through a chain of effects, a fill, or a scene file, into a PNG.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render an image through effects, a fill effect, or a scene file to a PNG."
    static let usage = """
    weft render INPUT.png [--shaders PATH]... --effect NAME [--arg NAME=VALUE]... [--max-sample-offset X[,Y]] [--preset]
                       [--effect NAME ...]... [--scale S] [--time T] [--frame N] [--reduce-motion] [--device NAME|cpu] [--threads N]
                       [--keep-overflow] [--16bit] [--backdrop FILE.png|COLOR] [--check] -o OUT.png
           weft render --size WxH --effect FILLNAME [...] -o OUT.png
           weft render SCENE.json [--size WxH] [--time T] [--frame N] [--reduce-motion] [--scale S] [--device NAME|cpu] [--threads N] [--keep-overflow] [--16bit]
                       [--no-fuse] [--stats] [--check] [--confine DIR] -o OUT.png
           weft render SCENE.json|INPUT.png ... --frames A..B|all [--fps F] [--shard I/N] [--devices all|cpu|DEVICE,...] [--apng ANIM.png] [--stats] -o out/frame%04d.png
           weft render SCENE.json|INPUT.png ... --frames A..B|all [--fps F] [--codec NAME] [--quality N|--lossless] [--encoder-preset NAME] [--pix-fmt NAME] -o OUT.mp4|OUT.webm|OUT.mov|OUT.gif|OUT.rgba|/dev/null
    """
    static let discussion = """
    Effects are found in each --shaders folder or file, then in Shaders/ of the current folder,
    else in the stock library (next to the weft executable, or $WEFT_STOCK_SHADERS). They apply
    in order, each wrapping the result before it, as SwiftUI modifiers do. --arg, --max-sample-offset
    and --preset belong to the --effect before them. VALUE is read by the parameter's type: a number,
    numbers separated by commas for vectors (200,160), a color for vec4 (#ff8c1a, #ff8c1a80,
    1,0.55,0.1,1: sRGB, straight alpha; 4 numbers that are not a color are passed as they are),
    colors separated by ';' for a ColorArray, a PNG or JPEG path for an Image, or an engine binding
    ($time, $frame, $size, $boundingRect, $reduceMotion, $mouse). Layer and distortion effects get the
    padding of --max-sample-offset (default: the preset's with --preset, else the effect's // @maxSampleOffset, else 0). Blend effects blend
    the result so far over --backdrop (default: nothing). The output has the input's pixel size (for
    --scale S the input is taken as an S× image; --size and scenes are points, times S) unless
    --keep-overflow keeps the padded area too.
    A sequence (--frames) renders frame N at N/F seconds with $frame N, a scene in its state at
    that time (--frames all: from 0 to its duration, duration × F frames); a failed frame is reported and the others go on, and the exit status is the number
    of failed frames (at most 125). Frames are encoded and written on every core while the next
    ones render (PNG at zlib level 1 with the Sub filter), each written whole or not at all; with
    --shard a manifest weft-shard-I-of-N.json goes beside them for `weft verify`. -o OUT.mp4,
    .webm, .mov or .gif streams the frames to ffmpeg (alpha kept in WebM and MOV; a GIF gets a
    palette of its own; 4:2:0 frames converted to YUV on a GPU; BT.709 limited range, tagged so;
    a codec the installed ffmpeg lacks is refused before the first frame; docs/video.md),
    .rgba writes raw straight-alpha RGBA frames, /dev/null none; --stats
    then breaks a frame's time down (view, layout, lowering, rewrites, run, encoding, writing). A progress bar shows on a terminal, a line per frame otherwise.
    --threads N sets the CPU evaluator's worker threads (with --device cpu, or when no Vulkan device is found); the
    picture is the same at every count.
    Prints: OUT.png, its size, the device and the render time. Exit status: 0 on success, 1 when
    an effect, argument, input, device or output fails (or an option's value cannot be used), 2 for
    a command line of the wrong shape. A missing output folder is created.
    """
    static let options: [OptionSpec] = [
        .value("output", "OUT.png", short: "o", help: "The PNG to write (required)."),
    ] + effectOptions + [
        .value("size", "WxH", help: "Render a fill effect at this size instead of an input image, or a scene file at this size instead of its own."),
    ] + RenderRequest.viewOptions + RenderRequest.frameOptions + SequenceRequest.options + [
        RenderRequest.deviceOption, RenderRequest.devicesOption,
        .flag("keep-overflow", help: "Grow the output to everything drawn beyond the input (effect padding)."),
        .flag("16bit", help: "Render in RGBA16F (extended linear) and write a 16-bit PNG."),
        RenderRequest.noFuseOption, RenderRequest.checkOption, RenderRequest.threadsOption, RenderRequest.confineOption,
        .flag("stats", help: "Also print the plan's passes, bytes read and written, peak texture memory and cache hits."),
    ]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let request = try RenderRequest(arguments)
        if let sequence = try SequenceRequest(arguments, outputPath: request.outputPath, duration: { () throws(UsageError) in try sceneDuration(request) }) {
            return SequenceCommand.run(request, sequence, output: &output)
        }
        return render(request, output: &output)
    }

    /// Renders a checked request to its PNG; 0 on success, 1 after printing what went wrong.
    static func render(_ request: RenderRequest, output: inout Output) -> Int32 {
        do {
            let sceneWarnings = SceneWarnings()
            let (view, size, options) = try frameSource(request, warned: { _ = sceneWarnings.add($0) })(request.options.frame.time, request.frame, nil)
            try OutputFolder.prepare(for: request.outputPath)
            let (executor, notice) = try DeviceChoice(flag: request.device).makeExecutor(cpuThreads: request.threads, vulkanChecks: request.check)
            if let notice { output.printError(notice) }
            let context = RenderContext(executor: executor)
            let before = RenderStatistics.Snapshot(executor: executor)
            let start = ContinuousClock.now
            let rendering = try context.render(view, size: size, options: options)
            let elapsed = ContinuousClock.now - start
            let after = RenderStatistics.Snapshot(executor: executor)
            try PNGFile.write(rendering.pixels, to: request.outputPath, bitDepth: request.sixteenBit ? .sixteen : .eight,
                              colorMode: request.sixteenBit ? .extendedLinear : .nonLinear)
            for report in rendering.reports { output.printError(CheckReportText.line(report, command: "weft render", effects: request.effects)) }
            for warning in rendering.warnings { output.printError("weft render: warning: \(warning)") }
            for warning in rendering.textWarnings { output.printError("weft render: warning: \(warning)") }
            for warning in sceneWarnings.lines { output.printError("weft render: warning: \(warning)") }
            output.print("\(request.outputPath): \(rendering.pixels.width)x\(rendering.pixels.height), \(executor.device.name), \(CheckCommand.milliseconds(elapsed))")
            if request.stats {
                output.print(RenderStatistics.device(executor, flag: request.device))
                output.print(PlanText.summary(try context.plan(view, size: size, options: options)))
                output.print(RenderStatistics.caches(from: before, to: after))
                output.print(RenderStatistics.barriers(rendering.barriers))
            }
            return 0
        } catch {
            report(error, of: request, output: &output)
            return 1
        }
    }

    /// Prints why a render failed, each line after `context` (a sequence's frame).
    static func report(_ error: any Error, of request: RenderRequest, context: String = "", output: inout Output) {
        for line in messages(for: error, request: request, command: "weft render", context: context) { output.printError(line) }
    }

    /// What to print for an error of `prepare` or a render: a shader's diagnostics (`path:line:col: error: …`) as
    /// they are, other errors after the command's name (and a scene's path, where the error does not name it).
    static func messages(for error: any Error, request: RenderRequest, command: String, context: String = "") -> [String] {
        switch error {
        case let error as EffectSetupError where !error.diagnostics.isEmpty:
            return error.diagnostics.map { context + $0.description }
        case let error as ShaderError where !error.diagnostics.isEmpty:
            return error.diagnostics.map { context + $0.description }
        case let error as SceneError:
            // Errors reading the file name it already; the others name a place in it.
            if case .scene(let path) = request.source, !error.description.contains(path) {
                return ["\(command): \(context)\(path): \(error)"]
            }
            return ["\(command): \(context)\(error)"]
        default:
            return ["\(command): \(context)\(error)"]
        }
    }

    /// The view to render, its size in points and the options. `loaded` learns the shader folders and files read (a
    /// scene's resolved against its folder) and the effect steps, for the preview.
    static func prepare(_ request: RenderRequest,
                        loaded: (_ shaderPaths: [String], _ steps: [EffectStep]) -> Void = { _, _ in }) throws -> (ViewNode, Size, RenderOptions) {
        try frameSource(request, loaded: loaded)(request.options.frame.time, request.frame, nil)
    }

    /// What frame `frame` (nil: the scene's own or 0) at `time` seconds shows: a scene's state then (laid out at
    /// `size`, nil: its own, so its `onGeometryChange` size classes follow), or the same view with `$time` and
    /// `$frame` changed.
    typealias FrameSource = @Sendable (_ time: Double, _ frame: UInt32?, _ size: Size?) -> (ViewNode, Size, RenderOptions)

    static func frameSource(_ request: RenderRequest,
                            loaded: (_ shaderPaths: [String], _ steps: [EffectStep]) -> Void = { _, _ in },
                            warned: @escaping @Sendable (String) -> Void = { _ in }) throws -> FrameSource {
        let options = request.options
        if case .scene(path: let path) = request.source {
            let scene = try loadScene(path, request: request, loaded: loaded)
            return { time, frame, size in
                let shown = scene.frame(at: time, size: size, index: frame, caller: options)
                for warning in shown.geometryWarnings { warned("\(warning)") }
                return (shown.view, shown.size, shown.options)
            }
        }
        let (view, size) = try effectView(request, loaded: loaded)
        return { time, frame, _ in
            var frameOptions = options
            frameOptions.frame.time = time
            frameOptions.frame.index = frame ?? 0
            return (view, size, frameOptions)
        }
    }

    /// The scene file at `path`, its shader folders found beside it, at `--size` when given.
    private static func loadScene(_ path: String, request: RenderRequest,
                                  loaded: (_ shaderPaths: [String], _ steps: [EffectStep]) -> Void = { _, _ in }) throws -> Scene {
        let found = try Scene.loadWithLibraries(contentsOf: path, confinement: request.confinement)
        loaded(found.shaderFolders, [])
        var scene = found.scene
        if let size = request.sceneSize { scene.size = Size(width: Float(size.width), height: Float(size.height)) }
        return scene
    }

    /// How long the scene of `request` plays (`Scene.duration`), for `--frames all`.
    static func sceneDuration(_ request: RenderRequest) throws(UsageError) -> Double {
        guard case .scene(let path) = request.source else {
            throw UsageError(message: "--frames all plays a scene file from its start to its end; an image or a fill has no end: give --frames A..B")
        }
        do {
            return try loadScene(path, request: request).duration
        } catch {
            let text = "\(error)"
            throw UsageError(message: text.contains(path) ? text : "\(path): \(text)", isInvalidValue: true)
        }
    }

    /// The view of an input image or a fill through `--effect`s, and its size.
    private static func effectView(_ request: RenderRequest,
                                   loaded: (_ shaderPaths: [String], _ steps: [EffectStep]) -> Void) throws -> (ViewNode, Size) {
        let shaderPaths = request.shaderPaths + defaultShaderFolders()
        let catalog = try EffectCatalog(paths: shaderPaths)
        let steps = try request.effects.map { effect throws in
            let (shader, presetOffset) = try catalog.shader(named: effect.name, arguments: effect.arguments, usePreset: effect.preset)
            let kind = shader.function.kind
            if effect.maxSampleOffset != nil, let refusal = kind.maxSampleOffsetRefusal {
                throw EffectSetupError.misplaced(effect: effect.name, kind: kind, reason: "--max-sample-offset: " + refusal)
            }
            return EffectStep(shader: shader, maxSampleOffset: effect.maxSampleOffset ?? presetOffset ?? .zero)
        }
        loaded(shaderPaths, steps)
        let under = try request.backdrop.map { text throws in try backdropView(text) }
        switch request.source {
        case .image(path: let path):
            // An S× image, as SwiftUI's Image at a display scale: its pixels are the view's size times S.
            let pixels = try ImageFile.load(path: path)
            let view = try EffectChain.apply(steps, to: try Image(pixels, scale: request.options.scale), backdrop: under)
            return (view, Size(width: Float(pixels.width) / request.options.scale, height: Float(pixels.height) / request.options.scale))
        case .fill(let size):
            let view = try EffectChain.fill(steps[0], then: Array(steps.dropFirst()), backdrop: under)
            return (view, Size(width: Float(size.width), height: Float(size.height)))
        case .scene:
            preconditionFailure("scenes are handled above")
        }
    }

    /// `Shaders/` of the current folder when it exists, else the stock library when found.
    static func defaultShaderFolders() -> [String] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "Shaders", isDirectory: &isDirectory), isDirectory.boolValue { return ["Shaders"] }
        return StockShaders.folder().map { [$0] } ?? []
    }

    /// `examples/` of the current folder when it exists, else the one beside the stock library,
    /// and the scene files in it, sorted.
    static func exampleFolder(besideStock stock: String) -> (folder: String, scenes: [String]) {
        let root = URL(fileURLWithPath: stock).standardizedFileURL.deletingLastPathComponent().path
        let folder = FileManager.default.fileExists(atPath: "examples") ? "examples" : root + "/examples"
        let scenes = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
        return (folder, scenes)
    }

    /// The options that name effects and their arguments, shared by `render` and `bench`.
    static let effectOptions: [OptionSpec] = [
        .value("shaders", "PATH", help: "A folder or .glsl or .metal file of effects (repeatable; searched first)."),
        .value("effect", "NAME", help: "Apply this effect (repeatable; in order)."),
        .value("arg", "NAME=VALUE", help: "An argument of the --effect before it (repeatable)."),
        .value("max-sample-offset", "X[,Y]", help: "Padding of the layer/distortion --effect before it, points (default 0)."),
        .flag("preset", help: "Arguments not given (and the padding) from the presets.json of the --effect before it."),
    ]

    /// A backdrop: a PNG file when one exists at `text`, else a color.
    static func backdropView(_ text: String) throws -> ViewNode {
        if FileManager.default.fileExists(atPath: text) || text.lowercased().hasSuffix(".png") || text.lowercased().hasSuffix(".jpg") || text.lowercased().hasSuffix(".jpeg") {
            return Image(try ImageFile.load(path: text)).node
        }
        do {
            return try Color(parsing: text).node
        } catch {
            throw UsageError.invalidValue("backdrop", text, "not a PNG file, and \(error)")
        }
    }
}
