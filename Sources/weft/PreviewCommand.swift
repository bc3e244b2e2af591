import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftPreview
import WeftRuntime
import WeftShaders

/// `weft preview`: a window showing a scene file, or an image through effects, live.
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Show a scene file, or an image through effects, in a window that reloads as the files change."
    static let usage = """
    weft preview INPUT.png [--shaders PATH]... --effect NAME [--arg NAME=VALUE]... [--effect NAME ...]... [--time T] [--frame N]
                        [--reduce-motion] [--paused] [--scale S] [--device NAME|cpu] [--threads N] [--checkerboard] [--no-vsync] [--host-copy] [--check] [--frames N [--screenshot OUT.png]]
           weft preview --size WxH --effect FILLNAME [...]
           weft preview SCENE.json [--time T] [--frame N] [--reduce-motion] [--paused] [--scale S] [--device NAME|cpu] [...]
    """
    static let discussion = """
    The same inputs and effect flags as weft render (see there), shown in a window at the window's
    size and content scale, presented through a Vulkan swapchain. Saving the scene, the input or a
    shader file shows the result at once; a shader that no longer compiles or a scene that no longer
    reads prints its diagnostics and shows them in the window while the last good content keeps
    running. Keys: space pause, left/right step one frame, R restart, M reduce-motion, Tab next
    parameter, up/down or the mouse wheel change it (within its // @param range; a float or a color
    component by a fiftieth, an int by one; a vec2 point is dragged on the canvas), B before/after,
    S save the frame as NAME-tTIME.png, +/- zoom around the pointer, F frame times (render, present,
    frame), K checkerboard behind transparent content (also --checkerboard), Escape or Q quit; a
    click while paused prints `weft debug`'s traces of the clicked pixel. The overlay wraps to the
    window's width. $mouse is the
    pointer in points. With --frames N it renders and presents N frames and exits (with --paused, all at
    --time); --screenshot saves the last one as read back from the swapchain image. On a Vulkan device
    frames render on the device that presents and are copied to the window there, without a host copy
    (the CPU evaluator's frames are copied from the host). Presentation is FIFO; --no-vsync uses
    mailbox where the window offers it; --host-copy reads Vulkan frames back and copies them from the host
    (to compare). A lost device ends the preview with exit status 1.
    Exit status: 0, 1 when the input cannot be read, no
    window can open or the validation layer reported a warning or error, 2 for a command line of the wrong
    shape. docs/preview.md has the details.
    """
    static let options: [OptionSpec] = RenderCommand.effectOptions + [
        .value("size", "WxH", help: "Show a fill effect at this size instead of an input image."),
        .value("backdrop", "FILE.png|COLOR", help: "What blend effects blend over (default: transparent)."),
        .value("scale", "S", help: "Pixels per point, times the monitor's content scale (default 1; a scene's own scale times S)."),
        .value("time", "T", help: "Seconds at the start ($time; default 0)."),
    ] + RenderRequest.frameOptions + [
        .flag("paused", help: "Start with time stopped (space runs it)."),
        .value("device", "NAME|cpu", help: "Render on this Vulkan device or the CPU evaluator (default: $WEFT_DEVICE, else automatic)."),
        .value("frames", "N", help: "Render and present N frames, then exit (with --paused, all at --time)."),
        .value("screenshot", "OUT.png", help: "With --frames: save the last frame, read back from the swapchain."),
        .flag("no-vsync", help: "Present in mailbox mode where the window offers it, not FIFO (frames as fast as they render)."),
        .flag("checkerboard", help: "Show the content over a checkerboard, so that transparent parts show (K toggles it)."),
        .flag("host-copy", help: "Read each Vulkan frame back and copy it to the window from the host, as the CPU evaluator's (to compare)."),
        RenderRequest.checkOption, RenderRequest.threadsOption, RenderRequest.confineOption,
    ]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let request = try RenderRequest(arguments, requireOutput: false)
        let frames = try arguments.value("frames").map { text throws(UsageError) in
            guard let n = Int(text), n > 0 else { throw .invalidValue("frames", text, "expected a whole number ≥ 1") }
            return n
        }
        let screenshot = arguments.value("screenshot")
        if screenshot != nil && frames == nil { throw UsageError(message: "--screenshot needs --frames N") }
        let out = output
        do {
            // The CPU evaluator renders here; a Vulkan device renders in the session, on the device that presents.
            let context = request.device == DeviceChoice.cpuName ? RenderContext(executor: try DeviceChoice.cpu.makeExecutor(cpuThreads: request.threads).executor) : nil
            if let screenshot { try OutputFolder.prepare(for: screenshot) }
            var options = PreviewSession.Options(frames: frames, screenshotPath: screenshot,
                                                 clock: PreviewClock(time: request.options.frame.time,
                                                                     paused: arguments.has("paused"), reduceMotion: request.options.frame.reduceMotion))
            options.presentingDevice = request.device == DeviceChoice.cpuName ? nil : request.device
            options.vsync = !arguments.has("no-vsync")
            options.copyOnDevice = !arguments.has("host-copy")
            options.checkerboard = arguments.has("checkerboard")
            options.checks = request.check
            let session = try PreviewSession(source: RequestPreviewSource(request: request), context: context,
                                             options: options, print: { out.standard($0 + "\n") }, printError: { out.error($0 + "\n") },
                                             reportLine: { CheckReportText.line($0, command: "weft preview", effects: request.effects) })
            return try session.run()
        } catch {
            for line in RenderCommand.messages(for: error, request: request, command: "weft preview") { output.printError(line) }
            return 1
        }
    }
}

