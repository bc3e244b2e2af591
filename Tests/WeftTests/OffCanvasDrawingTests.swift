import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews

/// A view whose frame lies outside the canvas draws on it whatever of its ink reaches in — through a shadow, a blur, a
/// stroke's mitre, a path beyond its frame, a child moved or overflowing, an overlay, a rotation — and a view wholly
/// outside is not drawn. Measured from pixels on both executors: the canvas shows exactly what the same scene shows on a
/// larger canvas around it (where the frame lies on the canvas), and differs from the canvas without the view.
struct OffCanvasDrawingTests {
    static let size = Size(width: 48, height: 32)
    /// How far the larger canvas reaches beyond the small one on each side, in whole pixels.
    static let margin: Float = 64
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let backdrop = Color(red: 0, green: 0, blue: 1).frame(width: 48, height: 32)

    /// Views of a 10 × 10 frame, each drawn 33 points left of the canvas's centre: the frame ends 4 points left of the
    /// canvas (beyond the pixel that a view's edge may still touch), and the ink reaches in.
    static func subjects() -> [(name: String, view: any View)] {
        let square = Rectangle().fill(red).frame(width: 10, height: 10)
        let chevron = Path { p in
            p.move(to: Point(0, 3))
            p.addLine(to: Point(9.5, 5))
            p.addLine(to: Point(0, 7))
        }
        return [
            ("shadow", square.shadow(color: green, radius: 0, x: 25)),
            ("blurred shadow", square.shadow(color: green, radius: 4, x: 14, y: 2)),
            ("blur", square.blur(radius: 8)),
            ("mitred stroke", chevron.stroke(red, style: StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 10)).frame(width: 10, height: 10)),
            ("path beyond its frame", Path(Rect(x: 15, y: 0, width: 10, height: 10)).fill(red).frame(width: 10, height: 10)),
            ("offset child", VStack { square.offset(x: 20) }),
            ("overflowing frame", Rectangle().fill(red).frame(width: 40, height: 10).frame(width: 10, height: 10)),
            ("overlay", Color.clear.frame(width: 10, height: 10).overlay(square.offset(x: 20))),
            ("rotation", Rectangle().fill(red).frame(width: 4, height: 30).rotationEffect(.degrees(90))),
            ("shadow of a group", ZStack { square; square.offset(x: 3, y: 3) }.compositingGroup().shadow(color: green, radius: 1, x: 22)),
        ]
    }

    static func scene(_ subject: (any View)?) -> ZStack {
        ZStack {
            Self.backdrop
            if let subject { subject.node.offset(x: -33) }
        }
    }

    @Test(arguments: Backend.allCases)
    func inkThatReachesTheCanvasFromOutsideIsDrawn(backend: Backend) throws {
        let context = try backend.makeContext()
        let bare = try context.render(Self.scene(nil), size: Self.size).pixels
        let m = Self.margin
        let large = Size(width: Self.size.width + 2 * m, height: Self.size.height + 2 * m)
        for (name, subject) in Self.subjects() {
            let small = try context.render(Self.scene(subject), size: Self.size).pixels
            let around = try context.render(Self.scene(subject).padding(m), size: large).pixels
            #expect(small != bare, "\(name): its ink reaches the canvas")
            var worst: Float = 0
            for y in 0..<small.height {
                for x in 0..<small.width {
                    let d = small[x, y] - around[x + Int(m), y + Int(m)]
                    worst = max(worst, d.max(), (-d).max())
                }
            }
            #expect(worst <= 1.01 / 255, "\(name): differs from the larger canvas by \(worst * 255)/255")
        }
    }

    /// A view wholly outside the canvas still binds its shaders: an effect or a fill bound wrongly (a layer kernel as a
    /// color effect, as a fill) fails there as on the canvas.
    @Test(arguments: Backend.allCases)
    func aShaderOutsideTheCanvasIsStillBound(backend: Backend) throws {
        let context = try backend.makeContext()
        let layerKernel = try TestKernels.shift(3)
        let wrongEffect = Rectangle().fill(Self.red).frame(width: 10, height: 10).colorEffect(layerKernel).node
        let wrongFill = Rectangle().fill(FillStyle(kind: .shader(layerKernel))).frame(width: 10, height: 10).node
        for (wrong, offset): (ViewNode, Float) in [(wrongEffect, 0), (wrongEffect, -300), (wrongFill, 0), (wrongFill, -300)] {
            let scene = ZStack { Self.backdrop; wrong.offset(x: offset) }
            let error = #expect(throws: RenderError.self, "a layer kernel as a color effect, offset \(offset)") {
                try context.plan(scene, size: Self.size)
            }
            guard case .effectKind = error else {
                Issue.record("offset \(offset): \(String(describing: error))")
                continue
            }
        }
    }
}
