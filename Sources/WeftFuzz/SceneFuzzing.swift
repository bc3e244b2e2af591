import Foundation
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftShaders
import WeftViews

/// Scenes from bytes to a render plan: parsed, shown at a time on a small canvas (laid out), planned, and the plan
/// checked as an executor would check it. A trap anywhere on the way, a plan an executor would refuse, or an input that
/// takes longer than `planningBudget` from its parsed scene to its plan, is a finding.
enum SceneFuzzing {
    /// What became of one input.
    enum Outcome {
        case rejected(SceneError)
        case refused(RenderError)
        case planned(PlannedRender)
    }

    /// Shaders a fuzzed scene can name, one of each kind.
    static let source = """
        [[ stitchable ]] vec4 tint(vec2 position, vec4 color, vec4 shade, float amount) { return mix(color, shade, amount); }
        [[ stitchable ]] vec2 wave(vec2 position, vec2 size, float time) { return position + sin(position.yx + time); }
        [[ stitchable ]] vec4 blur(vec2 position, Layer layer, float radius) { return sampleLayer(layer, position); }
        [[ stitchable ]] vec4 stripes(vec2 position, vec2 start, ColorArray stops) { return colorAt(stops, 0); }
        """

    /// In memory only: each kernel (the shaders', the engine's, each stitched chain) compiles once per process, and
    /// nothing is read from or written to the disk.
    static let cache = SPIRVCache(directory: nil)

    static let shaders: any SceneShaderProvider = {
        let libraries = (try? ShaderLibrary(source: source, name: "fuzz-shaders.glsl", cache: cache)).map { [$0] } ?? []
        return LibraryShaderProvider(libraries: libraries)
    }()

    static let planner = Planner(cache: cache)

    /// Scenes are planned at most this many points wide and tall, so one input stays cheap.
    static let maxSide: Float = 64
    /// Small enough that a scale, a padding or a blur past it is an error, not gigabytes of plan.
    static let textureLimit = TextureLimit(maxDimension: 1024,
                                           device: DeviceDescription(name: "weft-fuzz planner", kind: .other, driver: "none", apiVersion: "-"))

    /// The longest a parsed input may take to be laid out and planned: past it, the input is a finding, as a crash is
    /// (a real screen plans in milliseconds; the inputs are at most 64 KiB and drawn at most `maxSide` points a side).
    /// One second; five in the libFuzzer build, a debug build with ASan and coverage on every edge, where a text scene
    /// already took a second on a loaded machine. The smoke run inside `swift test` (a debug build, on whatever machine
    /// runs the suite) allows ten: there it catches planning that grows without bound, not a slow machine.
    #if WEFT_LIBFUZZER
    static let planningBudget = Duration.seconds(5)
    #elseif DEBUG
    static let planningBudget = Duration.seconds(10)
    #else
    static let planningBudget = Duration.seconds(1)
    #endif

    /// Plans a scene with text, a path, a blur, a shadow and every fuzz shader once, so that the engine's kernels are
    /// compiled before inputs are timed (libFuzzer's own timeout counts from the first input).
    static func warmUp() {
        let scene = ##"{"size": [32, 32], "root": {"zstack": [{"text": "Aa"}, {"circle": {}, "modifiers": [{"stroke": {"color": "#ff0000", "lineWidth": 2}}]},"##
            + ##"{"color": "#00ff00", "modifiers": [{"blur": 2}, {"shadow": {"radius": 2}}, {"colorEffect": {"shader": "tint", "args": {"shade": "#0000ff", "amount": 0.5}}}]}]}}"##
        _ = run(Array(scene.utf8))
    }

    static func run(_ bytes: [UInt8]) -> Outcome {
        let scene: Scene
        do {
            scene = try parse(bytes)
        } catch {
            return .rejected(error)
        }
        var (outcome, elapsed) = timedPlan(scene)
        // Over the budget, once more: the first plan of a new stitched chain compiles its kernel, which is not planning.
        if elapsed > planningBudget { (outcome, elapsed) = timedPlan(scene) }
        if elapsed > planningBudget {
            fatalError("weft-fuzz: the scene took \(elapsed) to lay out and plan (its kernels compiled), over the budget of \(planningBudget)")
        }
        // On half the inputs (those of even length, so that the campaign keeps its pace): the same scene read again and
        // planned after its start must plan what it plans alone.
        if case .planned(let planned) = outcome, bytes.count % 2 == 0 { checkAdoption(bytes, scene: scene, planned: planned) }
        return outcome
    }

    /// The scene `bytes` hold, its shaders the fuzz library's and nothing read from the disk.
    private static func parse(_ bytes: [UInt8]) throws(SceneError) -> Scene {
        try Scene.parse(Data(bytes), baseDirectory: "/nonexistent/weft-fuzz") { _ in shaders }
    }

    /// The canvas a scene is planned on: its size, at most `maxSide` points a side.
    private static func canvas(of scene: Scene) -> Size {
        Size(width: min(scene.size.width, maxSide), height: min(scene.size.height, maxSide))
    }

    /// The scene read again (all its views new) and shown half-way through, planned after `scene`'s start through one
    /// `PlanReuse` — so that it takes the start's equal views (`ViewNode.adopting`) — plans the passes it plans alone
    /// (`planned`); anything else is a finding.
    private static func checkAdoption(_ bytes: [UInt8], scene: Scene, planned: PlannedRender) {
        guard let again = try? parse(bytes) else {
            fatalError("weft-fuzz: the scene was read once and not again")
        }
        let size = canvas(of: scene)
        let reuse = PlanReuse(planner: planner, textureLimit: textureLimit)
        let start = scene.frame(at: 0, size: size)
        guard (try? reuse.plan(start.view, size: start.size, options: start.options)) != nil else { return }
        let shown = again.frame(at: again.duration / 2, size: size)
        guard let adopted = try? reuse.plan(shown.view, size: shown.size, options: shown.options) else {
            fatalError("weft-fuzz: the scene planned alone and not after its own start")
        }
        if adopted.plan.passes != planned.plan.passes {
            fatalError("weft-fuzz: the scene planned after its own start (its equal views taken) planned other passes than alone")
        }
    }

    private static func timedPlan(_ scene: Scene) -> (Outcome, Duration) {
        let started = ContinuousClock.now
        let outcome = plan(scene)
        return (outcome, ContinuousClock.now - started)
    }

    /// The scene shown half-way through, laid out and planned, and the plan checked.
    private static func plan(_ scene: Scene) -> Outcome {
        // Half-way through, where a scene with states is likely in a change between two of them.
        let shown = scene.frame(at: scene.duration / 2,
                                size: canvas(of: scene))
        let planned: PlannedRender
        do {
            planned = try planner.plan(shown.view, size: shown.size, options: shown.options, textureLimit: textureLimit)
        } catch {
            return .refused(error)
        }
        do {
            try planned.plan.validate(maxTextureDimension: textureLimit.maxDimension)
        } catch {
            fatalError("weft-fuzz: the planner made a plan an executor refuses: \(error)")
        }
        return .planned(planned)
    }
}
