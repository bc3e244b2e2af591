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

/// SwiftUI's Metal stitchable shaders, unchanged: the Metal twins of the stock effects (Tests/MetalTwins) render as
/// their GLSL originals (Shaders/) on each executor, and the Metal article's two examples (examples/metal) render what
/// their code says.
struct MetalShaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: Backend.allCases)
    func everyMetalTwinRendersAsItsGLSL(backend: Backend) throws {
        let context = try backend.makeContext()
        let pattern = try PNGFile.load(path: Self.root.appendingPathComponent("examples/images/test-pattern.png").path)
        let small = DifferentialTests.averagedDown(pattern, by: 4)
        let glsl = Gallery(pattern: small, catalog: try EffectCatalog(paths: [Self.root.appendingPathComponent("Shaders").path]), scenes: [])
        let metal = Gallery(pattern: small, catalog: try EffectCatalog(paths: [Self.root.appendingPathComponent("Tests/MetalTwins").path]),
                            scenes: [])
        let twins = Dictionary(uniqueKeysWithValues: metal.items().map { ($0.name, $0) })
        let originals = glsl.items()
        #expect(originals.count == 22)
        #expect(Set(twins.keys) == Set(originals.map(\.name)))
        for original in originals {
            let twin = try #require(twins[original.name], "no Metal twin of \(original.name)")
            #expect(twin.kind == original.kind, "\(original.name)")
            let (a, sizeA, optionsA) = try original.make()
            let (b, sizeB, optionsB) = try twin.make()
            let expected = try context.render(a, size: sizeA, options: optionsA)
            let rendered = try context.render(b, size: sizeB, options: optionsB)
            #expect(rendered.reports.isEmpty, "\(original.name): \(rendered.reports.prefix(3))")
            let d = try #require(ImageDifference(expected.pixels, rendered.pixels), "\(original.name): sizes differ")
            print("metal twin \(original.name) on \(backend): max \(d.maximum * 255)/255")
            #expect(d.maximum <= 1.0 / 255 + 1e-6, "\(original.name) on \(backend): \(d.maximum * 255)/255 at \(d.worstPixel)")
        }
    }

    /// A 64×48 opaque image whose colour changes with x and y, so every pixel says where it came from.
    static func ramp() -> PixelBuffer {
        var image = PixelBuffer.blank(width: 64, height: 48, format: .rgba8Unorm)
        for y in 0..<48 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                image.bytes[i] = UInt8(x * 4)
                image.bytes[i + 1] = UInt8(y * 5)
                image.bytes[i + 2] = UInt8((x * 7 + y * 3) % 256)
                image.bytes[i + 3] = 255
            }
        }
        return image
    }

    @Test(arguments: Backend.allCases)
    func theArticlesTinteRadialTintsTowardItsCentre(backend: Backend) throws {
        let library = try ShaderLibrary(path: Self.root.appendingPathComponent("examples/metal/tinteRadial.metal").path)
        let accent = SIMD4<Float>(1, 0.5, 0, 1)
        let shader = try library.tinteRadial(.float2(20, 16), .float(30), .float4(accent.x, accent.y, accent.z, accent.w))
        let input = Self.ramp()
        let rendered = try backend.makeContext().render(Image(input).colorEffect(shader), size: Size(width: 64, height: 48))
        #expect(rendered.reports.isEmpty)
        var worst: Float = 0
        for y in 0..<48 {
            for x in 0..<64 {
                // The article's rule: mix(color, acento * color.a, saturate(1 - distance / max(radio, 1))).
                let color = input[x, y]
                let d = ((Float(x) + 0.5 - 20) * (Float(x) + 0.5 - 20) + (Float(y) + 0.5 - 16) * (Float(y) + 0.5 - 16)).squareRoot() / 30
                let amount = min(max(1 - d, 0), 1)
                let expected = color + (accent * color.w - color) * amount
                let difference = rendered.pixels[x, y] - expected
                worst = max(worst, difference.max(), (-difference).max())
            }
        }
        #expect(worst <= 1.0 / 255 + 1e-4, "worst \(worst * 255)/255")
        // Full accent at the centre, the image untouched beyond the radius.
        #expect(rendered.pixels[19, 15].x > 0.95)
        #expect(rendered.pixels[60, 44] == input[60, 44])
    }

    /// The third article's TimelineView shine (`examples/shine-sweep.json`, `examples/metal/brilloBarrido.metal`): time and
    /// the view's measured size drive the band, whose centre crosses x + y = (-0.25 + 1.5 · fract(t / 2)) · (w + h) in the
    /// view's space; with reduce motion it stands still at progress 0.35.
    @Test(arguments: Backend.allCases)
    func theArticlesShineSweepsWithTimeAndStopsForReduceMotion(backend: Backend) throws {
        let scene = try Examples.load("shine-sweep.json")
        let context = try backend.makeContext()
        func render(_ time: Double, reduceMotion: Bool) throws -> PixelBuffer {
            let frame = scene.frame(at: time, caller: RenderOptions(frame: FrameContext(reduceMotion: reduceMotion)))
            let rendering = try context.render(frame.view, size: frame.size, options: frame.options)
            #expect(rendering.reports.isEmpty, "\(rendering.reports.prefix(3))")
            return rendering.pixels
        }
        // The 280×80 view is centred in 320×120: its origin is pixel (20, 20). Along its row y = 40.5 (pixel row 60) the
        // light is symmetric about the point where x + y meets the band's centre: the brightness centroid is there.
        func centroid(_ image: PixelBuffer) -> Float {
            let base = (20..<300).map { image[$0, 60].x }.min()!
            var sum: Float = 0, weight: Float = 0
            for x in 20..<300 {
                let w = image[x, 60].x - base
                sum += w * (Float(x) + 0.5)
                weight += w
            }
            return sum / weight
        }
        func expected(progress: Float) -> Float { (-0.25 + 1.5 * progress) * 360 - 40.5 + 20 }
        let half = try render(1.0, reduceMotion: false), later = try render(2.8, reduceMotion: false)
        #expect(abs(centroid(half) - expected(progress: 0.5)) <= 0.5, "\(centroid(half)) against \(expected(progress: 0.5))")
        #expect(abs(centroid(later) - expected(progress: 0.4)) <= 0.5, "\(centroid(later)) against \(expected(progress: 0.4))")
        let still = try render(0.3, reduceMotion: true)
        #expect(abs(centroid(still) - expected(progress: 0.35)) <= 0.5, "\(centroid(still)) against \(expected(progress: 0.35))")
        #expect(still.bytes == (try render(1.7, reduceMotion: true)).bytes)
    }

    @Test(arguments: Backend.allCases)
    func theArticlesPixeladoRepeatsEachBlocksCentre(backend: Backend) throws {
        let library = try ShaderLibrary(path: Self.root.appendingPathComponent("examples/metal/pixelado.metal").path)
        let shader = try library.pixelado(.float(8))
        let input = Self.ramp()
        let view = Image(input).layerEffect(shader, maxSampleOffset: Size(width: 4, height: 4))
        let rendered = try backend.makeContext().render(view, size: Size(width: 64, height: 48))
        #expect(rendered.reports.isEmpty)
        var mismatches = 0
        for y in 0..<48 {
            for x in 0..<64 {
                // floor(p / 8) * 8 + 4 is a texel corner: bilinear sampling there averages the four texels around it.
                let cx = x / 8 * 8 + 4, cy = y / 8 * 8 + 4
                var expected = SIMD4<Float>(repeating: 0)
                for (dx, dy) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] { expected += input[cx + dx, cy + dy] * 0.25 }
                let difference = rendered.pixels[x, y] - expected
                if max(difference.max(), (-difference).max()) > 1.0 / 255 + 1e-4 { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
