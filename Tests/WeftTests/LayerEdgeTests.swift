import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// `sampleLayer` (and a distortion's sample) is transparent outside the padded layer, as
/// SwiftUI's `layer.sample` is: edge texels fade out over the half texel beyond the edge, as a
/// clamp-to-border sampler with a transparent border filters them, and farther out is nothing.
@Suite struct LayerEdgeTests {
    static let source = """
    [[ stitchable ]] vec4 sampleAway(vec2 position, Layer layer, vec2 offset) {
        return sampleLayer(layer, position + offset);
    }
    [[ stitchable ]] vec2 lookAway(vec2 position, vec2 offset) {
        return position + offset;
    }
    """
    static let library: ShaderLibrary = {
        do { return try ShaderLibrary(source: source, name: "edges.glsl", cache: SPIRVCache(directory: nil)) } catch {
            fatalError("edge shaders: \(error)")
        }
    }()

    /// 4×2 opaque pixels, each a different color.
    static let image: PixelBuffer = {
        var p = PixelBuffer.blank(width: 4, height: 2, format: .rgba8Unorm)
        for y in 0..<2 {
            for x in 0..<4 { p[x, y] = SIMD4(Float(x + 1) * 0.2, Float(y) * 0.6 + 0.2, 0.6, 1) }
        }
        return p
    }()

    static func sampled(_ offset: SIMD2<Float>, padding: Float = 0, distortion: Bool = false, on backend: Backend) throws -> Rendering {
        let shader = try library.shader(distortion ? "lookAway" : "sampleAway", [.float2(offset.x, offset.y)])
        let pad = Size(width: padding, height: padding)
        let view: ViewNode = distortion ? Image(image).distortionEffect(shader, maxSampleOffset: pad).node
            : Image(image).layerEffect(shader, maxSampleOffset: pad).node
        return try backend.makeContext().render(view, size: Size(width: 4, height: 2),
                                                options: RenderOptions(keepOverflow: padding > 0))
    }

    @Test(arguments: Backend.allCases)
    func farSamplesOnEverySideAreTransparent(backend: Backend) throws {
        let away: [SIMD2<Float>] = [[100, 0], [-100, 0], [0, 100], [0, -100], [100, 100], [-100, 100], [100, -100], [-100, -100]]
        for offset in away {
            for distortion in [false, true] {
                let pixels = try Self.sampled(offset, distortion: distortion, on: backend).pixels
                for y in 0..<2 {
                    for x in 0..<4 {
                        #expect(pixels[x, y] == .zero, "offset \(offset), distortion \(distortion), pixel (\(x), \(y)): \(pixels[x, y])")
                    }
                }
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func farSamplesBeyondThePaddingAreTransparent(backend: Backend) throws {
        let rendering = try Self.sampled([100, -100], padding: 2, on: backend)
        #expect(rendering.pixels.width == 8 && rendering.pixels.height == 6)
        for y in 0..<6 {
            for x in 0..<8 { #expect(rendering.pixels[x, y] == .zero, "pixel (\(x), \(y))") }
        }
    }

    /// (offset, output pixel, the texel it fades, the weight left of it).
    static let fades: [(offset: SIMD2<Float>, pixel: (Int, Int), texel: (Int, Int), weight: Float)] = [
        ([0.25, 0], (3, 0), (3, 0), 0.75),     // right edge
        ([0.25, 0], (3, 1), (3, 1), 0.75),
        ([-0.25, 0], (0, 1), (0, 1), 0.75),    // left edge
        ([0, 0.25], (2, 1), (2, 1), 0.75),     // bottom edge
        ([0, -0.25], (1, 0), (1, 0), 0.75),    // top edge
        ([0.25, 0.25], (3, 1), (3, 1), 0.5625), // bottom-right corner
        ([-0.25, -0.25], (0, 0), (0, 0), 0.5625), // top-left corner
        ([0.25, -0.25], (3, 0), (3, 0), 0.5625), // top-right corner
        ([-0.25, 0.25], (0, 1), (0, 1), 0.5625), // bottom-left corner
        ([1, 0], (3, 0), (3, 0), 0),           // a whole texel out: nothing left
        ([0, -1], (2, 0), (2, 0), 0),
        ([1, 0], (2, 1), (3, 1), 1),           // the edge texel itself, whole
    ]

    @Test(arguments: Backend.allCases)
    func edgeTexelsFadeOverHalfATexelAsClampToBorderFilters(backend: Backend) throws {
        for fade in Self.fades {
            for distortion in [false, true] {
                let pixels = try Self.sampled(fade.offset, distortion: distortion, on: backend).pixels
                let expected = Self.image[fade.texel.0, fade.texel.1] * fade.weight
                expectClose(pixels[fade.pixel.0, fade.pixel.1], expected, within: 1.5 / 255,
                            "offset \(fade.offset), distortion \(distortion), pixel \(fade.pixel)")
            }
        }
    }

    /// Both executors agree across the fade, at fractional offsets and a scale that puts pixel
    /// centres between texel centres (2/255, the differential tests' bound where bilinear
    /// sampling is involved).
    @Test(.requiresVulkan)
    func bothExecutorsAgreeAcrossTheFade() throws {
        let steps: [Float] = [-1.75, -0.6, -0.25, 0.1, 0.5, 1.3]
        for dx in steps {
            for dy in steps {
                let shader = try Self.library.shader("sampleAway", [.float2(dx, dy)])
                let view = Image(Self.image).layerEffect(shader, maxSampleOffset: Size(width: 1, height: 1))
                let options = RenderOptions(scale: 3, keepOverflow: true)
                let gpu = try Backend.vulkan.makeContext().render(view, size: Size(width: 4, height: 2), options: options)
                let cpu = try Backend.cpu.makeContext().render(view, size: Size(width: 4, height: 2), options: options)
                let d = try #require(ImageDifference(gpu.pixels, cpu.pixels))
                #expect(d.maximum <= 2 / 255 + 1e-6, "offset (\(dx), \(dy)): \(d.maximum * 255)/255 at \(d.worstPixel)")
            }
        }
    }
}
