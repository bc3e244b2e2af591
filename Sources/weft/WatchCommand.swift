import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft watch`: `weft render` again whenever a shader, scene, preset or input file changes.
enum WatchCommand: Command {
    static let name = "watch"
    static let summary = "Render to a PNG, then render again whenever a shader, scene or input file changes."
    static let usage = """
    weft watch INPUT.png [--shaders PATH]... --effect NAME [--arg NAME=VALUE]... [...] -o OUT.png [--changes N]
           weft watch --size WxH --effect FILLNAME [...] -o OUT.png [--changes N]
           weft watch SCENE.json [--time T] [...] -o OUT.png [--changes N]
    """
    static let discussion = """
    Takes exactly `weft render`'s inputs and options (see weft render --help) and renders once;
    then waits for a change to the scene file, the input image, the .glsl and .metal files and presets.json
    of the shader folders in use, and renders again, printing OUT.png's size, the device and the
    render time — or, when a shader or scene no longer compiles or loads, its diagnostics
    (path:line:column: error: …) while OUT.png keeps the last good render. A save is one change
    however the editor writes the file (in place, or renamed over). Runs until interrupted, or
    until --changes N changes have been handled. Exit status: 0 (after --changes, 1 when the last
    render failed), 2 for a usage error.
    """
    static let options: [OptionSpec] = RenderCommand.options + [
        .value("changes", "N", help: "Stop after handling N changes (default: run until interrupted)."),
    ]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let request = try RenderRequest(arguments)
        var limit: Int?
        if let text = arguments.value("changes") {
            guard let n = Int(text), n >= 0 else { throw UsageError.invalidValue("changes", text, "expected a whole number ≥ 0") }
            limit = n
        }
        var paths = watchedPaths(request, known: [])
        var watcher: FileWatcher
        do { watcher = try makeWatcher(paths, request) } catch {
            output.printError("weft watch: \(error)")
            return 1
        }
        output.print("weft watch: watching \(paths.count) file\(paths.count == 1 ? "" : "s"); press Ctrl-C to stop")
        var succeeded = render(request, output: &output)
        var handled = 0
        while limit.map({ handled < $0 }) ?? true {
            let changed = watcher.waitForChanges(timeout: .seconds(1))
            guard !changed.isEmpty else { continue }
            handled += 1
            output.print("weft watch: changed: \(changed.sorted().joined(separator: ", "))")
            succeeded = render(request, output: &output)
            let now = watchedPaths(request, known: paths)
            if now != paths, let replacement = try? makeWatcher(now, request) {
                paths = now
                watcher = replacement
            }
        }
        return succeeded ? 0 : 1
    }

    /// Watches `paths`, and the shader folders for new shader files (a new `.glsl` file is a change too).
    static func makeWatcher(_ paths: Set<String>, _ request: RenderRequest) throws(FileWatcherError) -> FileWatcher {
        try FileWatcher(paths: paths.sorted(), newFilesIn: shaderFolders(request),
                        accepting: { ShaderLibrary.isShaderFile($0) || $0 == StockShaders.presetsFileName })
    }

    /// The shader folders of a render that are folders (a scene's own, or --shaders and the default ones).
    static func shaderFolders(_ request: RenderRequest) -> [String] {
        var folders: [String]
        switch request.source {
        case .scene(let path):
            folders = (try? SceneDescription.read(contentsOf: path))?.shaderFolders ?? []
        case .image, .fill:
            folders = request.shaderPaths + RenderCommand.defaultShaderFolders()
        }
        return folders.filter { folder in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// One `weft render`: its line on success, its diagnostics otherwise (the output file is left as it was).
    static func render(_ request: RenderRequest, output: inout Output) -> Bool {
        RenderCommand.render(request, output: &output) == 0
    }

    /// The files a render of `request` reads: the scene and the images it names, or the input image, and the shader folders'
    /// .glsl files and presets.json. Folders that cannot be read now keep the `known` paths.
    static func watchedPaths(_ request: RenderRequest, known: Set<String>) -> Set<String> {
        var paths = Set<String>()
        var folders: [String] = []
        switch request.source {
        case .scene(let path):
            paths.insert(path)
            guard let scene = try? SceneDescription.read(contentsOf: path) else { return paths.union(known) }
            paths.formUnion(scene.imageFiles)
            folders = scene.shaderFolders
        case .image(let path):
            paths.insert(path)
            folders = request.shaderPaths + RenderCommand.defaultShaderFolders()
        case .fill:
            folders = request.shaderPaths + RenderCommand.defaultShaderFolders()
        }
        for folder in folders {
            guard let files = try? CheckCommand.shaderFiles(in: [folder]) else { continue }
            paths.formUnion(files)
            let presets = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + StockShaders.presetsFileName
            if FileManager.default.fileExists(atPath: presets) { paths.insert(presets) }
        }
        return paths.union(known)
    }
}
