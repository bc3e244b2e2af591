import Foundation
import WeftImage

/// A scene whose pixels show the options it was rendered with, for the tests that each caller of a scene merges its
/// options with the scene's by the one rule (docs/scenes.md, "Scene options and the caller's").
///
/// The scene is 32×32 points at its own scale 2 on a red background, with `frame` 9 and reduce-motion off; a white
/// 16×16 square at its centre goes through a color effect that writes `$frame` into red, `$time` × 8 into green and
/// `$reduceMotion` into blue (255 on, 51 off), all as 8-bit values.
public enum SceneOptionsProbe {
    public static let sceneScale: Float = 2
    public static let sceneFrame: UInt32 = 9
    public static let sizeInPoints = 32
    public static let background = SIMD4<UInt8>(255, 0, 0, 255)

    static let shader = """
    [[ stitchable ]]
    vec4 optionsProbe(vec2 position, vec4 color, float frame, float time, float reduce) {
        return vec4(frame / 255.0, time * 8.0 / 255.0, reduce > 0.5 ? 1.0 : 0.2, 1.0);
    }
    """

    static let scene = """
    {"size": [32, 32], "scale": 2, "background": "#ff0000", "frame": 9, "shaders": ["probe"],
     "root": {"color": "#ffffff", "modifiers": [{"frame": {"width": 16, "height": 16}},
       {"colorEffect": {"shader": "optionsProbe", "args": {"frame": "$frame", "time": "$time", "reduce": "$reduceMotion"}}}]}}
    """

    /// Writes the scene (`options-probe.json`) and its shader folder into `folder`; the scene file's path.
    public static func write(into folder: URL) throws -> String {
        let shaders = folder.appendingPathComponent("probe")
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        try shader.write(to: shaders.appendingPathComponent("optionsProbe.glsl"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("options-probe.json").path
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What the rule predicts for a caller whose scale is `scale` and who renders at `time` with frame `index` (nil:
    /// none given) and reduce-motion `reduceMotion`: the output's side in pixels, the corner pixel (the scene's
    /// background) and the centre pixel (the probe's reading).
    public static func expected(scale: Float = 1, time: Double, index: UInt32? = nil, reduceMotion: Bool = false)
        -> (side: Int, corner: SIMD4<UInt8>, centre: SIMD4<UInt8>) {
        let shownTime = reduceMotion ? 0 : time
        let centre = SIMD4<UInt8>(UInt8(index ?? sceneFrame), UInt8((shownTime * 8).rounded()), reduceMotion ? 255 : 51, 255)
        return (Int((Float(sizeInPoints) * sceneScale * scale).rounded()), background, centre)
    }

    /// What an 8-bit rendering of the probe shows: its side in pixels (its width; a square), the corner pixel and the
    /// centre pixel — compared with `expected`.
    public static func reading(_ pixels: PixelBuffer) -> (side: Int, corner: SIMD4<UInt8>, centre: SIMD4<UInt8>) {
        func at(_ x: Int, _ y: Int) -> SIMD4<UInt8> {
            let i = (y * pixels.width + x) * 4
            return SIMD4(pixels.bytes[i], pixels.bytes[i + 1], pixels.bytes[i + 2], pixels.bytes[i + 3])
        }
        return (pixels.height == pixels.width ? pixels.width : -1, at(0, 0), at(pixels.width / 2, pixels.height / 2))
    }
}
