import Foundation
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftShaders
import WeftViews

/// Scenes from bytes to a render plan: parsed, shown at a time on a small canvas, planned, and the plan checked as an
/// executor would check it. A trap anywhere on the way, or a plan an executor would refuse, is a finding.
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

    static func run(_ bytes: [UInt8]) -> Outcome {
        let scene: Scene
        do {
            scene = try Scene.parse(Data(bytes), baseDirectory: "/nonexistent/weft-fuzz") { _ in shaders }
        } catch {
            return .rejected(error)
        }
        // Half-way through, where a scene with states is likely in a change between two of them.
        let shown = scene.frame(at: scene.duration / 2,
                                size: Size(width: min(scene.size.width, maxSide), height: min(scene.size.height, maxSide)))
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
