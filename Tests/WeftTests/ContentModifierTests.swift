import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftTestSupport
@testable import WeftViews

/// Clips, masks, overlays, backgrounds, borders, corner radii, blur and SwiftUI's color effects, on both executors.
@Suite struct ContentModifierTests {
    static let white = SIMD4<Float>(1, 1, 1, 1), clear = SIMD4<Float>.zero
    static let red = SIMD4<Float>(1, 0, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)
    static let pureRed = Color(red: 1, green: 0, blue: 0), pureBlue = Color(red: 0, green: 0, blue: 1)

    @Test(arguments: Backend.allCases)
    func clipShapeClippedAndCornerRadiusCutTheView(backend: Backend) throws {
        let circle = try render(Color.white.frame(width: 20, height: 20).clipShape(Circle()), width: 20, height: 20, on: backend)
        expectClose(circle[10, 10], Self.white, "inside the circle")
        expectClose(circle[0, 0], Self.clear, "outside the circle")
        let wide = Self.pureRed.frame(width: 40, height: 10).frame(width: 10, height: 10)
        let unclipped = try render(wide, width: 40, height: 20, on: backend)
        let clipped = try render(wide.clipped(), width: 40, height: 20, on: backend)
        expectClose(unclipped[5, 10], Self.red, "beyond the frame, unclipped")
        expectClose(clipped[5, 10], Self.clear, "beyond the frame, clipped")
        expectClose(clipped[20, 10], Self.red, "inside the frame, clipped")
        let rounded = try render(Color.white.frame(width: 20, height: 20).cornerRadius(8), width: 20, height: 20, on: backend)
        expectClose(rounded[0, 0], Self.clear, "a rounded corner")
        expectClose(rounded[10, 0], Self.white, "the top edge's middle")
        // An even-odd clip: a frame with a hole.
        var ring = Path()
        ring.addRect(Rect(x: 0, y: 0, width: 20, height: 20))
        ring.addRect(Rect(x: 5, y: 5, width: 10, height: 10))
        let holed = try render(Color.white.frame(width: 20, height: 20).clipShape(ring, rule: .evenOdd), width: 20, height: 20, on: backend)
        expectClose(holed[10, 10], Self.clear, "the even-odd hole")
        expectClose(holed[2, 10], Self.white, "the frame")
    }

    @Test(arguments: Backend.allCases)
    func aMaskKeepsTheViewInProportionToItsAlpha(backend: Backend) throws {
        let half = try render(Color.white.frame(width: 10, height: 10).mask(Color(white: 0, alpha: 0.5)), width: 10, height: 10, on: backend)
        expectClose(half[5, 5], Self.white * 0.5, "half the mask's alpha")
        let gradient = try LinearGradient(colors: [Color(white: 0, alpha: 1), Color(white: 0, alpha: 0)], startPoint: .leading, endPoint: .trailing)
        let faded = try render(Self.pureRed.frame(width: 40, height: 10).mask(gradient), width: 40, height: 10, on: backend)
        #expect(faded[2, 5].w > 0.9 && faded[37, 5].w < 0.1 && abs(faded[20, 5].w - 0.4875) < 0.02, "the mask's gradient")
    }

    @Test(arguments: Backend.allCases)
    func overlaysAndBackgroundsShareTheFrame(backend: Backend) throws {
        let view = Circle().fill(Self.pureRed).frame(width: 20, height: 20)
            .background(Self.pureBlue)
            .overlay(Color.white.frame(width: 4, height: 4), alignment: .topLeading)
        let image = try render(view, width: 20, height: 20, on: backend)
        expectClose(image[1, 1], Self.white, "the overlay at the top-leading corner")
        expectClose(image[18, 1], Self.blue, "the background in the circle's corner")
        expectClose(image[10, 10], Self.red, "the circle over the background")
        let card = try render(Color.clear.frame(width: 20, height: 20).background(Self.pureRed, in: RoundedRectangle(cornerRadius: 8)),
                              width: 20, height: 20, on: backend)
        expectClose(card[0, 0], Self.clear, "background(_:in:) keeps the shape's corner")
        expectClose(card[10, 10], Self.red, "background(_:in:) fills the shape")
    }

    @Test(arguments: Backend.allCases)
    func aBorderIsDrawnInsideTheFrame(backend: Backend) throws {
        let image = try render(Self.pureRed.frame(width: 20, height: 20).border(Self.pureBlue, width: 2), width: 20, height: 20, on: backend)
        expectClose(image[0, 10], Self.blue, "the border's outer pixel")
        expectClose(image[1, 10], Self.blue, "the border's inner pixel")
        expectClose(image[2, 10], Self.red, "inside the border")
        expectClose(image[19, 19], Self.blue, "the opposite corner")
    }

