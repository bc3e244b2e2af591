import Foundation
import Testing
@testable import WeftScene
@testable import WeftViews

/// `onGeometryChange` with named states by thresholds, and the geometry ↔ state cycle reported by name.
struct GeometryStateTests {
    /// The third article's `ControlDensity`: compact < 360 ≤ regular < 700 ≤ expanded, each state a bar of its own width.
    static let density = ##"""
    {"size": [800, 40], "states": {
       "compact":  {"color": "#ff0000", "modifiers": [{"frame": {"maxWidth": "infinity"}}, {"onGeometryChange": {"of": "width", "name": "toolbar",
                    "states": [{"below": 360, "state": "compact"}, {"below": 700, "state": "regular"}, {"state": "expanded"}]}}]},
       "regular":  {"color": "#00ff00", "modifiers": [{"frame": {"maxWidth": "infinity"}}, {"onGeometryChange": {"of": "width", "name": "toolbar",
                    "states": [{"below": 360, "state": "compact"}, {"below": 700, "state": "regular"}, {"state": "expanded"}]}}]},
       "expanded": {"color": "#0000ff", "modifiers": [{"frame": {"maxWidth": "infinity"}}, {"onGeometryChange": {"of": "width", "name": "toolbar",
                    "states": [{"below": 360, "state": "compact"}, {"below": 700, "state": "regular"}, {"state": "expanded"}]}}]}},
     "timeline": [{"state": "compact"}]}
    """##

    @Test func threeDensitiesByTwoThresholds() throws {
        let scene = try parseScene(Self.density)
        var sweep = try #require(scene.geometrySweep())
        for (width, state) in [(300, "compact"), (500, "regular"), (800, "expanded"), (359, "compact"), (700, "expanded")] as [(Float, String)] {
            _ = sweep.root(for: Size(width: width, height: 40))
            #expect(sweep.state == state, "width \(width)")
        }
        #expect(sweep.warnings.isEmpty)
    }

    /// The article's cycle: below 200 points the scene switches to "roomy", whose padding widens the observed view past
    /// 200, which switches back to "tight", whose view is narrower again. The sweep stops in the first state of the
    /// cycle, says so by the observer's name with the sizes it saw, and gives the same answer every time.
    @Test func aGeometryStateCycleIsNamedAndStable() throws {
        let scene = try parseScene(##"""
        {"size": [190, 40], "states": {
           "tight": {"color": "#ff0000", "modifiers": [{"frame": {"maxWidth": "infinity"}},
                     {"onGeometryChange": {"of": "width", "name": "label", "threshold": 200, "below": "roomy", "otherwise": "tight"}}]},
           "roomy": {"color": "#ff0000", "modifiers": [{"frame": {"width": 220}},
                     {"onGeometryChange": {"of": "width", "name": "label", "threshold": 200, "below": "roomy", "otherwise": "tight"}}]}},
         "timeline": [{"state": "tight"}]}
        """##)
        let first = scene.frame(at: 0)
        let warning = try #require(first.geometryWarnings.first)
        #expect(warning.observer == "label" && warning.states == ["tight", "roomy", "tight"])
        #expect(warning.sizes.map(\.width) == [190, 220])
        #expect(warning.description.contains("onGeometryChange 'label' at 190x40") && warning.description.contains("190x40, 220x40"), "\(warning)")
        var sweep = try #require(scene.geometrySweep())
        for _ in 0..<3 {
            _ = sweep.root(for: Size(width: 190, height: 40))
            #expect(sweep.state == "tight")
        }
        #expect(sweep.warnings.count == 1)
    }
}
