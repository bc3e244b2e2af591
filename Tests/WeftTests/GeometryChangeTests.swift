import Foundation
import Synchronization
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// `onGeometryChange`: actions run after layout, only when the transformed value changes, and can
/// switch the scene's state (the size-class pattern), across a sweep of render sizes.
struct GeometryChangeTests {
    static let widths: [Float] = [300, 350, 450, 500, 380, 380, 420, 399, 400]

    @Test func actionsFireOnlyOnThresholdCrossings() {
        let seen = Recorder<Bool>()
        let view = Rectangle().onGeometryChange(for: Bool.self, of: { $0.size.width < 400 }) { compact in
            seen.append(compact)
        }
        var sweep = GeometrySweep(view)
        for width in Self.widths { _ = sweep.root(for: Size(width: width, height: 100)) }
        // The first value counts; then 350 and 500 and the second 380 change nothing; 400 is not below 400.
        #expect(seen.values == [true, false, true, false, true, false])
        #expect(sweep.events.map(\.renderSize.width) == [300, 450, 380, 420, 399, 400])
    }

    @Test func observersSeeTheirLaidOutGeometry() {
        let seen = Recorder<GeometryProxy>()
        let view = HStack(spacing: 0) {
            Rectangle().frame(width: 30)
            Rectangle().onGeometryChange(for: GeometryProxy.self, of: { $0 }) { proxy in seen.append(proxy) }
        }
        var sweep = GeometrySweep(view)
        _ = sweep.root(for: Size(width: 100, height: 20))
        #expect(seen.values == [GeometryProxy(size: Size(width: 70, height: 20), origin: SIMD2(30, 0))])
    }

    static let sizeClassScene = ##"""
    {"size": [64, 64],
     "states": {
       "regular": {"hstack": {"spacing": 0, "children": [{"color": "#ff0000"}, {"color": "#0000ff"}]},
                   "modifiers": [{"onGeometryChange": {"of": "width", "threshold": 48, "below": "compact", "otherwise": "regular"}}]},
       "compact": {"vstack": {"spacing": 0, "children": [{"color": "#ff0000"}, {"color": "#0000ff"}]},
                   "modifiers": [{"onGeometryChange": {"of": "width", "threshold": 48, "below": "compact", "otherwise": "regular"}}]}},
     "timeline": [{"state": "regular"}]}
    """##

    @Test func aSceneSwitchesStateAtTheThreshold() throws {
        var sweep = try #require(try parseScene(Self.sizeClassScene).geometrySweep())
        var states: [String] = []
        for width: Float in [64, 40, 32, 56, 60] {
            _ = sweep.root(for: Size(width: width, height: 32))
            states.append(sweep.state)
        }
        #expect(states == ["regular", "compact", "compact", "regular", "regular"])
        #expect(sweep.events.map(\.renderSize.width) == [64, 40, 56])
    }

    /// Rendered from the file at two sizes: side by side when wide, one above the other when narrow.
    @Test(arguments: Backend.allCases)
    func theRenderedLayoutFollowsTheSize(backend: Backend) throws {
        var scene = try parseScene(Self.sizeClassScene)
        let context = try backend.makeContext()
        scene.size = Size(width: 64, height: 32)
        let wide = try context.render(scene, at: 0).pixels
        #expect(wide[8, 16].x > 0.9 && wide[56, 16].z > 0.9 && wide[56, 16].x < 0.1, "red left, blue right")
        scene.size = Size(width: 32, height: 32)
        let narrow = try context.render(scene, at: 0).pixels
        #expect(narrow[16, 4].x > 0.9 && narrow[16, 28].z > 0.9 && narrow[16, 28].x < 0.1, "red above, blue below")
    }

    @Test(arguments: [
        (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000", "modifiers": [{"onGeometryChange": {"of": "width", "threshold": 5, "below": "b", "otherwise": "a"}}]}}, "timeline": [{"state": "a"}]}"##,
         "states.a.modifiers[0].onGeometryChange", "state 'b'"),
        (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000", "modifiers": [{"onGeometryChange": {"of": "depth", "threshold": 5, "below": "a", "otherwise": "a"}}]}}, "timeline": [{"state": "a"}]}"##,
         "states.a.modifiers[0].onGeometryChange.of", "width"),
        (##"{"size": [10, 10], "root": {"color": "#ff0000", "modifiers": [{"onGeometryChange": {"of": "width", "threshold": 5, "below": "a", "otherwise": "a"}}]}}"##,
         "root.modifiers[0].onGeometryChange", "in no component"),
    ])
    func faultsNameTheirPath(scene: String, path: String, word: String) {
        guard let error = sceneError(scene) else {
            Issue.record("expected an error at \(path)")
            return
        }
        #expect(error.path?.description == path, "\(error)")
        #expect(error.description.contains(word), "\(error)")
    }
}

/// What the actions saw, in order; actions are `@Sendable`, so the log is behind a lock.
final class Recorder<T: Sendable>: Sendable {
    private let log = Mutex<[T]>([])
    func append(_ value: T) { log.withLock { $0.append(value) } }
    var values: [T] { log.withLock { $0 } }
}
