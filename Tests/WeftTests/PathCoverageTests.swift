import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftTestSupport
@testable import WeftViews

/// An independent reference: the area of a polygon inside one pixel square, by clipping (Sutherland–Hodgman) and the
/// shoelace formula, in double precision.
enum ExactArea {
    static func inPixel(_ polygon: [SIMD2<Double>], x: Int, y: Int) -> Double {
        var poly = polygon
        let x0 = Double(x), y0 = Double(y)
        let planes: [(SIMD2<Double>) -> Double] = [{ $0.x - x0 }, { x0 + 1 - $0.x }, { $0.y - y0 }, { y0 + 1 - $0.y }]
        for plane in planes {
            var out: [SIMD2<Double>] = []
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let da = plane(a), db = plane(b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) { out.append(a + (b - a) * (da / (da - db))) }
            }
            poly = out
            if poly.isEmpty { return 0 }
        }
        return abs(shoelace(poly))
    }

    static func shoelace(_ p: [SIMD2<Double>]) -> Double {
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    /// The area of the disc about `c` of radius `r` inside the pixel, by integrating chord lengths (Simpson, fine steps).
    static func discInPixel(center c: SIMD2<Double>, radius r: Double, x: Int, y: Int) -> Double {
        let steps = 2000
        func chord(_ px: Double) -> Double {
            let dx = px - c.x
            guard abs(dx) < r else { return 0 }
            let h = (r * r - dx * dx).squareRoot()
            return max(0, min(c.y + h, Double(y + 1)) - max(c.y - h, Double(y)))
        }
        var sum = 0.0
        let step = 1.0 / Double(steps)
        for i in 0...steps {
            let w: Double = i == 0 || i == steps ? 1 : (i % 2 == 1 ? 4 : 2)
            sum += w * chord(Double(x) + Double(i) * step)
        }
        return sum * step / 3
    }
}

func points(_ p: [SIMD2<Double>]) -> [Point] { p.map { Point(Float($0.x), Float($0.y)) } }

/// A custom shape that is an ellipse in frames narrower than `threshold` and a rectangle in the others: two of them with
/// thresholds above 100 draw one path in the 100-point frame `CustomOutline`'s equality compares, and different ones
/// in a frame between their thresholds.
struct ThresholdShape: Shape {
    var threshold: Float
    func path(in rect: Rect) -> Path {
        var path = Path()
        if rect.width < threshold { path.addEllipse(in: rect) } else { path.addRect(rect) }
        return path
    }

    /// The shape filled blue in a 130 × 40 frame, centred on a 140 × 50 canvas.
    func view() -> ViewNode { fill(Color.blue).frame(width: 130, height: 40).node }
    static let canvas = Size(width: 140, height: 50)

    /// Whether `pixels` (of `view()`) hold the rectangle: its corner inked, which the ellipse leaves clear.
    static func isRectangle(_ pixels: PixelBuffer) -> Bool { pixels[7, 7].w > 0.9 }
}

@Suite struct PathCoverageTests {
    static let triangle: [SIMD2<Double>] = [SIMD2(3.3, 2.7), SIMD2(27.6, 9.15), SIMD2(8.45, 26.2)]

    @Test(arguments: Backend.allCases)
    func polygonCoverageIsItsExactAreaInEveryPixel(backend: Backend) throws {
        let path = Path { $0.addLines(points(Self.triangle)); $0.closeSubpath() }
        let image = try render(path.fill(Color.white), width: 30, height: 30, on: backend)
        var worst = 0.0
        for y in 0..<30 {
            for x in 0..<30 {
                worst = max(worst, abs(Double(image[x, y].w) - ExactArea.inPixel(Self.triangle, x: x, y: y)))
            }
        }
        #expect(worst <= 0.5 / 255 + 1e-6, "largest coverage error \(worst * 255)/255")
    }

    @Test(arguments: Backend.allCases)
    func circleCoverageMatchesTheDiscArea(backend: Backend) throws {
        let image = try render(Circle().fill(Color.white, rule: .nonZero).frame(width: 21, height: 21), width: 25, height: 25, on: backend)
        var worst = 0.0
        for y in 0..<25 {
            for x in 0..<25 {
                let exact = ExactArea.discInPixel(center: SIMD2(12.5, 12.5), radius: 10.5, x: x, y: y)
                worst = max(worst, abs(Double(image[x, y].w) - exact))
            }
        }
        // Flattened within 0.005 px and a cubic circle within 0.03% of its radius: each pixel's area is within 0.01 of the disc's, plus 8-bit rounding.
        #expect(worst <= 1.5 / 255, "largest coverage error \(worst * 255)/255")
    }

