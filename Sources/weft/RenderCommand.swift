import Foundation
import Weft
import WeftVulkan

/// `weft render`: an image through a chain of effects, a fill, or a scene file, into a PNG.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render an image through effects, a fill effect, or a scene file to a PNG."
    static let usage = """
    weft render INPUT.png [--shaders PATH]... --effect NAME [--arg NAME=VALUE]... [--max-sample-offset X[,Y]] [--preset]
                       [--effect NAME ...]... [--scale S] [--time T] [--device NAME|cpu] [--keep-overflow] [--16bit] -o OUT.png
           weft render --size WxH --effect FILLNAME [...] -o OUT.png
           weft render SCENE.json [--time T] [--scale S] [--device NAME|cpu] [--keep-overflow] -o OUT.png
    """
    static let discussion = """
    Effects are found in each --shaders folder or file, then in Shaders/ of the current folder,
    else in the stock library (next to the weft executable, or $WEFT_STOCK_SHADERS). They apply
    in order, each wrapping the result before it, as SwiftUI modifiers do. --arg, --max-sample-offset
    and --preset belong to the --effect before them. VALUE is read by the parameter's type: a number,
    numbers separated by commas for vectors (200,160), a color for vec4 (#ff8c1a, #ff8c1a80,
    1,0.55,0.1,1: sRGB, straight alpha; 4 numbers that are not a color are passed as they are),
    colors separated by ';' for a ColorArray, a PNG path for an Image, or an engine binding
    ($time, $frame, $size, $boundingRect, $reduceMotion). Layer and distortion effects get the
    padding of --max-sample-offset (default 0, or the preset's with --preset). Blend effects blend
    the result so far over --backdrop (default: nothing). The output has the input's size (times
    --scale) unless --keep-overflow keeps the padded area too.
    Prints: OUT.png, its size, the device and the render time. Exit status: 0 on success, 1 when
    an effect, argument, input, device or output fails, 2 for a usage error.
    """
    static let options: [OptionSpec] = [
        .value("output", "OUT.png", short: "o", help: "The PNG to write (required)."),
        .value("shaders", "PATH", help: "A folder or .glsl file of effects (repeatable; searched first)."),
        .value("effect", "NAME", help: "Apply this effect (repeatable; in order)."),
        .value("arg", "NAME=VALUE", help: "An argument of the --effect before it (repeatable)."),
        .value("max-sample-offset", "X[,Y]", help: "Padding of the layer/distortion --effect before it, points (default 0)."),
        .flag("preset", help: "Arguments not given (and the padding) from the presets.json of the --effect before it."),
        .value("size", "WxH", help: "Render a fill effect at this size instead of an input image."),
        .value("backdrop", "FILE.png|COLOR", help: "What blend effects blend over (default: transparent)."),
        .value("scale", "S", help: "Pixels per point of the output (default 1; a scene's own scale times S)."),
        .value("time", "T", help: "Seconds, for effects that animate ($time; default 0)."),
        .value("device", "NAME|cpu", help: "Vulkan device whose name contains NAME, or cpu (default: $WEFT_DEVICE, else automatic)."),
        .flag("keep-overflow", help: "Grow the output to everything drawn beyond the input (effect padding)."),
        .flag("16bit", help: "Render in RGBA16F (extended linear) and write a 16-bit PNG."),
    ]
    static let acceptsPositionals = true

    /// One `--effect` and what belongs to it.
    struct EffectRequest {
        var name: String
        var arguments: [(name: String, text: String)] = []
        var maxSampleOffset: Size?
        var preset = false
    }

    enum Source {
        case image(String)
        case fill(ImageSize)
        case scene(String)
    }

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        // Everything the command line alone can get wrong is a usage error, found before any work.
        var requests: [EffectRequest] = []
        var shaderPaths: [String] = []
        for (option, value) in arguments.occurrences {
            switch option {
            case "shaders": shaderPaths.append(value ?? "")
            case "effect": requests.append(EffectRequest(name: value ?? ""))
            case "arg", "max-sample-offset", "preset":
                guard !requests.isEmpty else {
                    throw UsageError(message: "--\(option)\(value.map { " \($0)" } ?? "") comes before any --effect; write it after the --effect it belongs to")
                }
                if option == "arg" {
                    let text = value ?? ""
                    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                        throw UsageError(message: "--arg \(text): expected NAME=VALUE")
                    }
                    requests[requests.count - 1].arguments.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
                } else if option == "preset" {
                    requests[requests.count - 1].preset = true
                } else {
                    requests[requests.count - 1].maxSampleOffset = try offset(value ?? "")
                }
            default: break
            }
        }
        guard let outputPath = arguments.value("output") else { throw UsageError(message: "missing -o OUT.png") }
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "one input at most, got \(arguments.positionals.joined(separator: " "))")
        }
        let source: Source
        switch (arguments.positionals.first, arguments.value("size")) {
        case (let input?, nil) where input.lowercased().hasSuffix(".json"):
            guard requests.isEmpty, shaderPaths.isEmpty, arguments.value("backdrop") == nil else {
                throw UsageError(message: "a scene file brings its own effects and shader folders; --effect, --shaders and --backdrop do not apply to it")
            }
            source = .scene(input)
        case (let input?, nil):
            guard !requests.isEmpty else { throw UsageError(message: "give at least one --effect NAME") }
            source = .image(input)
        case (nil, let size?):
            guard !requests.isEmpty else { throw UsageError(message: "--size needs a fill --effect") }
            do { source = .fill(try ImageSize(parsing: size)) } catch { throw UsageError(message: error.description) }
        case (.some, .some):
            throw UsageError(message: "--size is for fills without an input image; give one or the other")
        case (nil, nil):
            throw UsageError(message: "missing INPUT.png, SCENE.json or --size WxH")
        }
        let scale = try number("scale", arguments.value("scale"), positive: true)
        let time = try number("time", arguments.value("time"), positive: false)
        var options = RenderOptions(scale: scale ?? 1, time: time ?? 0, keepOverflow: arguments.has("keep-overflow"))
        let wide = arguments.has("16bit")
        if wide { options.outputFormat = .rgba16Float }

        do {
            let (view, size, sceneOptions) = try prepare(source, requests: requests, shaderPaths: shaderPaths,
                                                        backdrop: arguments.value("backdrop"), options: options,
                                                        scaleGiven: scale != nil)
            let (executor, notice) = try DeviceChoice(flag: arguments.value("device")).makeExecutor()
            if let notice { output.printError(notice) }
            let context = RenderContext(executor: executor)
            let start = ContinuousClock.now
            let rendering = try context.render(view, size: size, options: sceneOptions)
            let elapsed = ContinuousClock.now - start
            try PNGFile.write(rendering.pixels, to: outputPath, bitDepth: wide ? .sixteen : .eight,
                              colorMode: wide ? .extendedLinear : .nonLinear)
            for report in rendering.reports { output.printError("weft render: \(report)") }
            for message in (executor as? VulkanExecutor)?.validationMessages ?? [] { output.printError("weft render: \(message)") }
            let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
            output.print("\(outputPath): \(rendering.pixels.width)x\(rendering.pixels.height), \(executor.device.name), \(String(format: "%.1f", ms)) ms")
            return 0
        } catch let error as EffectSetupError where !error.diagnostics.isEmpty {
            for diagnostic in error.diagnostics { output.printError(diagnostic.description) }
            return 1
        } catch let error as ShaderError where !error.diagnostics.isEmpty {
            for diagnostic in error.diagnostics { output.printError(diagnostic.description) }
            return 1
        } catch {
            output.printError("weft render: \(error)")
            return 1
        }
    }

    /// The view to render, its size in points and the options, from the command line's source.
    static func prepare(_ source: Source, requests: [EffectRequest], shaderPaths: [String], backdrop: String?,
                        options: RenderOptions, scaleGiven: Bool) throws -> (ViewNode, Size, RenderOptions) {
        if case .scene(let path) = source {
            let scene = try Scene.load(contentsOf: path) { folders in
                try LibraryShaderProvider(folders: folders, baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            }
            var sceneOptions = scene.options(time: options.time)
            if scaleGiven { sceneOptions.scale = scene.scale * options.scale }
            sceneOptions.keepOverflow = options.keepOverflow
            sceneOptions.outputFormat = options.outputFormat
            return (scene.root, scene.size, sceneOptions)
        }
        let catalog = try EffectCatalog(paths: shaderPaths + defaultShaderFolders())
        let steps = try requests.map { request throws in
            let (shader, presetOffset) = try catalog.shader(named: request.name, arguments: request.arguments, usePreset: request.preset)
            return EffectStep(shader: shader, maxSampleOffset: request.maxSampleOffset ?? presetOffset ?? .zero)
        }
        let under = try backdrop.map { text throws in try backdropView(text) }
        switch source {
        case .image(let path):
            let pixels = try PNGFile.load(path: path)
            let view = try EffectChain.apply(steps, to: Image(pixels), backdrop: under)
            return (view, Size(width: Float(pixels.width), height: Float(pixels.height)), options)
        case .fill(let size):
            let view = try EffectChain.fill(steps[0], then: Array(steps.dropFirst()), backdrop: under)
            return (view, Size(width: Float(size.width), height: Float(size.height)), options)
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

    /// A backdrop: a PNG file when one exists at `text`, else a color.
    static func backdropView(_ text: String) throws -> ViewNode {
        if FileManager.default.fileExists(atPath: text) || text.lowercased().hasSuffix(".png") {
            return Image(try PNGFile.load(path: text)).node
        }
        return try Color(parsing: text).node
    }

    static func offset(_ text: String) throws(UsageError) -> Size {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), let x = parts[0], let y = parts.last!, x >= 0, y >= 0, x.isFinite, y.isFinite else {
            throw UsageError(message: "--max-sample-offset \(text): expected X or X,Y, numbers ≥ 0")
        }
        return Size(width: x, height: y)
    }

    static func number(_ option: String, _ text: String?, positive: Bool) throws(UsageError) -> Float? {
        guard let text else { return nil }
        guard let value = Float(text), value.isFinite, !positive || value > 0 else {
            throw UsageError(message: "--\(option) \(text): expected \(positive ? "a positive number" : "a number")")
        }
        return value
    }
}
