// The seeds' SwiftUI examples (docs/swiftui.md), each in its own file as printed, rendered headless: each example's
// frames at the start, middle and end of its script's animations, as PNGs in the folder given (default out/swiftui).
// With --compare, each frame is also rendered from the scene file that composes the same views
// (examples/swiftui/<name>.json, from the current directory) and must be the same pixels; a frame that differs is
// written beside it as <name>-<time>.scene.png and the program fails.
//
//     weft-swiftui-examples [--device NAME|cpu] [--compare] [FOLDER]
//     weft-swiftui-examples --preview NAME [--device NAME|cpu]     (the example in the preview window; clicks tap it)
//     weft-swiftui-examples [--device NAME|cpu] --planning [--frame-count N] [--repetitions R]   (PlanningBenchmark.swift)
import Foundation
import Weft
import WeftPreview

/// An example as this program renders it: a size, a script (in the example's own file, where its state is visible).
struct SwiftUIExample: Sendable {
    var name: String
    var size: Size
    var timeline: @Sendable () throws -> Timeline
    /// The example's view in the preview window, driven by clicks (`--preview NAME`); nil for one with nothing to tap.
    var preview: (@Sendable () throws -> any PreviewSource)? = nil

    /// The start, middle and end of every change's animation (the first frame alone when nothing changes).
    func times(of timeline: Timeline) -> [Double] {
        guard !timeline.changes.isEmpty else { return [0] }
        return timeline.changes.flatMap { change in
            let duration = change.animation?.duration ?? 0
            return duration.isFinite ? [change.time, change.time + duration / 2, change.time + duration] : [change.time]
        }
    }
}

/// An example's view in the preview window, driven by clicks (`ViewPreviewSource`).
func clickable<Root: View>(_ root: @escaping @Sendable () -> Root, size: Size, name: String) -> @Sendable () throws -> any PreviewSource {
    { try ViewPreviewSource(root(), size: size, name: name) }
}

/// How many pixels of `a` and `b` (of one size) differ in any channel.
func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] as SIMD4<Float> != b[x, y] { count += 1 }
    }
    return count
}

let examples = [orbitMarkExample, downloadExample, radarSealExample, galeriaExample, editorToolbarExample, editorToolbarCompactExample,
                drawingAndCompositingGroupExample]

var arguments = Array(CommandLine.arguments.dropFirst())
var device = DeviceChoice(flag: nil)
if let i = arguments.firstIndex(of: "--device"), i + 1 < arguments.count {
    device = DeviceChoice(flag: arguments[i + 1])
    arguments.removeSubrange(i...(i + 1))
}
if let i = arguments.firstIndex(of: "--preview") {
    let name = i + 1 < arguments.count ? arguments[i + 1] : ""
    guard let source = examples.first(where: { $0.name == name })?.preview else {
        let names = examples.filter { $0.preview != nil }.map { $0.name }
        FileHandle.standardError.write(Data("weft-swiftui-examples: --preview \(name): expected one of \(names.joined(separator: ", "))\n".utf8))
        exit(2)
    }
    do {
        // The CPU evaluator renders here; a Vulkan device renders in the session, on the device that presents.
        let context = device == .cpu ? RenderContext(executor: try DeviceChoice.cpu.makeExecutor().executor) : nil
        var options = PreviewSession.Options()
        if case .named(let name) = device { options.presentingDevice = name }
        let session = try PreviewSession(source: try source(), context: context, options: options,
                                         print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }, printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        exit(try session.run())
    } catch {
        FileHandle.standardError.write(Data("weft-swiftui-examples: \(error)\n".utf8))
        exit(1)
    }
}

let compare = arguments.contains("--compare")
arguments.removeAll { $0 == "--compare" }
var planning: PlanningBenchmark?
if let i = arguments.firstIndex(of: "--planning") {
    arguments.remove(at: i)
    planning = PlanningBenchmark(frames: 60, repetitions: 5)
    for (flag, set) in [("--frame-count", { planning?.frames = $0 }), ("--repetitions", { planning?.repetitions = $0 })] as [(String, (Int) -> Void)] {
        guard let j = arguments.firstIndex(of: flag) else { continue }
        guard j + 1 < arguments.count, let n = Int(arguments[j + 1]), n >= 1 else {
            FileHandle.standardError.write(Data("weft-swiftui-examples: \(flag) takes a whole number ≥ 1\n".utf8))
            exit(2)
        }
        set(n)
        arguments.removeSubrange(j...(j + 1))
    }
}
let folder = arguments.first ?? "out/swiftui"

do {
    let context = try RenderContext.make(device: device) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    if let planning {
        for example in examples { try planning.measure(example, context: context) }
        try planning.measureClock(context: context)
        try planning.measureScopes(context: context)
        try planning.measureChildState()
        exit(0)
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var differing = 0
    for example in examples {
        let timeline = try example.timeline()
        let scene = compare ? try Scene.load(contentsOf: "examples/swiftui/\(example.name).json") { folders in
            try LibraryShaderProvider(folders: folders, baseDirectory: "examples/swiftui")
        } : nil
        for time in example.times(of: timeline) {
            let frame = try context.render(timeline.view(at: time, size: example.size), size: example.size,
                                           options: RenderOptions(frame: FrameContext(time: time), background: .white))
            let path = "\(folder)/\(example.name)-\(String(format: "%.3f", time)).png"
            try PNGFile.write(frame.pixels, to: path)
            guard let scene else {
                print(path)
                continue
            }
            let fromScene = try context.render(scene, at: time).pixels
            if fromScene == frame.pixels {
                print("\(path): the same pixels as \(example.name).json")
            } else {
                differing += 1
                let scenePath = "\(folder)/\(example.name)-\(String(format: "%.3f", time)).scene.png"
                try PNGFile.write(fromScene, to: scenePath)
                print("\(path): differs from \(example.name).json in \(differingPixels(frame.pixels, fromScene)) pixels; the scene's frame is \(scenePath)")
            }
        }
    }
    if differing > 0 {
        FileHandle.standardError.write(Data("weft-swiftui-examples: \(differing) frames differ from their scene files\n".utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("weft-swiftui-examples: \(error)\n".utf8))
    exit(1)
}