    @Test(arguments: Backend.allCases)
    func fillRulesDecideOverlapsAndHoles(backend: Backend) throws {
        // Two squares wound the same way overlapping in 10…20, and a square inside a square wound against it.
        var overlap = Path()
        overlap.addRect(Rect(x: 0, y: 0, width: 20, height: 20))
        overlap.addRect(Rect(x: 10, y: 10, width: 20, height: 20))
        var ring = Path()
        ring.addRect(Rect(x: 0, y: 0, width: 30, height: 30))
        ring.addLines([Point(10, 10), Point(10, 20), Point(20, 20), Point(20, 10)])
        ring.closeSubpath()
        for (rule, overlapCovered) in [(FillRule.nonZero, true), (.evenOdd, false)] {
            let a = try render(overlap.fill(Color.white, rule: rule), width: 30, height: 30, on: backend)
            #expect(a[15, 15].w == (overlapCovered ? 1 : 0), "\(rule): overlap")
            #expect(a[5, 5].w == 1 && a[25, 25].w == 1 && a[25, 5].w == 0, "\(rule): outside the overlap")
            let r = try render(ring.fill(Color.white, rule: rule), width: 30, height: 30, on: backend)
            #expect(r[15, 15].w == 0 && r[5, 5].w == 1, "\(rule): a hole wound against the outline")
        }
    }

