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

    /// A scene switched by its size that also changes over time: the timeline names a state, and the observers choose
    /// again from it at the render size. Red cards turn blue over a second; below 100 points wide each colour's card
    /// is a narrow bar instead of a wide one. Measured on the CPU evaluator: the bar's width and its colour.
    @Test func aSizeSwitchedSceneAlsoChangesOverTime() throws {
        let observer = ##"{"onGeometryChange": {"of": "width", "threshold": 100, "below": "narrowCOLOUR", "otherwise": "wideCOLOUR"}}"##
        func state(_ colour: String, _ hex: String, width: Int) -> String {
            ##""\##(width == 10 ? "narrow" : "wide")\##(colour)": {"zstack": [{"color": "\##(hex)", "modifiers": [{"frame": {"width": \##(width), "height": 10}}]}],"##
                + ##" "modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(observer.replacingOccurrences(of: "COLOUR", with: colour))]}"##
        }
        let scene = try parseScene(##"{"size": [200, 20], "states": {"## + [state("Red", "#ff0000", width: 40), state("Red", "#ff0000", width: 10),
                                                                            state("Blue", "#0000ff", width: 40), state("Blue", "#0000ff", width: 10)].joined(separator: ", ")
                                   + ##"}, "timeline": [{"state": "wideRed"}, {"at": 0.5, "state": "wideBlue", "animation": {"linear": 1}}]}"##)
        let context = try Backend.cpu.makeContext()
        func bar(at time: Double, width: Float) throws -> (columns: Int, red: Float, blue: Float) {
            let frame = scene.frame(at: time, size: Size(width: width, height: 20))
            let pixels = try context.render(frame.view, size: frame.size).pixels
            let covered = (0..<pixels.width).filter { pixels[$0, 10].w > 0.5 }
            let middle = pixels[pixels.width / 2, 10]
            return (covered.count, middle.x, middle.z)
        }
        for (time, red, blue) in [(0.0, Float(1), Float(0)), (1.0, 0.5, 0.5), (2.0, 0, 1)] {
            for (width, columns) in [(Float(200), 40), (60, 10)] {
                let seen = try bar(at: time, width: width)
                #expect(seen.columns == columns, "t=\(time) at \(width) wide")
                #expect(abs(seen.red - red) <= 2 / 255 && abs(seen.blue - blue) <= 2 / 255, "t=\(time) at \(width) wide: \(seen)")
            }
        }
        #expect(scene.frame(at: 1, size: Size(width: 60, height: 20)).geometryWarnings.isEmpty)
    }
}
