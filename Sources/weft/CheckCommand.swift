import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft check [PATH…]`: compiles every stitchable function, lists them, reports diagnostics.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Compile every stitchable function and list it, or report its diagnostics; check scene files."
    static let usage = """
    weft check [--render [--threads N]] [--no-cache] [--cache-dir DIR] [PATH…]
           weft check SCENE.json… [--confine DIR]
    """
    static let discussion = """
    PATH is a .glsl or .metal file or a folder of them (default: Shaders); a .json file is
    checked as a scene: read as weft render reads it (its JSON, its shader folders and images,
    each effect's arguments against its parameters), then every state it shows planned at the
    first and the last frame it is shown (frames at 30/s, for the CPU evaluator's limits), one
    row each; nothing renders. Each function is compiled
    for both output formats (rgba8 and rgba16f); the table shows the time of each and
    whether the SPIR-V came from the cache. Diagnostics go to standard error as
    path:line:column: error: message. With --render, each effect then also runs on the CPU
    evaluator over the test pattern at its declared defaults (its // @param defaults, then its
    presets.json entry) and across its parameters' ranges (a float or int with no declared range
    over a quarter to four times its default), and fails when a stored pixel's RGB exceeds its
    alpha, a layer sample lies beyond the declared maxSampleOffset (the distance needed is
    printed), a pixel is NaN or infinite, or an annotated parameter changes nothing at the ends
    and middle of its range; each finding ends with what to change. Notes say which ranges were
    derived, and how far an effect that declares no maxSampleOffset samples. --threads N sets
    the evaluator's worker threads (default: every core).
    With --no-cache, glslang's once-per-process start-up
    is measured first and printed on its own line; otherwise the first compile of a run
    includes it. Exit status: 0 when everything compiles, 1 when anything fails, 2 for a
    usage error.
    """
    static let options: [OptionSpec] = [
        .flag("render", help: "Also run each effect on the CPU evaluator at its defaults and check its output."),
        RenderRequest.threadsOption,
        .flag("no-cache", help: "Neither read nor write the SPIR-V cache (measures cold compiles)."),
        .value("cache-dir", "DIR", help: "SPIR-V cache folder (default: $XDG_CACHE_HOME/weft or ~/.cache/weft)."),
        RenderRequest.confineOption,
    ]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let cache: SPIRVCache
        if arguments.has("no-cache") {
            guard arguments.value("cache-dir") == nil else { throw UsageError(message: "--no-cache and --cache-dir exclude each other") }
            cache = .disabled()
        } else if let directory = arguments.value("cache-dir") {
            cache = SPIRVCache(directory: URL(fileURLWithPath: directory, isDirectory: true))
        } else {
            cache = .shared
        }
        let threads = try RenderRequest.threads(arguments.value("threads"))
        if threads != nil && !arguments.has("render") { throw UsageError(message: "--threads is for --render, which runs the CPU evaluator") }
        // Scene files are checked as scenes; shader files and folders as shaders.
        let scenes = arguments.positionals.filter { $0.lowercased().hasSuffix(".json") }
        let confinement = try RenderRequest.confinement(arguments)
        if confinement != nil && scenes.isEmpty { throw RenderRequest.confineWithoutScene }
        if !scenes.isEmpty {
            if arguments.has("render") { throw UsageError(message: "--render checks effects; a scene file is checked without it") }
            var failed = 0
            for scene in scenes where !SceneCheck.run(path: scene, confinement: confinement, output: &output) { failed += 1 }
            let shaderPaths = arguments.positionals.filter { !$0.lowercased().hasSuffix(".json") }
            guard !shaderPaths.isEmpty else { return failed == 0 ? 0 : 1 }
            var shaderArguments = arguments
            shaderArguments.positionals = shaderPaths
            let shaders = try run(shaderArguments, output: &output)
            return failed == 0 ? shaders : 1
        }
        let files = try shaderFiles(in: arguments.positionals.isEmpty ? ["Shaders"] : arguments.positionals)
        guard !files.isEmpty else {
            throw UsageError(message: "no .glsl or .metal files in \(arguments.positionals.isEmpty ? "Shaders" : arguments.positionals.joined(separator: ", "))",
                             isInvalidValue: true)
        }
        if arguments.has("no-cache") {
            // glslang's once-per-process set-up is no function's compile time: pay it first.
            output.print("glslang start-up (once per process): \(milliseconds(GLSLCompiler.warmUp()))")
        }

        var table = TextTable(headers: ["FUNCTION", "KIND", "PARAMETERS", "RGBA8", "RGBA16F", "SPIR-V"], rightAligned: [3, 4])
        var diagnostics = [ShaderDiagnostic]()
        var failedFunctions = 0
        var failedFiles = 0
        var definedAt = [String: String]()
        for file in files {
            let library: ShaderLibrary
            do {
                library = try ShaderLibrary(path: file, cache: cache)
            } catch {
                failedFiles += 1
                diagnostics += error.diagnostics.isEmpty ? [] : error.diagnostics
                if error.diagnostics.isEmpty { output.printError("weft check: \(error)") }
                continue
            }
            for function in library.functions {
                let place = "\(function.file):\(function.line):\(function.column)"
                if let first = definedAt[function.name] {
                    diagnostics.append(ShaderDiagnostic(file: function.file, line: function.line, column: function.column,
                        message: "stitchable function '\(function.name)' is already defined at \(first); rename one"))
                    failedFunctions += 1
                    continue
                }
                definedAt[function.name] = place
                var times = [String]()
                var outcomes = [String]()
                var failed = false
                for format in [PixelFormat.rgba8Unorm, .rgba16Float] {
                    do {
                        let compilation = try library.compile(function, outputFormat: format)
                        times.append(milliseconds(compilation.duration))
                        outcomes.append(compilation.outcome == .compiled ? "compiled" : "cached (\(compilation.outcome.rawValue))")
                    } catch {
                        for d in error.diagnostics where !diagnostics.contains(d) { diagnostics.append(d) }
                        if error.diagnostics.isEmpty { output.printError("weft check: \(error)") }
                        failed = true
                        break
                    }
                }
                let parameters = function.parameters.map(\.description).joined(separator: ", ")
                if failed {
                    failedFunctions += 1
                    table.append([function.name, function.kind.rawValue, parameters, "-", "-", "FAILED"])
                } else {
                    table.append([function.name, function.kind.rawValue, parameters.isEmpty ? "-" : parameters,
                                  times[0], times[1], Set(outcomes).count == 1 ? outcomes[0] : outcomes.joined(separator: " / ")])
                }
            }
        }
        if !table.rows.isEmpty { output.print(table.rendered) }
        for d in diagnostics { output.printError(d.description) }
        let total = table.rows.count
        var summary = "\(total) function\(total == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")"
        summary += failedFunctions + failedFiles == 0 ? ": all compile" : ": \(failedFunctions) failed" + (failedFiles > 0 ? ", \(failedFiles) file\(failedFiles == 1 ? "" : "s") rejected" : "")
        output.print(summary)
        guard failedFunctions + failedFiles == 0 else {
            if arguments.has("render") { output.printError("weft check: --render skipped: fix the compile errors first") }
            return 1
        }
        guard arguments.has("render") else { return 0 }
        return renderChecks(paths: arguments.positionals.isEmpty ? ["Shaders"] : arguments.positionals, cache: cache, threads: threads, output: &output)
    }

    /// `--render`: every effect through `RenderCheck` on the CPU evaluator; 1 when any finding.
    /// `threads` nil: every core.
    static func renderChecks(paths: [String], cache: SPIRVCache, threads: Int?, output: inout Output) -> Int32 {
        let checker: RenderCheck
        do {
            let (executor, _) = try DeviceChoice(flag: DeviceChoice.cpuName).makeExecutor(cpuThreads: threads)
            checker = RenderCheck(catalog: try EffectCatalog(paths: paths, cache: cache), context: RenderContext(executor: executor, cache: cache))
        } catch {
            output.printError("weft check: --render: \(error)")
            return 1
        }
        var table = TextTable(headers: ["EFFECT", "KIND", "SWEPT", "RENDERS", "MS", "RENDER CHECK"], rightAligned: [3, 4])
        var failed = 0
        for name in checker.catalog.effectNames {
            let start = ContinuousClock.now
            let outcome = checker.check(effect: name)
            let swept = outcome.sweptParameters.isEmpty ? "-" : outcome.sweptParameters.joined(separator: ", ")
            table.append([name, outcome.kind.rawValue, swept, "\(outcome.renders)", milliseconds(ContinuousClock.now - start),
                          outcome.passed ? "passed" : "FAILED"])
            if !outcome.passed { failed += 1 }
            for finding in outcome.findings { output.printError("weft check: \(name): \(finding)") }
            for note in outcome.notes { output.printError("weft check: \(name): note: \(note)") }
        }
        output.print(table.rendered)
        let total = table.rows.count
        output.print("\(total) effect\(total == 1 ? "" : "s") rendered on the CPU evaluator: " + (failed == 0 ? "all pass the render checks" : "\(failed) failed"))
        return failed == 0 ? 0 : 1
    }

    /// The .glsl and .metal files named by `paths` (files as given, folders' direct contents by name).
    static func shaderFiles(in paths: [String]) throws(UsageError) -> [String] {
        var files = [String]()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError(message: "no such file or folder: \(path)", isInvalidValue: true)
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
                files += names.filter(ShaderLibrary.isShaderFile).sorted().map { "\(folder)/\($0)" }
            } else {
                files.append(path)
            }
        }
        return files
    }

    static func milliseconds(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
        return String(format: "%.2f ms", ms)
    }
}