    @Test(arguments: Backend.allCases)
    func strokeCapsJoinsAndDashesCoverTheirExactOutline(backend: Backend) throws {
        func strokeAlpha(_ style: StrokeStyle, _ p: Path) throws -> PixelBuffer {
            try render(p.stroke(Color.white, style: style), width: 40, height: 40, on: backend)
        }
        let line = Path { $0.move(to: Point(10, 20)); $0.addLine(to: Point(30, 20)) }
        // Width 5 about y = 20: rows 18 and 22 half covered, butt ends at x = 10 and 30.
        let butt = try strokeAlpha(StrokeStyle(lineWidth: 5), line)
        expectNear(butt[20, 20].w, 1, "butt middle")
        expectNear(butt[20, 17].w, 0.5, "butt edge row")
        expectNear(butt[9, 20].w, 0, "butt does not pass its end")
        let square = try strokeAlpha(StrokeStyle(lineWidth: 5, lineCap: .square), line)
        expectNear(square[8, 20].w, 1, "square cap reaches 2.5 past the end")
        expectNear(square[7, 20].w, 0.5, "square cap ends mid-pixel")
        let round = try strokeAlpha(StrokeStyle(lineWidth: 5, lineCap: .round), line)
        let disc = ExactArea.discInPixel(center: SIMD2(10, 20), radius: 2.5, x: 7, y: 18)
        expectNear(round[7, 18].w, Float(disc), within: 1.5 / 255, "round cap is the disc")
        // A right-angle corner at (30, 10): the miter fills the outer corner square, the bevel cuts it diagonally.
        let corner = Path { $0.move(to: Point(10, 10)); $0.addLine(to: Point(30, 10)); $0.addLine(to: Point(30, 30)) }
        let miter = try strokeAlpha(StrokeStyle(lineWidth: 4, lineJoin: .miter), corner)
        expectNear(miter[31, 8].w, 1, "miter fills the corner")
        let bevel = try strokeAlpha(StrokeStyle(lineWidth: 4, lineJoin: .bevel), corner)
        let bevelTriangle: [SIMD2<Double>] = [SIMD2(30, 10), SIMD2(30, 8), SIMD2(32, 10)]
        expectNear(bevel[31, 8].w, Float(ExactArea.inPixel(bevelTriangle, x: 31, y: 8) + ExactArea.inPixel([SIMD2(30, 8), SIMD2(30, 10), SIMD2(28, 10), SIMD2(28, 8)], x: 31, y: 8)),
                   "bevel cuts the corner")
        let limited = try strokeAlpha(StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 1.2), corner)
        expectNear(limited[31, 8].w, bevel[31, 8].w, "a miter past its limit is bevelled")
        // Dashes 4 on, 4 off from x = 10: on over 10…14, off over 14…18.
        let dashed = try strokeAlpha(StrokeStyle(lineWidth: 4, dash: [4, 4]), line)
        expectNear(dashed[12, 20].w, 1, "first dash")
        expectNear(dashed[16, 20].w, 0, "first gap")
        expectNear(dashed[20, 20].w, 1, "second dash")
        let shifted = try strokeAlpha(StrokeStyle(lineWidth: 4, dash: [4, 4], dashPhase: 4), line)
        expectNear(shifted[12, 20].w, 0, "a phase of 4 starts with the gap")
    }

    /// A stroke filled with a gradient covers what the same stroke in a solid color covers: the layer the gradient fills
    /// reaches as far as the stroke (a mitre reaches the miter limit times half the width past its corner), not only the
    /// path's frame and points grown by the line's width.
    @Test(arguments: Backend.allCases)
    func aGradientStrokeCoversWhatASolidStrokeCovers(backend: Backend) throws {
        // A sharp corner at (20, 20) of a path in a frame 20 wide: its mitre (1 / sin 7.1° ≈ 8.1 half-widths) reaches
        // x = 36, 12 past the frame and the points grown by the width. On the canvas the frame stands at x = 20.
        let chevron = Path { p in
            p.move(to: Point(4, 18))
            p.addLine(to: Point(20, 20))
            p.addLine(to: Point(4, 22))
        }
        let style = StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 10)
        let white = Color(white: 1, alpha: 1)
        let solid = try render(chevron.stroke(white, style: style).frame(width: 20, height: 40), width: 60, height: 40, on: backend)
        let flat = try LinearGradient(colors: [white, white], startPoint: .leading, endPoint: .trailing)
        let graded = try render(chevron.stroke(flat, style: style).frame(width: 20, height: 40), width: 60, height: 40, on: backend)
        #expect(solid[47, 20].w > 0.9, "the mitre reaches x = 47 on the canvas")
        var differing: [SIMD2<Int>] = []
        for y in 0..<40 {
            for x in 0..<60 where abs(solid[x, y].w - graded[x, y].w) > 1.01 / 255 { differing.append(SIMD2(x, y)) }
        }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, the first \(differing.prefix(4))")
    }

    /// A stroke reaches half its width outside its frame (a rectangle's mitred corners √2 times that): under a shadow,
    /// drawn through a layer of its own, it keeps that outer half and casts it.
    /// Custom shapes are covered by the outline they draw at their size: two that draw one path only in the frame their
    /// equality compares each draw their own, whichever was drawn first (the coverage cache keyed them as one).
    @Test func customShapesThatMatchInTheReferenceFrameDrawTheirOwnPaths() throws {
        let context = RenderContext(executor: try BackendFactory.executor(for: .cpu))
        let ellipse = try context.render(ThresholdShape(threshold: 150).view(), size: ThresholdShape.canvas).pixels
        let rectangle = try context.render(ThresholdShape(threshold: 120).view(), size: ThresholdShape.canvas).pixels
        #expect(!ThresholdShape.isRectangle(ellipse) && ThresholdShape.isRectangle(rectangle))
    }

    @Test(arguments: Backend.allCases)
    func aStrokeUnderAShadowKeepsItsOuterHalf(backend: Backend) throws {
        let red = Color(red: 1, green: 0, blue: 0)
        for shape in [Circle().stroke(red, lineWidth: 10).node, Rectangle().stroke(red, lineWidth: 10).node] {
            let plain = try render(shape.frame(width: 40, height: 40), width: 64, height: 64, on: backend)
            let shadowed = try render(shape.frame(width: 40, height: 40).shadow(color: Color(red: 0, green: 0, blue: 1), radius: 0, x: 3, y: 0),
                                      width: 64, height: 64, on: backend)
            // The frame spans 12…52; the stroke 7…57 (its corners beyond), over its shadow moved 3 right.
            #expect(plain[8, 32].w > 0.99 && plain[8, 32].x > 0.99, "the stroke's outer half, left of the frame")
            var differing = 0
            for y in 0..<64 {
                for x in 0..<64 where plain[x, y].w > 0.99 && abs(shadowed[x, y].x - plain[x, y].x) > 1.01 / 255 { differing += 1 }
            }
            #expect(differing == 0, "\(differing) pixels of the stroke differ under the shadow")
            #expect(shadowed[59, 32].z > 0.99, "the shadow of the outer half, right of the stroke")
        }
    }

    @Test(arguments: Backend.allCases)
    func trimKeepsTheFractionOfTheOutlineFromTheTrailingPoint(backend: Backend) throws {
        // A circle of radius 15 about (20, 20), trimmed to its first quarter: from 3 o'clock clockwise to 6 o'clock.
        let ring = Circle().trim(from: 0, to: 0.25).stroke(Color.white, lineWidth: 4).frame(width: 30, height: 30)
        let image = try render(ring, width: 40, height: 40, on: backend)
        let at45 = SIMD2<Int>(20 + Int(15 * 0.7071), 20 + Int(15 * 0.7071))
        expectNear(image[at45.x, at45.y].w, 1, "on the kept quarter")
        expectNear(image[5, 20].w, 0, "9 o'clock is trimmed away")
        expectNear(image[20, 5].w, 0, "12 o'clock is trimmed away")
        let full = try render(Circle().stroke(Color.white, lineWidth: 4).frame(width: 30, height: 30), width: 40, height: 40, on: backend)
        expectNear(full[5, 20].w, 1, "untrimmed, 9 o'clock is drawn")
    }

    @Test func trimInterpolatesDuringAChange() throws {
        let from = Circle().trim(from: 0, to: 0.2).stroke(Color.white, lineWidth: 4).node
        let to = Circle().trim(from: 0, to: 0.8).stroke(Color.white, lineWidth: 8).node
        let mid = Interpolation.between(from, to, progress: 0.5)
        guard case .shape(.path(let shape), _) = mid.kind else {
            Issue.record("the interpolated view is not one path shape: \(mid.kind)")
            return
        }
        #expect(abs(shape.trimTo - 0.5) < 1e-6 && abs((shape.stroke?.lineWidth ?? 0) - 6) < 1e-6)
    }

    @Test(arguments: Backend.allCases)
    func gradientFillsFollowTheCoverage(backend: Backend) throws {
        let gradient = try LinearGradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                          startPoint: .leading, endPoint: .trailing)
        let path = Path { $0.addLines(points(Self.triangle)); $0.closeSubpath() }
        let image = try render(path.fill(gradient), width: 30, height: 30, on: backend)
        for (x, y) in [(10, 10), (5, 4), (20, 10), (9, 24)] {
            let exact = Float(ExactArea.inPixel(Self.triangle, x: x, y: y))
            expectNear(image[x, y].w, exact, "coverage at (\(x), \(y))")
        }
        #expect(image[8, 8].x > image[8, 8].z && image[18, 10].z > image[18, 10].x * 0.5, "red leading, blue trailing")
    }

    @Test func bothExecutorsDrawPathsAlike() throws {
        try VulkanAvailability.require()
        var star = Path()
        for i in 0..<5 {
            let a = Float(i) * 4 * .pi / 5 - .pi / 2
            let p = Point(32 + 28 * cos(a), 32 + 28 * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        let gradient = try RadialGradient(colors: [Color(red: 1, green: 0.8, blue: 0), Color(red: 0.9, green: 0.1, blue: 0.3)], endRadius: 30)
        let view = ZStack {
            star.fill(gradient, rule: .evenOdd)
            star.stroke(Color(red: 0.1, green: 0.2, blue: 0.9), style: StrokeStyle(lineWidth: 2.5, lineCap: .round, lineJoin: .round, dash: [6, 3]))
            Circle().trim(from: 0.1, to: 0.7).stroke(Color.white, lineWidth: 3).frame(width: 40, height: 40).rotationEffect(.degrees(30))
        }
        let cpu = try render(view, width: 64, height: 64, on: .cpu)
        let gpu = try render(view, width: 64, height: 64, on: .vulkan)
        var worst: Float = 0
        for y in 0..<64 { for x in 0..<64 { worst = max(worst, (cpu[x, y] - gpu[x, y]).abs().max()) } }
        #expect(worst <= 1.01 / 255, "largest difference \(worst * 255)/255")
    }
}

extension SIMD4<Float> {
    func abs() -> SIMD4<Float> { SIMD4(Swift.abs(x), Swift.abs(y), Swift.abs(z), Swift.abs(w)) }
}

func expectNear(_ actual: Float, _ expected: Float, within tolerance: Float = 1.01 / 255, _ what: String,
                sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Swift.abs(actual - expected) <= tolerance, "\(what): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
}
