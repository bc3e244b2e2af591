import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft gallery`: every stock effect and example scene rendered, plus a contact sheet (`make run`).
enum GalleryCommand: Command {
    static let name = "gallery"
    static let summary = "Render every stock effect and example scene, and a contact sheet of them."
    static let usage = "weft gallery [--shaders PATH]... [--device NAME|cpu] [--threads N] [--out DIR] [--only NAME[,NAME]...] [--scale S] [--frame N] [--reduce-motion] [--no-fuse] [--check]"
    static let discussion = """
    Applies every effect of the stock library (Shaders/ here, else next to the weft executable, or
    $WEFT_STOCK_SHADERS) with the arguments of its entry in Shaders/presets.json to
    examples/images/test-pattern.png: color, layer and distortion effects modify the pattern;
    fills draw at its size; blends draw the pattern through the blend over a diagonal
    blue-to-amber gradient. Also renders each examples/*.json scene. Writes DIR/gallery/NAME.png,
    DIR/gallery/scene-NAME.png and the labelled sheet DIR/gallery.png (DIR defaults to out), and
    prints a table of effect, kind, device and milliseconds. A failing item is reported and the
    rest go on. With --shaders, the gallery shows the effects of those folders (or files) instead,
    with their presets.json or `// @param` defaults, and no scenes. Exit status: 0 when every item
    rendered, 1 when any failed (or none could start, or --only names no item), 2 for a usage error.
    """
    static let options: [OptionSpec] = [
        .value("shaders", "PATH", help: "A folder or .glsl or .metal file of effects to show instead of the stock ones (repeatable)."),
        RenderRequest.deviceOption,
        .value("out", "DIR", help: "Output folder (default: out)."),
        .value("only", "NAMES", help: "Render only these items (effect names or scene-NAME, comma-separated)."),
        .value("scale", "S", help: "Pixels per point (default 1; scenes: their own scale times S)."),
    ] + RenderRequest.frameOptions + [RenderRequest.noFuseOption, RenderRequest.checkOption, RenderRequest.threadsOption]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let out = arguments.value("out") ?? "out"
        let only = arguments.value("only").map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        let scale = try RenderRequest.number("scale", arguments.value("scale"), positive: true) ?? 1
        let frame = try RenderRequest.frame(arguments.value("frame"))
        let threads = try RenderRequest.threads(arguments.value("threads"))

        let gallery: Gallery
        let items: [Gallery.Item]
        let context: RenderContext
        do {
            let authorFolders = arguments.occurrences.filter { $0.name == "shaders" }.compactMap(\.value)
            let stock = RenderCommand.defaultShaderFolders().first
            guard stock != nil || !authorFolders.isEmpty else { throw EffectSetupError.noStockShaders }
            let (examples, scenes) = stock.map { RenderCommand.exampleFolder(besideStock: $0) } ?? ("", [])
            let patternPath = examples + "/images/" + TestPattern.fileName
            let pattern = stock != nil && FileManager.default.fileExists(atPath: patternPath) ? try PNGFile.load(path: patternPath) : TestPattern.make()
            let catalog = try EffectCatalog(paths: authorFolders.isEmpty ? [stock!] : authorFolders)
            gallery = Gallery(pattern: pattern, catalog: catalog, scenes: authorFolders.isEmpty ? scenes : [], scale: scale,
                              frame: frame, reduceMotion: arguments.has("reduce-motion"), fusion: !arguments.has("no-fuse"))
            items = gallery.items(only: only)
            if let only {
                let unknown = only.subtracting(items.map(\.name))
                guard unknown.isEmpty else {
                    let names = gallery.items().map(\.name)
                    let suggestions = unknown.sorted().map { NameSuggestion.clause(for: $0, in: names) }.joined()
                    throw UsageError(message: "--only: no item named \(unknown.sorted().joined(separator: ", "))\(suggestions); items: \(names.joined(separator: ", "))",
                                     isInvalidValue: true)
                }
            }
            try FileManager.default.createDirectory(atPath: out + "/gallery", withIntermediateDirectories: true)
            let (executor, notice) = try DeviceChoice(flag: arguments.value("device")).makeExecutor(cpuThreads: threads, vulkanChecks: arguments.has("check"))
            if let notice { output.printError(notice) }
            context = RenderContext(executor: executor)
        } catch let error as UsageError {
            throw error
        } catch let error as EffectSetupError where !error.diagnostics.isEmpty {
            for diagnostic in error.diagnostics { output.printError(diagnostic.description) }
            return 1
        } catch {
            output.printError("weft gallery: \(error)")
            return 1
        }

        let device = context.executor.device.name
        var table = TextTable(headers: ["EFFECT", "KIND", "DEVICE", "MS", "RESULT"], rightAligned: [3])
        var errors: [String] = []
        let outcomes = gallery.render(items, with: context, into: out + "/gallery") { outcome in
            table.append([outcome.name, outcome.kind, device, outcome.milliseconds.map { String(format: "%.1f", $0) } ?? "-",
                          outcome.problem == nil ? outcome.path : "FAILED"])
            if let problem = outcome.problem { errors.append("weft gallery: \(outcome.name): \(problem)") }
            errors += outcome.reports.map { CheckReportText.line($0, command: "weft gallery: \(outcome.name)") }
        }
        output.print(table.rendered)
        for error in errors { output.printError(error) }

        let sheetPath = out + "/gallery.png"
        do {
            try PNGFile.write(Gallery.contactSheet(outcomes), to: sheetPath)
        } catch {
            output.printError("weft gallery: \(error)")
            return 1
        }
        let failed = outcomes.count(where: { $0.problem != nil })
        output.print("\(outcomes.count - failed) of \(outcomes.count) rendered on \(device); contact sheet: \(sheetPath)")
        return failed == 0 ? 0 : 1
    }
}