/// The preview's content from a `weft render`-style command line, read through `RenderCommand.prepare`.
struct RequestPreviewSource: PreviewSource {
    var request: RenderRequest
    /// A scene's warnings (an `onGeometryChange` cycle), each printed on standard error the first time a frame raises it.
    let sceneWarnings = SceneWarnings()

    func load(overrides: [String: [Float]]) throws -> PreviewContent {
        var request = request
        for (id, values) in overrides {
            let parts = id.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, let index = Int(parts[0]), request.effects.indices.contains(index) else { continue }
            var name = String(parts[1])
            var value: ArgumentValue = values.count == 1 ? .number(values[0]) : .numbers(values)
            if name.hasSuffix(Self.colorSuffix), values.count == 4 {   // a color argument: straight RGBA, as it was given
                name.removeLast(Self.colorSuffix.count)
                value = .color(Color(red: values[0], green: values[1], blue: values[2], alpha: values[3]))
            }
            request.effects[index].arguments.removeAll { $0.name == name }
            request.effects[index].arguments.append((name, .value(value)))
        }
        var shaderPaths: [String] = []
        var steps: [EffectStep] = []
        let warnings = sceneWarnings
        let frames = try RenderCommand.frameSource(request, loaded: { shaderPaths = $0; steps = $1 }, warned: { line in
            if warnings.add(line) { FileHandle.standardError.write(Data("weft preview: warning: \(line)\n".utf8)) }
        })
        let (view, size, options) = frames(request.options.frame.time, request.frame, nil)
        var name = steps.map(\.name).joined(separator: "+")
        var watched = shaderPaths.flatMap(Self.shaderFiles)
        var before: ViewNode?
        switch request.source {
        case .scene(let path):
            name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            watched.insert(path, at: 0)
            watched += (try? SceneDescription.read(contentsOf: path))?.imageFiles ?? []
        case .image(let path):
            watched.insert(path, at: 0)
            before = try Image(try ImageFile.load(path: path), scale: request.options.scale).node
        case .fill:
            break
        }
        var viewAt: (@Sendable (Double, Size) -> ViewNode)?
        if case .scene = request.source { viewAt = { seconds, size in frames(seconds, nil, size).0 } }
        var content = PreviewContent(view: view, before: before, size: size, options: options, name: name, watchedFiles: watched,
                                     parameters: Self.parameters(of: steps), viewAt: viewAt)
        content.libraries = try DebugCommand.libraries(for: request)
        return content
    }

    func messages(for error: any Error) -> [String] {
        RenderCommand.messages(for: error, request: request, command: "weft preview")
    }

    /// Ends the override id of a parameter given as a color (straight alpha), which is given back as one.
    static let colorSuffix = ":color"

    /// Each effect's parameters that the window can change, with their current values: `float`s with an annotated
    /// range, `int`s, `vec2` points and `vec4` colors (as four components). Engine-bound ones (`$time`) are left out.
    static func parameters(of steps: [EffectStep]) -> [PreviewParameter] {
        steps.enumerated().flatMap { index, step in
            zip(step.shader.function.parameters, step.shader.arguments).flatMap { parameter, argument -> [PreviewParameter] in
                let annotation = step.shader.function.annotation(named: parameter.name)
                    ?? ParameterAnnotation(name: parameter.name, range: nil, defaultValue: nil, meaning: "", line: 0)
                func control(_ control: PreviewParameter.Control, _ values: [Float], suffix: String = "") -> PreviewParameter {
                    PreviewParameter(id: "\(index).\(parameter.name)\(suffix)", label: "\(step.name).\(parameter.name)", annotation: annotation,
                                     control: control, values: values)
                }
                switch argument {
                case .float(let value) where annotation.range != nil: return [control(.number, [value])]
                case .int(let value): return [control(.integer, [Float(value)])]
                case .float2(let x, let y): return [control(.point, [x, y])]
                case .float4(let r, let g, let b, let a): return (0..<4).map { control(.colorComponent($0), [r, g, b, a]) }
                case .color(let c):
                    return (0..<4).map { control(.colorComponent($0), [c.red, c.green, c.blue, c.alpha], suffix: Self.colorSuffix) }
                default: return []
                }
            }
        }
    }

    /// A shader file, or a folder's shader files and presets.
    static func shaderFiles(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { ShaderLibrary.isShaderFile($0) || $0 == "presets.json" }.sorted().map { path + "/" + $0 }
    }
}
