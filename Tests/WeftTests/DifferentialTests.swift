import Foundation
import Testing
@testable import Weft
@testable import WeftCatalog
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// The promise of Weft: one compiled SPIR-V module renders the same on Vulkan (lavapipe here)
/// and on the CPU evaluator. At most 1/255 per channel on RGBA8, 2/255 where bilinear sampling
/// is involved (layer and distortion effects, and views that scale images); the mean absolute
/// difference is reported for every case.
@Suite(.requiresVulkan)
struct DifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Renders on both backends; the CPU evaluator's own checks must find nothing.
    func compare(_ name: String, _ view: ViewNode, size: Size, options: RenderOptions, tolerance: Float) throws {
        let gpu = try Backend.vulkan.makeContext().render(view, size: size, options: options)
        let cpu = try Backend.cpu.makeContext().render(view, size: size, options: options)
        #expect(cpu.reports.isEmpty, "\(name): \(cpu.reports.prefix(3))")
        let d = try #require(ImageDifference(gpu.pixels, cpu.pixels), "\(name): sizes differ")
        print("differential \(name): max \(d.maximum * 255)/255, mean \(String(format: "%.4f", d.meanAbsolute * 255))/255")
        #expect(d.maximum <= tolerance / 255 + 1e-6,
                "\(name): \(d.maximum * 255)/255 at \(d.worstPixel), mean \(d.meanAbsolute * 255)/255")
    }

    @Test func everyStockEffectAgrees() throws {
        let pattern = try PNGFile.load(path: Self.root.appendingPathComponent("examples/images/test-pattern.png").path)
        let catalog = try EffectCatalog(paths: [Self.root.appendingPathComponent("Shaders").path])
        // The pattern averaged down 4× on the host (every feature, a sixteenth of the pixels, so
        // the CPU evaluator's debug build stays quick), drawn pixel for pixel: both backends get
        // the very same input bytes, since un-premultiplying effects (posterize) amplify any
        // difference in their input where alpha is small.
        let gallery = Gallery(pattern: Self.averagedDown(pattern, by: 4), catalog: catalog, scenes: [])
        let items = gallery.items()
        #expect(items.count >= 14)
        for item in items {
            let (view, size, options) = try item.make()
            let samples = item.kind == "layer" || item.kind == "distortion"
            try compare(item.name, view, size: size, options: options, tolerance: samples ? 2 : 1)
        }
    }

    static func averagedDown(_ image: PixelBuffer, by factor: Int) -> PixelBuffer {
        var out = PixelBuffer.blank(width: image.width / factor, height: image.height / factor, format: .rgba8Unorm)
        for y in 0..<out.height {
            for x in 0..<out.width {
                var sum = [Int](repeating: 0, count: 4)
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let i = ((y * factor + dy) * image.width + x * factor + dx) * 4
                        for c in 0..<4 { sum[c] += Int(image.bytes[i + c]) }
                    }
                }
                let n = factor * factor
                for c in 0..<4 { out.bytes[(y * out.width + x) * 4 + c] = UInt8((sum[c] + n / 2) / n) }
            }
        }
        return out
    }

    /// Kernels written to exercise what the stock effects barely touch.
    static let exercises = """
    int collatzSteps(int n) {
        int steps = 0;
        while (n != 1 && steps < 64) { n = (n & 1) == 0 ? n >> 1 : 3 * n + 1; steps++; }
        return steps;
    }

    vec3 hueRotate(vec3 rgb, float angle) {
        float c = cos(angle), s = sin(angle);
        mat3 m = mat3(0.213, 0.213, 0.213, 0.715, 0.715, 0.715, 0.072, 0.072, 0.072)
               + c * mat3(0.787, -0.213, -0.213, -0.715, 0.285, -0.715, -0.072, -0.072, 0.928)
               + s * mat3(-0.213, 0.143, -0.787, -0.715, 0.140, 0.715, 0.928, -0.283, 0.072);
        return clamp(m * rgb, 0.0, 1.0);
    }

    // Control flow, loops with break and continue, a switch, function calls, integer and bit
    // operations and a matrix, all driven by the pixel's position.
    [[ stitchable ]]
    vec4 exercise(vec2 position, vec4 color, float angle) {
        ivec2 p = ivec2(position);
        uint bits = uint(p.x * 73856093) ^ uint(p.y * 19349663);
        int ones = bitCount(bits);
        float acc = 0.0;
        for (int i = 0; i < 16; i++) {
            if ((bits & (1u << uint(i))) == 0u) continue;
            if (i > 12) break;
            acc += float(i) / 16.0;
        }
        switch (ones % 4) {
            case 0: acc *= 0.5; break;
            case 1: acc += 0.25;
            case 2: acc -= 0.125; break;
            default: acc = fract(acc * 3.0);
        }
        float steps = float(collatzSteps(1 + (p.x * 7 + p.y * 3) % 97)) / 64.0;
        if (color.a <= 0.0) return vec4(vec3(steps, fract(acc), float(findMSB(bits)) / 32.0) * 0.5, 0.5);
        vec3 rgb = hueRotate(color.rgb / color.a, angle + acc);
        return vec4(mix(rgb, vec3(steps), 0.25) * color.a, color.a);
    }

    // Anti-aliasing through derivatives: 2×2 quads on both backends.
    [[ stitchable ]]
    vec4 derivativeRing(vec2 position, vec2 center, float radius) {
        float d = abs(distance(position, center) - radius) - 3.0;
        float w = fwidth(d);
        float coverage = clamp(0.5 - d / max(w, 1e-4), 0.0, 1.0);
        vec2 slope = vec2(dFdx(position.x * position.y), dFdy(position.x + position.y * position.y));
        return vec4(fract(slope * 0.01), 0.5, 1.0) * coverage;
    }
    """

    @Test func dedicatedKernelsAgree() throws {
        let library = try ShaderLibrary(source: Self.exercises, name: "exercises.glsl")
        let pattern = try PNGFile.load(path: Self.root.appendingPathComponent("examples/images/test-pattern.png").path)
        let size = Size(width: Float(pattern.width), height: Float(pattern.height))
        let exercise = try library.exercise(.float(0.7))
        try compare("exercise", Image(pattern).colorEffect(exercise).node, size: size, options: RenderOptions(), tolerance: 1)

        let ring = try library.derivativeRing(.float2(61, 47), .float(30))
        try compare("derivativeRing", Rectangle().fill(ring).node, size: Size(width: 123, height: 97),
                    options: RenderOptions(), tolerance: 1)
    }
}
