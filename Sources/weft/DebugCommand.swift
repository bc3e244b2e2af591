import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft debug`: what an effect computed at one pixel, statement by statement (`PixelDebugger`).
enum DebugCommand: Command {
    static let name = "debug"
    static let summary = "Trace an effect at one pixel: the value of every statement of its source."
    static let usage = """
    weft debug INPUT.png [--shaders PATH]... --effect NAME [--arg NAME=VALUE]... [--preset] [--effect ...]...
                      --pixel X,Y [--trace NAME] [--time T] [--frame N] [--reduce-motion] [--scale S] [--threads N] [--json]
           weft debug --size WxH --effect FILLNAME [...] --pixel X,Y [...]
           weft debug SCENE.json --pixel X,Y [--trace NAME] [--time T] [--frame N] [--reduce-motion] [--scale S] [--json]
    """
    static let discussion = """
    Sets up the render exactly as `weft render` does (same inputs, effects, arguments and
    options), renders everything the effect reads on the CPU evaluator, then runs the effect at
    pixel X,Y of the output (0,0 is the top-left pixel) from SPIR-V compiled with debug
    information and without the optimizer. Every effect whose layer covers that output pixel is
    traced, in the order the render runs them (an inner effect before the one over it), each at
    its own layer's pixel under the output pixel, however its view is placed, scaled or
    rotated; stages that the render stitches into one kernel are traced one by one and name
    that kernel. Prints each line of the author's source that the pixel ran, and under it what
    each statement produced: stores to named variables (name = value), intermediate results
    (SPIR-V id, type, value and instruction), calls (of prelude functions such as sampleLayer:
    the position sampled and the color returned) and loop iterations (each numbered, up to 16
    per statement, then counted); a distortion also shows the color it sampled. --trace keeps
    only the effect NAME. --json prints {"pixel": [X, Y], "traces": [...]} instead. Exit status: 0 on success, 1 when the input, an effect or the pixel
    cannot be used, 2 for a usage error.
    """
    static let options: [OptionSpec] = RenderCommand.effectOptions + [
        .value("pixel", "X,Y", help: "The pixel to trace, in output pixels from the top-left (required)."),
        .value("trace", "NAME", help: "Trace only this effect (default: every effect at the pixel, in order)."),
        .value("size", "WxH", help: "Trace a fill effect at this size instead of an input image."),
    ] + RenderRequest.viewOptions + RenderRequest.frameOptions + [
        RenderRequest.threadsOption,
        .flag("json", help: "Print the trace as JSON."),
        RenderRequest.confineOption,
    ]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        guard let pixelText = arguments.value("pixel") else { throw UsageError(message: "missing --pixel X,Y") }
        let parts = pixelText.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x >= 0, y >= 0 else {
            throw UsageError.invalidValue("pixel", pixelText, "expected X,Y: two whole numbers ≥ 0")
        }
        let request = try RenderRequest(arguments, requireOutput: false)
        do {
            let (view, size, options) = try RenderCommand.prepare(request)
            let debugger = PixelDebugger(libraries: try libraries(for: request), threads: request.threads)
            let traces = try debugger.traceAll(view, size: size, options: options, effect: arguments.value("trace"), pixel: (x, y))
            if arguments.has("json") {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                output.print(String(decoding: try encoder.encode(traces), as: UTF8.self))
            } else {
                output.print(String(traces.text.dropLast()))
            }
            return 0
        } catch {
            for line in RenderCommand.messages(for: error, request: request, command: "weft debug") { output.printError(line) }
            return 1
        }
    }

    /// The libraries the render's effects come from: the scene's shader folders, or the command line's.
    static func libraries(for request: RenderRequest) throws -> [ShaderLibrary] {
        if case .scene(let path) = request.source {
            return try Scene.loadWithLibraries(contentsOf: path, confinement: request.confinement).libraries
        }
        return try EffectCatalog(paths: request.shaderPaths + RenderCommand.defaultShaderFolders()).folders.map(\.library)
    }
}
