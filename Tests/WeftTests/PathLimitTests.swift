import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews

/// Long paths: a path of 200,000 segments is covered by exact area (its coverage sums to its area), and the limit on a
/// path's segments (`PathCoverage.maxSegments`, docs/paths.md) is exact: a path at it is planned, one past it refused by
/// name. Not timed: docs/benchmarks.md ("Long paths") has the times, from `Benchmarks/long-path.sh`.
struct PathLimitTests {
    /// A closed polygon of `segments` vertices on a horizontal line, running away from its start (so that closing it
    /// drops no vertex): every segment counts, none covers a pixel.
    static func flatPolygon(_ segments: Int) -> Path {
        var path = Path()
        path.move(to: Point(4, 4))
        for i in 1..<segments { path.addLine(to: Point(4 + 2 * Float(i) / Float(segments), 4)) }
        path.closeSubpath()
        return path
    }

    @Test func aPathAtTheSegmentLimitIsPlannedAndOnePastItIsRefused() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let size = Size(width: 8, height: 8)
        _ = try context.plan(Self.flatPolygon(PathCoverage.maxSegments).fill(Color.red), size: size)
        let pastTheLimit = Self.flatPolygon(PathCoverage.maxSegments + 1).fill(Color.red)
        let refusal = #expect(throws: RenderError.self) { try context.plan(pastTheLimit, size: size) }
        guard case .pathTooComplex(let segments, let limit)? = refusal else {
            Issue.record("not refused as too complex: \(String(describing: refusal))")
            return
        }
        #expect(segments == PathCoverage.maxSegments + 1 && limit == PathCoverage.maxSegments)
        #expect(RenderError.pathTooComplex(segments: 7, limit: 5).description.contains("simplify"))
    }

    /// A regular polygon of 200,000 vertices, radius 20 points, filled: every pixel's coverage is the polygon's area in
    /// it, so they sum to the polygon's area (within the 8-bit rounding of each pixel), the centre is covered and the
    /// corners are not.
    @Test(arguments: Backend.allCases)
    func aPathOf200000SegmentsIsCoveredByArea(backend: Backend) throws {
        let n = 200_000, radius: Double = 20
        var path = Path()
        for i in 0..<n {
            let t = 2 * Double.pi * Double(i) / Double(n)
            let p = Point(Float(24 + radius * cos(t)), Float(24 + radius * sin(t)))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        let pixels = try backend.makeContext().render(path.fill(Color.white), size: Size(width: 48, height: 48)).pixels
        var covered = 0.0, partial = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let alpha = Double(pixels[x, y].w)
                covered += alpha
                if alpha > 0, alpha < 1 { partial += 1 }
            }
        }
        let area = Double(n) / 2 * radius * radius * sin(2 * Double.pi / Double(n))
        #expect(abs(covered - area) <= Double(partial) * 0.5 / 255 + 1e-3, "covered \(covered), area \(area), \(partial) edge pixels")
        #expect(pixels[24, 24].w == 1 && pixels[0, 0].w == 0 && pixels[47, 47].w == 0)
    }

    /// A path hashes only some of its elements (so that a long path's lookup is cheap): two paths that differ only
    /// between those are still two paths, each drawn with its own coverage through one context's cache.
    @Test func pathsThatDifferOnlyBetweenTheHashedElementsAreDrawnApart() throws {
        // A 60-point square whose top edge runs through 20 vertices 3 points apart; `notched` pulls the fifth down to
        // y = 50 (element 4: the hash samples every third element, 0, 3, 6, …).
        func square(notched: Bool) -> Path {
            var path = Path()
            path.move(to: Point(2, 2))
            for i in 1...20 { path.addLine(to: Point(2 + 3 * Float(i), notched && i == 4 ? 50 : 2)) }
            path.addLine(to: Point(62, 62))
            path.addLine(to: Point(2, 62))
            path.closeSubpath()
            return path
        }
        let plain = square(notched: false), notched = square(notched: true)
        #expect(plain != notched && plain.hashValue == notched.hashValue)
        let context = try Backend.cpu.makeContext()
        let size = Size(width: 64, height: 64)
        let before = try context.render(plain.fill(Color.white), size: size).pixels
        let after = try context.render(notched.fill(Color.white), size: size).pixels
        // The notch is 2.5 points wide at y = 30 around x = 14: the pixel left of its middle is wholly inside it.
        #expect(before[13, 30].w == 1 && after[13, 30].w == 0)
        #expect(before[40, 30].w == 1 && after[40, 30].w == 1)
    }

    /// An arc of any sweep is at most one turn of curves, however large its angles (they once made a loop per turn).
    @Test func anArcOfHugeAnglesIsOneTurn() {
        for (start, end, clockwise) in [(Float(-1e30), Float(1e30), true), (-1e30, 1e30, false), (0, 720, false), (0, -7e20, true)] {
            var path = Path()
            path.addArc(center: Point(0, 0), radius: 10, startAngle: .degrees(start), endAngle: .degrees(end), clockwise: clockwise)
            #expect(path.elements.count <= 5, "\(start)…\(end)")
        }
    }
}
