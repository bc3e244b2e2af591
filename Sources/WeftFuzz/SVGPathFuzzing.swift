import WeftPlanner
import WeftViews

/// SVG path data as a scene's `path` view reads it (`Path(svgData:)`), then filled and stroked — dashed, with square
/// caps and miter joins — and covered (`PathCoverage`) on a 64×64 grid, so the flattener, stroker and coverage see every
/// parsed outline.
enum SVGPathFuzzing {
    static func run(_ bytes: [UInt8]) -> Result<Int, SVGPathError> {
        Result { () throws(SVGPathError) in
            let path = try Path(svgData: String(decoding: bytes, as: UTF8.self))
            var covered = 0
            let shapes = [PathShape(outline: .fixed(path), rule: .evenOdd),
                          PathShape(outline: .fixed(path), trimFrom: 0.1, trimTo: 0.9,
                                    stroke: StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .miter, miterLimit: 4, dash: [5, 2]))]
            for shape in shapes {
                let (polygons, rule) = shape.polygons(size: SIMD2(64, 64), through: .identity, tolerance: 0.05)
                // Bounded work: outlines with absurd numbers of pieces are cut short rather than covered for minutes.
                guard polygons.reduce(0, { $0 + $1.points.count }) <= 2_000 else { continue }
                if let coverage = PathCoverage(polygons: polygons, rule: rule, limit: SIMD2(64, 64)) {
                    covered += coverage.values.count
                }
            }
            return covered
        }
    }
}
