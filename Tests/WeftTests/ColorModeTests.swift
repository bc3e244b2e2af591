import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

@Suite struct ColorModeTests {
    /// Black to white across 64 points: interpolated on sRGB-encoded values by default,
    /// on linear values inside a `.linear` drawing group (then encoded at the boundary).
    @Test(arguments: Backend.allCases)
    func gradientsInterpolateInTheGroupsMode(backend: Backend) throws {
        let ramp = try LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)
        let nonLinear = try render(Rectangle().fill(ramp), width: 64, height: 4, on: backend)
        let linear = try render(Rectangle().fill(ramp).drawingGroup(colorMode: .linear), width: 64, height: 4, on: backend)
        for x in [3, 16, 32, 47, 60] {
            let t = (Float(x) + 0.5) / 64
            expectClose(nonLinear[x, 2], Reference.quantize(SIMD4(t, t, t, 1)), "non-linear ramp at x=\(x)")
            let e = SRGB.encode(t)
            // RGBA16F in the group holds t to about 1e-3 before encoding, so allow 2/255.
            expectClose(linear[x, 2], Reference.quantize(SIMD4(e, e, e, 1)), within: 2.01 / 255, "linear ramp at x=\(x)")
        }
        #expect(linear[32, 2].x - nonLinear[32, 2].x > 0.2)
    }

    /// An extended sRGB color (red 1.5) survives an `.extendedLinear` group and a
    /// RGBA16F output, and is clamped by a `.linear` one.
    @Test(arguments: Backend.allCases)
    func extendedLinearKeepsValuesAboveOne(backend: Backend) throws {
        let bright = Color(red: 1.5, green: 0.5, blue: 0.25)
        let options = RenderOptions(outputFormat: .rgba16Float, workingColorMode: .extendedLinear)
        let extended = try render(Rectangle().fill(bright).drawingGroup(colorMode: .extendedLinear), width: 8, height: 8,
                                  on: backend, options: options)
        let clamped = try render(Rectangle().fill(bright).drawingGroup(colorMode: .linear), width: 8, height: 8,
                                 on: backend, options: options)
        let expected = SRGB.decode(1.5)
        #expect(expected > 2)
        #expect(abs(extended[4, 4].x - expected) < 0.01, "got \(extended[4, 4])")
        #expect(abs(extended[4, 4].y - SRGB.decode(0.5)) < 0.002)
        #expect(clamped[4, 4].x == 1)
    }

    @Test(arguments: Backend.allCases)
    func opaqueGroupsHaveAlphaOneEverywhere(backend: Backend) throws {
        let scene = ZStack {
            Circle().fill(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)).frame(width: 20, height: 20)
            Rectangle().fill(Color(red: 0, green: 0, blue: 1, alpha: 0.25)).frame(width: 10, height: 30)
        }.frame(width: 32, height: 32).drawingGroup(opaque: true, colorMode: .linear)
        let pixels = try render(scene, width: 32, height: 32, on: backend)
        for y in 0..<32 {
            for x in 0..<32 {
                #expect(pixels[x, y].w == 1, "alpha at (\(x), \(y))")
            }
        }
        // Outside both shapes the opaque layer is black; the circle's centre is its color over black.
        #expect(pixels[1, 1] == SIMD4(0, 0, 0, 1))
    }

    /// An opaque group's content lies over black in the group's own color mode: 50% red in a
    /// linear group is linear 0.5 over black, sRGB-encoded ≈ 188, not the sRGB mix 128.
    @Test(arguments: Backend.allCases)
    func opaqueLinearGroupsCompositeOverBlackInLinearLight(backend: Backend) throws {
        let half = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let linear = try render(Rectangle().fill(half).drawingGroup(opaque: true, colorMode: .linear), width: 4, height: 4, on: backend)
        expectClose(linear[2, 2], Reference.quantize(SIMD4(SRGB.encode(0.5), 0, 0, 1)), within: 2.01 / 255, "linear over black")
        #expect(abs(linear[2, 2].x * 255 - 188) <= 1, "\(linear[2, 2] * 255)")
        let nonLinear = try render(Rectangle().fill(half).drawingGroup(opaque: true), width: 4, height: 4, on: backend)
        expectClose(nonLinear[2, 2], Reference.quantize(SIMD4(0.5, 0, 0, 1)), "sRGB over black")
    }
}

@Suite struct ShapeTests {
    @Test(arguments: Backend.allCases)
    func circleCoverageHasTheRightAreaAndSymmetricEdges(backend: Backend) throws {
        let radius: Float = 20
        let size = 64
        let pixels = try render(Circle().fill(Color.white).frame(width: 2 * radius, height: 2 * radius),
                                width: Float(size), height: Float(size), on: backend)
        var area: Float = 0
        for y in 0..<size {
            for x in 0..<size {
                let a = pixels[x, y].w
                area += a
                #expect(a == pixels[size - 1 - x, y].w && a == pixels[x, size - 1 - y].w && a == pixels[y, x].w,
                        "asymmetric coverage at (\(x), \(y))")
            }
        }
        let exact = Float.pi * radius * radius
        #expect(abs(area - exact) / exact < 0.005, "area \(area), πr² = \(exact)")
        // Anti-aliased: the edge has partial coverage.
        #expect((1..<255).contains(Int((pixels[size / 2 + 20, size / 2].w * 255).rounded())) ||
                (1..<255).contains(Int((pixels[size / 2 + 19, size / 2].w * 255).rounded())))
    }

    @Test(arguments: Backend.allCases)
    func rotatedAndScaledShapesKeepTheirArea(backend: Backend) throws {
        let pixels = try render(Rectangle().fill(Color.white).frame(width: 20, height: 10).rotationEffect(.degrees(30)).scaleEffect(1.5),
                                width: 64, height: 64, on: backend)
        var area: Float = 0
        for y in 0..<64 { for x in 0..<64 { area += pixels[x, y].w } }
        let exact: Float = 20 * 10 * 1.5 * 1.5
        #expect(abs(area - exact) / exact < 0.01, "area \(area), expected \(exact)")
    }

    @Test(arguments: Backend.allCases)
    func hardShadowLiesBeneathAtItsOffset(backend: Backend) throws {
        let scene = Rectangle().fill(Color.white).frame(width: 10, height: 10)
            .shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 0, x: 6, y: 0)
        let pixels = try render(scene, width: 32, height: 32, on: backend)
        // Content at x 11..<21, shadow at 17..<27.
        expectClose(pixels[13, 16], SIMD4(1, 1, 1, 1), "content")
        expectClose(pixels[19, 16], SIMD4(1, 1, 1, 1), "content over its shadow")
        expectClose(pixels[24, 16], Reference.quantize(SIMD4(0, 0, 0, 0.5)), "shadow")
        expectClose(pixels[8, 16], .zero, "nothing")
    }

    @Test(arguments: Backend.allCases)
    func blurredShadowIsSymmetricAndSoft(backend: Backend) throws {
        let scene = Rectangle().fill(Color.white).frame(width: 10, height: 10).shadow(color: .black, radius: 6)
        let pixels = try render(scene.opacity(1), width: 48, height: 48, on: backend)
        // Outside the square only the shadow shows: it fades with distance, the same on both sides.
        let near = pixels[16, 24].w, far = pixels[12, 24].w
        #expect(near > far && far > 0, "near \(near), far \(far)")
        #expect(abs(pixels[31, 24].w - near) <= 1 / 255 && abs(pixels[24, 16].w - near) <= 1 / 255)
    }
}
