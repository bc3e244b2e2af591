import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

func render(_ view: some View, width: Float, height: Float, on backend: Backend,
            options: RenderOptions = RenderOptions()) throws -> PixelBuffer {
    try backend.makeContext().render(view, size: Size(width: width, height: height), options: options).pixels
}

func expectClose(_ actual: SIMD4<Float>, _ expected: SIMD4<Float>, within tolerance: Float = 1.01 / 255,
                 _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    let diff = actual - expected
    let error = (0..<4).map { abs(diff[$0]) }.max()!
    #expect(error <= tolerance, "\(what()): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
}

/// Three 20×20 squares overlapping by 10 points: red, green, blue from left to right.
func threeSquares() -> ZStack {
    ZStack {
        Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 20, height: 20).offset(x: -10)
        Rectangle().fill(Color(red: 0, green: 1, blue: 0)).frame(width: 20, height: 20)
        Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 20, height: 20).offset(x: 10)
    }
}

/// Expected pixels of `threeSquares()` at x = 5 (red only), 15 (red+green), 25 (green+blue), 35 (blue only).
enum ThreeSquares {
    static let red = SIMD4<Float>(1, 0, 0, 1), green = SIMD4<Float>(0, 1, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)
    static let columns = [5, 15, 25, 35]

    /// Opacity reaching each square separately: each drawn at `a` over the ones before.
    static func perChild(_ a: Float) -> [SIMD4<Float>] {
        let over = Reference.over
        return [red * a, over(green * a, red * a), over(blue * a, green * a), blue * a].map(Reference.quantize)
    }

    /// Opacity once on the composed squares: the later square wins each overlap, then faded.
    static func group(_ a: Float) -> [SIMD4<Float>] {
        [red, green, blue, blue].map { Reference.quantize($0 * a) }
    }
}

@Suite struct CompositingTests {
    @Test(arguments: Backend.allCases)
    func opacityReachesEachChildUnlessGrouped(backend: Backend) throws {
        let perChild = try render(threeSquares().opacity(0.5), width: 40, height: 20, on: backend)
        let grouped = try render(threeSquares().compositingGroup().opacity(0.5), width: 40, height: 20, on: backend)
        for (i, x) in ThreeSquares.columns.enumerated() {
            expectClose(perChild[x, 10], ThreeSquares.perChild(0.5)[i], "per-child opacity at x=\(x)")
            expectClose(grouped[x, 10], ThreeSquares.group(0.5)[i], "group opacity at x=\(x)")
        }
        // The overlaps differ: per child, red shows through green.
        #expect(perChild[15, 10].x > 0.2 && grouped[15, 10].x == 0)
    }

    @Test(arguments: Backend.allCases)
    func modifierOrderAroundCompositingGroupMatters(backend: Backend) throws {
        let inside = try render(threeSquares().opacity(0.5).compositingGroup(), width: 40, height: 20, on: backend)
        let outside = try render(threeSquares().compositingGroup().opacity(0.5), width: 40, height: 20, on: backend)
        for (i, x) in ThreeSquares.columns.enumerated() {
            expectClose(inside[x, 10], ThreeSquares.perChild(0.5)[i], "opacity inside the group at x=\(x)")
            expectClose(outside[x, 10], ThreeSquares.group(0.5)[i], "opacity after the group at x=\(x)")
        }
    }

    @Test(arguments: Backend.allCases)
    func blendModeReachesEachChildUnlessGrouped(backend: Backend) throws {
        let backdrop = Color(red: 0.5, green: 0.5, blue: 0.5)
        func scene(grouped: Bool) -> ZStack {
            ZStack {
                backdrop
                if grouped { threeSquares().compositingGroup().blendMode(.multiply) } else { threeSquares().blendMode(.multiply) }
            }
        }
        let perChild = try render(scene(grouped: false), width: 40, height: 20, on: backend)
        let grouped = try render(scene(grouped: true), width: 40, height: 20, on: backend)
        let d = backdrop.premultiplied(in: .nonLinear)
        // Per child, green multiplies onto (red multiplied onto gray), all in one shape pass.
        let red = Reference.blend(.multiply, source: ThreeSquares.red, destination: d)
        let expected = Reference.quantize(Reference.blend(.multiply, source: ThreeSquares.green, destination: red))
        expectClose(perChild[15, 10], expected, "per-child multiply in the red/green overlap")
        // Grouped, the overlap is green alone multiplied onto gray (stored on the canvas first).
        expectClose(grouped[15, 10], Reference.quantize(Reference.blend(.multiply, source: ThreeSquares.green,
                                                                         destination: Reference.quantize(d))),
                    "grouped multiply in the red/green overlap")
    }

    @Test(arguments: Backend.allCases)
    func everyBlendModeFollowsTheW3CFormula(backend: Backend) throws {
        let values: [Float] = [0.1, 0.35, 0.62, 0.9]
        let alphas: [Float] = [0.3, 0.7, 1]
        var sources: [Color] = []
        for a in alphas {
            for (r, g) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
                sources.append(Color(red: values[r], green: values[g], blue: values[(r + g) % 4], alpha: a))
            }
        }
        let destinations: [Color] = [
            Color(red: 0.8, green: 0.2, blue: 0.4, alpha: 1), Color(red: 0.15, green: 0.55, blue: 0.9, alpha: 0.6),
            Color(red: 0.45, green: 0.7, blue: 0.05, alpha: 0.35), Color(red: 0, green: 0, blue: 0, alpha: 0),
        ]
        let width = Float(sources.count), height = Float(destinations.count)
        let rows = ZStack {
            for (j, d) in destinations.enumerated() {
                Rectangle().fill(d).frame(width: width, height: 1).offset(y: Float(j) - height / 2 + 0.5)
            }
        }
        func cells(_ mode: BlendMode) -> ZStack {
            ZStack {
                for (j, _) in destinations.enumerated() {
                    for (i, s) in sources.enumerated() {
                        Rectangle().fill(s).frame(width: 1, height: 1)
                            .offset(x: Float(i) - width / 2 + 0.5, y: Float(j) - height / 2 + 0.5)
                            .blendMode(mode)
                    }
                }
            }
        }
        for mode in BlendMode.allCases {
            // Shapes drawn one after another are blended in one shape pass, in floating point.
            let shapes = try render(ZStack { rows; cells(mode) }, width: width, height: height, on: backend)
            // A group's layer is blended by the layer kernel, both sides stored in 8 bits first.
            let layers = try render(ZStack { rows; cells(.normal).compositingGroup().blendMode(mode) },
                                    width: width, height: height, on: backend)
            for (j, d) in destinations.enumerated() {
                for (i, s) in sources.enumerated() {
                    let (sp, dp) = (s.premultiplied(in: .nonLinear), d.premultiplied(in: .nonLinear))
                    expectClose(shapes[i, j], Reference.quantize(Reference.blend(mode, source: sp, destination: dp)),
                                within: 2.01 / 255, "\(mode) of \(s) over \(d), shape pass")
                    let q = Reference.quantize
                    expectClose(layers[i, j], q(Reference.blend(mode, source: q(sp), destination: q(dp))),
                                within: 2.01 / 255, "\(mode) of \(s) over \(d), layer pass")
                }
            }
        }
    }
}
