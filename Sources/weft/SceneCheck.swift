import Foundation
import Weft
import WeftCatalog

/// `weft check SCENE.json`: the scene read as a render reads it — its JSON, its shader folders (every function
/// compiled) and images, each effect's arguments against its parameters — then every state it shows planned at the
/// first and the last frame it is shown, for the CPU evaluator's limits. Nothing renders.
enum SceneCheck {
    /// One frame to plan: the state the timeline shows then, and its frame number at `fps` (time = frame / fps).
    struct Moment: Equatable {
        var state: String
        var frame: Int
    }

    /// Frames per second the moments are counted in: `weft render --frames`'s default.
    static let fps: Double = 30

    /// Each state's first and last frame: a state runs from its change (0 for the first) to the frame before the next
    /// change, the last one to the scene's end (`duration`); a scene without changes is one state over its duration.
    static func moments(of scene: Scene) -> [Moment] {
        let end = Int((scene.duration * fps).rounded(.up))
        var spans: [(state: String, start: Double)] = [(scene.initialState ?? "root", 0)]
        for (index, change) in (scene.timeline?.changes ?? []).enumerated() {
            spans.append((change.name ?? "change \(index + 1)", change.time))
        }
        var moments: [Moment] = []
        for (index, span) in spans.enumerated() {
            let first = Int((span.start * fps).rounded(.up))
            let next = index + 1 < spans.count ? Int((spans[index + 1].start * fps).rounded(.up)) - 1 : end
            for frame in [first, max(first, next)] where !moments.contains(Moment(state: span.state, frame: frame)) {
                moments.append(Moment(state: span.state, frame: frame))
            }
        }
        return moments
    }

    /// Checks the scene at `path`, printing what it read, a row for each planned frame, and each problem; true when
    /// there was none.
    static func run(path: String, confinement: SceneConfinement? = nil, output: inout Output) -> Bool {
        func problem(_ text: String) { output.printError("weft check: " + (text.contains(path) ? text : "\(path): \(text)")) }
        let description: SceneDescription
        let scene: Scene
        do {
            description = try SceneDescription.read(contentsOf: path)
            scene = try description.resolveWithLibraries(confinement: confinement).scene
        } catch {
            problem("\(error)")
            return false
        }
        let states = scene.states.isEmpty ? 1 : scene.states.count
        let changes = scene.timeline?.changes.count ?? 0
        output.print("\(path): \(Self.number(scene.size.width))x\(Self.number(scene.size.height)) points at scale \(Self.number(scene.scale)), "
            + "\(states) state\(states == 1 ? "" : "s"), \(changes) change\(changes == 1 ? "" : "s"), \(String(format: "%.2f", scene.duration)) s; "
            + "\(description.shaderFolders.count) shader folder\(description.shaderFolders.count == 1 ? "" : "s"), "
            + "\(description.imageFiles.count) image\(description.imageFiles.count == 1 ? "" : "s"): read")
        let context: RenderContext
        do {
            context = RenderContext(executor: try DeviceChoice(flag: DeviceChoice.cpuName).makeExecutor().executor)
        } catch {
            problem("\(error)")
            return false
        }
        var table = TextTable(headers: ["STATE", "FRAME", "TIME", "PLAN"], rightAligned: [1, 2])
        var problems = 0
        var warnings: [String] = []
        var moments = moments(of: scene)
        // Where `onGeometryChange`s choose the state by size, a frame shows what they choose from the timeline's state.
        if scene.geometrySweep() != nil {
            for index in moments.indices { moments[index].state += " (as sized)" }
        }
        // Every named state is also planned as it is, at the first frame, unless a change shows it as it is.
        let shown = Set(moments.map(\.state))
        for name in scene.states.keys.sorted() where !shown.contains(name) { moments.append(Moment(state: name, frame: 0)) }
        for moment in moments {
            let time = Double(moment.frame) / fps
            var frame = scene.frame(at: time, index: UInt32(moment.frame))
            if !shown.contains(moment.state), let view = scene.states[moment.state] { frame.view = view }
            for warning in frame.geometryWarnings.map(\.description) + frame.warnings.map(\.description) where !warnings.contains(warning) {
                warnings.append(warning)
            }
            let place = "state '\(moment.state)' at frame \(moment.frame) (\(String(format: "%.3f", time)) s)"
            do {
                let planned = try context.plan(frame.view, size: frame.size, options: frame.options)
                table.append([moment.state, "\(moment.frame)", String(format: "%.3f s", time), PlanText.summary(planned)])
                for warning in planned.textWarnings.map(\.description) where !warnings.contains(warning) { warnings.append(warning) }
            } catch {
                problems += 1
                table.append([moment.state, "\(moment.frame)", String(format: "%.3f s", time), "FAILED"])
                problem("\(place): \(error)")
            }
        }
        output.print(table.rendered)
        for warning in warnings { output.printError("weft check: \(path): warning: \(warning)") }
        let planned = "\(moments.count) frame\(moments.count == 1 ? "" : "s") of \(states) state\(states == 1 ? "" : "s") planned "
            + "(the first and last each shows, at \(Int(fps)) frames/s)"
        output.print("\(path): \(planned): " + (problems == 0 ? "no problems" : "\(problems) failed")
            + (warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"))
        return problems == 0
    }

    private static func number(_ x: Float) -> String { x == x.rounded() ? String(Int(x)) : "\(x)" }
}
