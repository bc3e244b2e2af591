import Foundation
import Weft
import WeftShaders

enum SceneFuzzing {
    /// Shaders a fuzzed scene can name, one of each kind; loading parses them, nothing is compiled.
    static let source = """
        [[ stitchable ]] vec4 tint(vec2 position, vec4 color, vec4 shade, float amount) { return mix(color, shade, amount); }
        [[ stitchable ]] vec2 wave(vec2 position, vec2 size, float time) { return position + sin(position.yx + time); }
        [[ stitchable ]] vec4 blur(vec2 position, Layer layer, float radius) { return sampleLayer(layer, position); }
        [[ stitchable ]] vec4 stripes(vec2 position, vec2 start, ColorArray stops) { return colorAt(stops, 0); }
        """

    static let shaders: any SceneShaderProvider = {
        let libraries = (try? ShaderLibrary(source: source, name: "fuzz-shaders.glsl", cache: .disabled())).map { [$0] } ?? []
        return LibraryShaderProvider(libraries: libraries)
    }()

    static func parse(_ bytes: [UInt8]) {
        _ = try? Scene.parse(Data(bytes), baseDirectory: "/nonexistent/weft-fuzz") { _ in shaders }
    }
}
