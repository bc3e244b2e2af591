import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

@Suite struct EffectTests {
    @Test(arguments: Backend.allCases)
    func anImageAtScaleRendersPixelForPixel(backend: Backend) throws {
        let image = try Image(testImage(), scale: 2)
        #expect(image.size == Size(width: 2, height: 1))
        let pixels = try render(image, width: 2, height: 1, on: backend, options: RenderOptions(scale: 2))
        #expect(pixels == testImage())
    }

    @Test(arguments: Backend.allCases)
    func layerEffectChainGrowsPaddingAndKeepsTheInputSizeUnlessAsked(backend: Backend) throws {
        let image = try Image(testImage(), scale: 2)
        let view = image.layerEffect(try TestKernels.shift(1), maxSampleOffset: Size(width: 1, height: 0))
            .layerEffect(try TestKernels.shift(0.5), maxSampleOffset: Size(width: 0.5, height: 0))
        let context = try backend.makeContext()
        let clipped = try context.render(view, size: image.size, options: RenderOptions(scale: 2))
        #expect(clipped.pixels.width == 4 && clipped.pixels.height == 2)
        // Shifted right by 1.5 points = 3 pixels: only the first red column... is now at x=3.
        expectClose(clipped.pixels[0, 0], .zero, "moved away")
        expectClose(clipped.pixels[3, 0], SIMD4(1, 0, 0, 1), "red, shifted by three pixels")

        let kept = try context.render(view, size: image.size, options: RenderOptions(scale: 2, keepOverflow: true))
        // Padding 1 + 0.5 points on each side: 4 + 2·3 pixels wide.
        #expect(kept.pixels.width == 10 && kept.pixels.height == 2)
        #expect(kept.origin == SIMD2(-1.5, 0))
        for x in 0..<10 {
            let source = x - 3 - 3   // output pixel x shows input pixel x - 3 (padding) - 3 (shift)
            let expected: SIMD4<Float> = (0..<4).contains(source) ? testImage()[source, 0] : .zero
            expectClose(kept.pixels[x, 1], expected, "overflow pixel \(x)")
        }
    }

    @Test(arguments: Backend.allCases)
    func colorEffectsActOnTheComposedContent(backend: Backend) throws {
        // Inverting the group: the overlap shows the inverted top square, not a mix of inverted squares.
        let pixels = try render(threeSquares().colorEffect(try TestKernels.invert()), width: 40, height: 24, on: backend)
        expectClose(pixels[15, 12], SIMD4(1, 0, 1, 1), "inverted green")
        expectClose(pixels[35, 12], SIMD4(1, 1, 0, 1), "inverted blue")
        expectClose(pixels[20, 0], .zero, "transparent stays transparent")
    }

    @Test(arguments: Backend.allCases)
    func opacityAfterAnEffectAppliesToItsResult(backend: Backend) throws {
        let pixels = try render(threeSquares().colorEffect(try TestKernels.invert()).opacity(0.5), width: 40, height: 20, on: backend)
        expectClose(pixels[15, 10], Reference.quantize(SIMD4(0.5, 0, 0.5, 0.5)), "faded inverted green")
    }
}
