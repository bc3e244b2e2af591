import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// A scale of 0 on either axis flattens a view to a line or a point: it draws nothing, as in SwiftUI, wherever it sits
/// and whatever modifies it. Measured from pixels on both executors: the scene with the flattened view renders exactly
/// as the scene without it, and the same view at scale 1 does draw (so the comparison can fail).
struct SingularTransformTests {
    static let size = Size(width: 48, height: 32)
    static let backdrop = Color(red: 0, green: 0, blue: 1).frame(width: 40, height: 24)
    static let red = Color(red: 1, green: 0, blue: 0)

    /// The views flattened: shapes, a path, text, a symbol, an image, an effect, a shadow, a blur, a clip, a mask, a
    /// layer, nested transforms.
    static func subjects() throws -> [(name: String, view: any View)] {
        let image = try Image(PixelBuffer(width: 8, height: 8, format: .rgba8Unorm, bytes: [UInt8](repeating: 255, count: 8 * 8 * 4)))
        return [
            ("rectangle", Rectangle().fill(red).frame(width: 20, height: 12)),
            ("path stroke", Circle().trim(from: 0, to: 0.75).stroke(red, lineWidth: 3).frame(width: 20, height: 20)),
            ("text", try Text("Weft", size: 14).foregroundColor(red)),
            ("symbol", try Image(systemName: "star", size: 16, color: red)),
            ("image", image.frame(width: 16, height: 16)),
            ("effect", Rectangle().fill(red).frame(width: 20, height: 12).colorEffect(try TestKernels.invert())),
            ("shadow", Rectangle().fill(red).frame(width: 12, height: 12).shadow(color: red, radius: 4, x: 3, y: 3)),
            ("blur", Rectangle().fill(red).frame(width: 12, height: 12).blur(radius: 3)),
            ("clip", Rectangle().fill(red).frame(width: 20, height: 20).clipShape(Circle())),
            ("mask", Rectangle().fill(red).frame(width: 20, height: 20).mask(Circle().frame(width: 10, height: 10))),
            ("layer", Rectangle().fill(red).frame(width: 20, height: 12).rotationEffect(.degrees(30)).drawingGroup()),
            ("nested", Rectangle().fill(red).frame(width: 20, height: 12).scaleEffect(3).rotationEffect(.degrees(45)).offset(x: 4)),
        ]
    }

    static let flattenings: [(x: Float, y: Float)] = [(0, 1), (1, 0), (0, 0)]

    @Test(arguments: Backend.allCases)
    func aViewScaledToZeroOnAnyAxisDrawsNothing(backend: Backend) throws {
        let context = try backend.makeContext()
        let expected = try context.render(ZStack { Self.backdrop }, size: Self.size).pixels
        for (name, view) in try Self.subjects() {
            let drawn = try context.render(ZStack { Self.backdrop; view.scaleEffect(1) }, size: Self.size).pixels
            #expect(drawn != expected, "\(name) draws at scale 1")
            for (x, y) in Self.flattenings {
                // Directly, and under a parent that is itself modified.
                let direct = ZStack { Self.backdrop; view.scaleEffect(x: x, y: y) }
                let underParent = ZStack { Self.backdrop; ZStack { view }.scaleEffect(x: x, y: y).rotationEffect(.degrees(20)).opacity(0.5) }
                #expect(try context.render(direct, size: Self.size).pixels == expected, "\(name) at scale (\(x), \(y))")
                #expect(try context.render(underParent, size: Self.size).pixels == expected, "\(name) under a parent at scale (\(x), \(y))")
            }
        }
    }

    /// A `matchedGeometryEffect` receiver under `scaleEffect(0)` (which trapped: its placement inverted the transform)
    /// draws nothing and raises no fault; its source draws as before.
    @Test(arguments: Backend.allCases)
    func aMatchedReceiverUnderScaleZeroDrawsNothing(backend: Backend) throws {
        let ns = Namespace("cards")
        func scene(receiverScale: Float?) -> some View {
            ZStack {
                Rectangle().fill(Self.red).frame(width: 8, height: 8).matchedGeometryEffect(id: "card", in: ns).offset(x: -12)
                if let receiverScale {
                    Rectangle().fill(Color(red: 0, green: 1, blue: 0)).matchedGeometryEffect(id: "card", in: ns, isSource: false)
                        .frame(width: 2, height: 2).scaleEffect(receiverScale)
                }
            }.namespace(ns)
        }
        let context = try backend.makeContext()
        let sourceOnly = try context.render(scene(receiverScale: nil), size: Self.size).pixels
        let covered = try context.render(scene(receiverScale: 1), size: Self.size)
        // At scale 1 the receiver covers its source: green where the red square is.
        #expect(covered.pixels[12, 16].y > 0.9 && covered.pixels[12, 16].x < 0.1)
        for scale: Float in [0, 1e-30] {
            let flattened = try context.render(scene(receiverScale: scale), size: Self.size)
            #expect(flattened.pixels == sourceOnly, "receiver at scale \(scale)")
            #expect(flattened.warnings.isEmpty, "receiver at scale \(scale)")
        }
    }

    /// The same from a scene file, through the scene reader and every consumer of the frame tree.
    @Test func aSceneWithZeroScalesRendersItsOtherViews() throws {
        let scene = try parseScene(##"""
        {"size": [48, 32], "root": {"zstack": [
            {"color": "#0000ff", "modifiers": [{"frame": {"width": 40, "height": 24}}]},
            {"color": "#ff0000", "modifiers": [{"frame": {"width": 8, "height": 8}}, {"matchedGeometryEffect": {"id": "a", "in": "n"}}]},
            {"color": "#00ff00", "modifiers": [{"matchedGeometryEffect": {"id": "a", "in": "n", "isSource": false}}, {"scaleEffect": 0}]},
            {"text": "Weft", "modifiers": [{"scaleEffect": {"x": 0, "y": 2}}]}],
          "modifiers": [{"namespace": "n"}]}}
        """##)
        let rendering = try Backend.cpu.makeContext().render(scene, at: 0)
        // The red source shows at the centre; the flattened receiver and text draw nothing over the blue.
        #expect(rendering.pixels[24, 16] == SIMD4(1, 0, 0, 1))
        #expect(rendering.pixels[6, 6] == SIMD4(0, 0, 1, 1))
        #expect((0..<48).allSatisfy { x in (0..<32).allSatisfy { y in rendering.pixels[x, y].y == 0 } })
    }
}