    @Test(arguments: Backend.allCases)
    func blurSpreadsAnEdgeByTheGaussianOfHalfTheRadius(backend: Backend) throws {
        // White on the left half of a 40-point square; blurred with radius 4 (σ = 2 points = 2 pixels).
        let view = HStack(spacing: 0) { Color.white.frame(width: 20, height: 40); Color.clear.frame(width: 20, height: 40) }.blur(radius: 4)
        let image = try render(view, width: 40, height: 40, on: backend)
        let weights = Blur.weights(sigma: 2, radius: Int(Blur.reach(sigma: 2)))
        let radius = weights.count / 2
        for x in [17, 19, 20, 22] {
            // Horizontal pass over columns 0…19, then the vertical pass over a row far from the top and bottom (unchanged).
            var expected: Float = 0
            for k in -radius...radius where (0..<20).contains(x + k) { expected += weights[k + radius] }
            expectNear(image[x, 20].w, expected, within: 1.5 / 255, "blurred alpha at x = \(x)")
        }
        expectNear(image[5, 20].w, 1, "far inside")
    }

    @Test(arguments: Backend.allCases)
    func colorEffectsFollowTheirFormulas(backend: Backend) throws {
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5), tone = Color(red: 0.2, green: 0.4, blue: 0.6)
        func pixel(_ view: some View) throws -> SIMD4<Float> { try render(view.frame(width: 4, height: 4), width: 4, height: 4, on: backend)[2, 2] }
        let q = Reference.quantize
        expectClose(try pixel(grey.brightness(0.2)), q(SIMD4(0.7, 0.7, 0.7, 1)), "brightness")
        expectClose(try pixel(Color(red: 0.75, green: 0.25, blue: 0.5).contrast(2)), q(SIMD4(1, 0, 0.5, 1)), "contrast")
        let luma: Float = 0.2126 * 0.2 + 0.7152 * 0.4 + 0.0722 * 0.6
        expectClose(try pixel(tone.saturation(0)), q(SIMD4(luma, luma, luma, 1)), "saturation")
        expectClose(try pixel(tone.grayscale(1)), q(SIMD4(luma, luma, luma, 1)), "grayscale")
        expectClose(try pixel(tone.colorMultiply(Color(red: 1, green: 0.5, blue: 0))), q(SIMD4(0.2, 0.2, 0, 1)), "colorMultiply")
        expectClose(try pixel(tone.colorInvert()), q(SIMD4(0.8, 0.6, 0.4, 1)), "colorInvert")
        let lum: Float = 0.2125 * 0.2 + 0.7154 * 0.4 + 0.0721 * 0.6
        expectClose(try pixel(tone.luminanceToAlpha()), q(SIMD4(0, 0, 0, lum)), "luminanceToAlpha")
        // Hue rotation by 360° is the identity; by 180° it follows the W3C matrix.
        expectClose(try pixel(tone.hueRotation(.degrees(360))), q(SIMD4(0.2, 0.4, 0.6, 1)), "hueRotation 360°")
        let c: Float = -1, s: Float = 0
        let r = (0.213 + c * 0.787 - s * 0.213) * 0.2 + (0.715 - c * 0.715 - s * 0.715) * 0.4 + (0.072 - c * 0.072 + s * 0.928) * 0.6
        let g = (0.213 - c * 0.213 + s * 0.143) * 0.2 + (0.715 + c * 0.285 + s * 0.140) * 0.4 + (0.072 - c * 0.072 - s * 0.283) * 0.6
        let b = (0.213 - c * 0.213 - s * 0.787) * 0.2 + (0.715 - c * 0.715 + s * 0.715) * 0.4 + (0.072 + c * 0.928 + s * 0.072) * 0.6
        expectClose(try pixel(tone.hueRotation(.degrees(180))), q(SIMD4(r, g, b, 1)), "hueRotation 180°")
    }

    @Test func colorEffectsStitchLikeAnyOther() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let view = Color(red: 0.2, green: 0.4, blue: 0.6).frame(width: 8, height: 8).brightness(0.1).contrast(1.2).saturation(0.5).hueRotation(.degrees(30))
        let planned = try context.plan(view, size: Size(width: 8, height: 8), options: RenderOptions(fusion: true))
        #expect(planned.plan.passes.map(\.kernel.name).contains("brightness+contrast+saturation+hueRotation"))
    }
}
