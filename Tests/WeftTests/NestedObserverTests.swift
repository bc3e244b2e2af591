import Testing
@testable import Weft
import WeftImage
@testable import WeftScene
import WeftTestSupport
@testable import WeftViews

/// Nested `onGeometryChange` observers, each switching its own component (`StateSwitch`, a scene's `"component"`):
/// an outer toolbar's density by its width (compact < 360 ≤ regular < 700 ≤ expanded) and, inside it, buttons that each
/// show a label or only an icon by their own width. Measured in the picture: a marker bar coloured by the toolbar's
/// state (compact red, regular green, expanded blue) and, per button cell, a full cyan cell (label) or a 10-point
/// magenta square at the cell's centre (icon only).
struct NestedObserverTests {
    /// Button `i` switches to its icon below `thresholds[i]` points of its own width.
    static let thresholds: [Float] = [100, 200, 300, 150]
    /// How many buttons each toolbar state shows.
    static let buttons = ["compact": 2, "regular": 3, "expanded": 4]

    static func button(_ i: Int) -> String {
        let observer = ##"{"onGeometryChange": {"of": "width", "name": "button\##(i)", "threshold": \##(thresholds[i]), "below": "icon", "otherwise": "label"}}"##
        return ##"{"component": {"name": "button\##(i)", "initial": "label", "states": {"##
            + ##""label": {"color": "#00ffff", "modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(observer)]},"##
            + ##""icon": {"zstack": [{"color": "#ff00ff", "modifiers": [{"frame": {"width": 10, "height": 10}}]}], "##
            + ##""modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(observer)]}}}}"##
    }

    static func toolbar(_ state: String, marker: String) -> String {
        let row = (0..<buttons[state]!).map(button).joined(separator: ", ")
        return ##""\##(state)": {"vstack": {"spacing": 0, "children": [{"color": "\##(marker)", "modifiers": [{"frame": {"height": 10}}]},"##
            + ##" {"hstack": {"spacing": 0, "children": [\##(row)]}, "modifiers": [{"frame": {"height": 30}}]}]},"##
            + ##" "modifiers": [{"frame": {"maxWidth": "infinity"}}, {"onGeometryChange": {"of": "width", "name": "toolbar", "states": ["##
            + ##"{"below": 360, "state": "compact"}, {"below": 700, "state": "regular"}, {"state": "expanded"}]}}]}"##
    }

    static let scene = ##"{"size": [800, 40], "states": {"##
        + [toolbar("compact", marker: "#ff0000"), toolbar("regular", marker: "#00ff00"), toolbar("expanded", marker: "#0000ff")].joined(separator: ", ")
        + ##"}, "timeline": [{"state": "compact"}]}"##

    /// What a picture shows: the marker's colour and, per button cell, its cyan and magenta columns along the row
    /// through the buttons and the magenta's centre.
    struct Seen: CustomStringConvertible {
        var marker: SIMD4<Float>
        var cells: [(cyan: Int, magenta: Int, magentaCentre: Float?)]
        var description: String { "marker \(marker), cells \(cells)" }
    }

    static func measure(_ pixels: PixelBuffer, buttons: Int) -> Seen {
        let width = Float(pixels.width), row = 25
        let cells = (0..<buttons).map { i -> (Int, Int, Float?) in
            let columns = Int((Float(i) * width / Float(buttons)).rounded())..<Int((Float(i + 1) * width / Float(buttons)).rounded())
            let cyan = columns.filter { let p = pixels[$0, row]; return p.x < 0.1 && p.y > 0.9 && p.z > 0.9 }
            let magenta = columns.filter { let p = pixels[$0, row]; return p.x > 0.9 && p.y < 0.1 && p.z > 0.9 }
            let centre = magenta.isEmpty ? nil : magenta.map { Float($0) + 0.5 }.reduce(0, +) / Float(magenta.count)
            return (cyan.count, magenta.count, centre)
        }
        return Seen(marker: pixels[pixels.width / 2, 5], cells: cells)
    }

    /// The decisions each rule predicts at `width`: the toolbar's density by its width, and each button's by its share.
    static func predicted(width: Float) -> (density: String, icons: [Bool]) {
        let density = width < 360 ? "compact" : width < 700 ? "regular" : "expanded"
        let count = buttons[density]!
        return (density, (0..<count).map { width / Float(count) < thresholds[$0] })
    }

    /// The largest difference of any channel.
    static func difference(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
        let d = a - b
        return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
    }

    static let markers: [String: SIMD4<Float>] = ["compact": SIMD4(1, 0, 0, 1), "regular": SIMD4(0, 1, 0, 1), "expanded": SIMD4(0, 0, 1, 1)]

    func check(_ pixels: PixelBuffer, width: Float, _ context: String) {
        let (density, icons) = Self.predicted(width: width)
        let seen = Self.measure(pixels, buttons: icons.count)
        let marker = Self.markers[density]!
        #expect(Self.difference(seen.marker, marker) < 0.02, "\(context): the toolbar is \(density): \(seen)")
        let cell = width / Float(icons.count)
        for (i, icon) in icons.enumerated() {
            let c = seen.cells[i]
            if icon {
                #expect(c.cyan == 0 && c.magenta == 10, "\(context): button\(i) shows only its icon: \(seen)")
                #expect(abs((c.magentaCentre ?? -1) - (Float(i) + 0.5) * cell) <= 0.5, "\(context): button\(i)'s icon is at its cell's centre: \(seen)")
            } else {
                #expect(abs(Float(c.cyan) - cell) <= 1 && c.magenta == 0, "\(context): button\(i) shows its label: \(seen)")
            }
        }
    }

    /// At each width the toolbar's density and every button's decision are what their own thresholds predict — among
    /// them "expanded" with button2 (300) and, at 720, button1 (200) showing only their icons — on both backends.
    @Test(arguments: Backend.allCases)
    func eachObserverDecidesItsOwnComponent(backend: Backend) throws {
        var scene = try parseScene(Self.scene)
        let context = try backend.makeContext()
        for width: Float in [300, 600, 720, 800] {
            scene.size = Size(width: width, height: 40)
            let frame = scene.frame(at: 0)
            #expect(frame.geometryWarnings.isEmpty, "\(frame.geometryWarnings)")
            let rendering = try context.render(scene, at: 0)
            #expect(rendering.reports.isEmpty, "\(backend) at \(width): \(rendering.reports.prefix(3))")
            check(rendering.pixels, width: width, "\(backend) at \(width)")
        }
        #expect(Self.predicted(width: 800) == ("expanded", [false, false, true, false]))
        #expect(Self.predicted(width: 720) == ("expanded", [false, true, true, false]))
    }

    /// One sweep through widths, each component keeping its state from size to size (as a window resized would):
    /// the decisions follow the widths there and back, and each button switched only when its own value changed.
    @Test func componentsKeepTheirStateAcrossASweep() throws {
        var sweep = try #require(try parseScene(Self.scene).geometrySweep())
        let context = try Backend.cpu.makeContext()
        for width: Float in [800, 300, 720, 600, 800] {
            let size = Size(width: width, height: 40)
            let view = sweep.root(for: size)
            #expect(sweep.state == Self.predicted(width: width).density)
            check(try context.render(view, size: size).pixels, width: width, "swept to \(width)")
        }
        #expect(sweep.warnings.isEmpty)
    }

    /// A cycle inside a component (the article's padding: below 200 points the chip turns "roomy", 220 wide, which turns
    /// it back) is reported naming that observer; the chip stays in the first state of the cycle (red, filling its row),
    /// and the scene's own observer around it still decides: at 190 wide "wide" (a yellow marker) with the chip's cycle
    /// alone; at 120 the roomy chip widens the bar past its own threshold of 150, so the bar's cycle (narrow → wide →
    /// narrow) is reported too, after the chip's, and the bar stays "narrow" (green).
    @Test(arguments: Backend.allCases)
    func aCycleInsideAComponentNamesItsObserver(backend: Backend) throws {
        let chip = ##"{"onGeometryChange": {"of": "width", "name": "chipWidth", "threshold": 200, "below": "roomy", "otherwise": "tight"}}"##
        func state(_ name: String, marker: String) -> String {
            ##""\##(name)": {"vstack": {"spacing": 0, "children": [{"color": "\##(marker)", "modifiers": [{"frame": {"height": 10}}]},"##
                + ##" {"component": {"name": "chip", "initial": "tight", "states": {"##
                + ##""tight": {"color": "#ff0000", "modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(chip)]},"##
                + ##""roomy": {"color": "#0000ff", "modifiers": [{"frame": {"width": 220}}, \##(chip)]}}}, "modifiers": [{"frame": {"height": 30}}]}]},"##
                + ##" "modifiers": [{"frame": {"maxWidth": "infinity"}}, {"onGeometryChange": {"of": "width", "name": "bar", "threshold": 150, "below": "narrow", "otherwise": "wide"}}]}"##
        }
        var scene = try parseScene(##"{"size": [190, 40], "states": {"## + state("narrow", marker: "#00ff00") + ", " + state("wide", marker: "#ffff00")
                                   + ##"}, "timeline": [{"state": "narrow"}]}"##)
        let context = try backend.makeContext()
        for (width, marker, observers) in [(Float(190), SIMD4<Float>(1, 1, 0, 1), ["chipWidth"]), (120, SIMD4(0, 1, 0, 1), ["chipWidth", "bar"])] {
            scene.size = Size(width: width, height: 40)
            let frame = scene.frame(at: 0)
            let warning = try #require(frame.geometryWarnings.first, "at \(width)")
            #expect(frame.geometryWarnings.map(\.observer) == observers, "\(frame.geometryWarnings)")
            #expect(warning.observer == "chipWidth" && warning.states == ["tight", "roomy", "tight"], "\(warning)")
            #expect(warning.sizes.map(\.width) == [width, 220], "\(warning)")
            let rendering = try context.render(scene, at: 0)
            #expect(rendering.reports.isEmpty, "\(backend) at \(width): \(rendering.reports.prefix(3))")
            let pixels = rendering.pixels
            #expect(Self.difference(pixels[pixels.width / 2, 5], marker) < 0.02, "\(backend) at \(width): the bar's own state")
            let red = (0..<pixels.width).filter { let p = pixels[$0, 25]; return p.x > 0.9 && p.z < 0.1 }
            let blue = (0..<pixels.width).filter { pixels[$0, 25].z > 0.1 }
            #expect(red.count == Int(width) && blue.isEmpty, "\(backend) at \(width): the chip stays tight")
        }
        var sweep = try #require(scene.geometrySweep())
        for _ in 0..<3 { _ = sweep.root(for: Size(width: 190, height: 40)) }
        #expect(sweep.state == "wide" && sweep.warnings.count == 1)
    }

    /// From Swift, components nest: a panel (a row from 200 points wide, else a column) holds a chip that shows its
    /// label (green) from 80 points of its own width, else its icon (red). Each decides by its own width: at 240 a row
    /// whose chip is 120 wide; at 180 a column whose chip is 180 wide; at 70 a column whose chip shows its icon.
    @Test func componentsNestInSwift() throws {
        let chip = try StateSwitch(name: "chip", states: [
            "label": Color.green.onGeometryChange(for: Bool.self, of: { $0.size.width < 80 }, state: { $0 ? "icon" : "label" }),
            "icon": Color.red.onGeometryChange(for: Bool.self, of: { $0.size.width < 80 }, state: { $0 ? "icon" : "label" }),
        ], initial: "label")
        let row = HStack(spacing: 0) { Color.blue; chip }.onGeometryChange(for: Bool.self, of: { $0.size.width < 200 }, state: { $0 ? "column" : "row" })
        let column = VStack(spacing: 0) { Color.blue; chip }.onGeometryChange(for: Bool.self, of: { $0.size.width < 200 }, state: { $0 ? "column" : "row" })
        let panel = try StateSwitch(name: "panel", states: ["row": row, "column": column], initial: "row")
        let context = try Backend.cpu.makeContext()
        // SwiftUI's system colours, as rendered (opaque, sRGB-encoded).
        let green = Color.green.premultiplied(in: .nonLinear), red = Color.red.premultiplied(in: .nonLinear),
            blue = Color.blue.premultiplied(in: .nonLinear)
        for (width, isRow, chipColour) in [(Float(240), true, green), (180, false, green), (70, false, red)] {
            var sweep = GeometrySweep(panel)
            let size = Size(width: width, height: 40)
            let pixels = try context.render(sweep.root(for: size), size: size).pixels
            // A row: blue on the left, the chip on the right; a column: blue above, the chip below.
            let chipPixel = isRow ? pixels[Int(width * 0.75), 20] : pixels[Int(width / 2), 30]
            let bluePixel = isRow ? pixels[Int(width * 0.25), 20] : pixels[Int(width / 2), 10]
            #expect(Self.difference(chipPixel, chipColour) < 0.02 && Self.difference(bluePixel, blue) < 0.02, "at \(width): \(chipPixel), \(bluePixel)")
            #expect(sweep.componentStates[ComponentPlace(name: "panel", place: [])] == (isRow ? nil : "column"), "\(sweep.componentStates)")
            #expect(sweep.componentStates.contains { $0.key.name == "chip" && $0.value == "icon" } == (chipColour == red), "\(sweep.componentStates)")
        }
    }

    /// The environment set around a component (a `font`) reaches every one of its states, not only the one it starts
    /// in: switched to its text below 100 points, the component draws "H" in the 40-point font, well over 20 rows tall.
    @Test func theEnvironmentReachesEveryStateOfAComponent() throws {
        let observer = ##"{"onGeometryChange": {"of": "width", "threshold": 100, "below": "text", "otherwise": "plain"}}"##
        var scene = try parseScene(##"{"size": [80, 60], "root": {"component": {"name": "caption", "initial": "plain", "states": {"##
            + ##""plain": {"color": "#ff0000", "modifiers": [\##(observer)]}, "text": {"text": {"string": "H", "color": "#000000"}, "##
            + ##""modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity"}}, \##(observer)]}}}, "modifiers": [{"font": {"size": 40}}]}}"##)
        let pixels = try Backend.cpu.makeContext().render(scene, at: 0).pixels
        let rows = (0..<pixels.height).filter { y in (0..<pixels.width).contains { pixels[$0, y].w > 0.5 } }
        #expect(rows.count > 20 && pixels[2, 2].w == 0, "\(rows.count) rows of text, nothing red")
        scene.size = Size(width: 200, height: 60)
        #expect(try Backend.cpu.makeContext().render(scene, at: 0).pixels[100, 30].x > 0.9, "red from 100 points wide")
    }

    /// Components under a timeline: red cards turn blue over a second (0.5 s to 1.5 s), and each card's chip, a
    /// component, is a wide bar from 100 points of its own width, else a narrow one. The timeline names the scene's
    /// state; the chip's observer chooses again in each state at the render size, and during the change both states'
    /// chips are chosen so before their geometry is interpolated. Measured on the CPU evaluator: the bar's width and
    /// colour at 0, 1 and 2 s.
    @Test func componentsUnderATimelineChooseAtEachTime() throws {
        func state(_ name: String, _ hex: String) -> String {
            let observer = ##"{"onGeometryChange": {"of": "width", "threshold": 100, "below": "narrow", "otherwise": "wide"}}"##
            return ##""\##(name)": {"component": {"name": "chip", "initial": "wide", "states": {"##
                + ##""wide": {"zstack": [{"color": "\##(hex)", "modifiers": [{"frame": {"width": 40, "height": 10}}]}], "modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(observer)]},"##
                + ##""narrow": {"zstack": [{"color": "\##(hex)", "modifiers": [{"frame": {"width": 10, "height": 10}}]}], "modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(observer)]}}}}"##
        }
        let scene = try parseScene(##"{"size": [200, 20], "states": {"## + state("red", "#ff0000") + ", " + state("blue", "#0000ff")
                                   + ##"}, "timeline": [{"state": "red"}, {"at": 0.5, "state": "blue", "animation": {"linear": 1}}]}"##)
        let context = try Backend.cpu.makeContext()
        for (time, red, blue) in [(0.0, Float(1), Float(0)), (1.0, 0.5, 0.5), (2.0, 0, 1)] {
            for (width, columns) in [(Float(200), 40), (60, 10)] {
                let frame = scene.frame(at: time, size: Size(width: width, height: 20))
                let pixels = try context.render(frame.view, size: frame.size).pixels
                let covered = (0..<pixels.width).filter { pixels[$0, 10].w > 0.5 }
                let middle = pixels[pixels.width / 2, 10]
                #expect(covered.count == columns, "t=\(time) at \(width) wide: \(covered.count) columns")
                #expect(abs(middle.x - red) <= 2 / 255 && abs(middle.z - blue) <= 2 / 255, "t=\(time) at \(width) wide: \(middle)")
            }
        }
    }

    /// A single root under keyframes holds a component: the chip chooses by its width and the keyframes still play
    /// (its x moves 0 → 20 points over a second).
    @Test func aKeyframedRootHoldsAComponent() throws {
        let observer = ##"{"onGeometryChange": {"of": "width", "threshold": 100, "below": "narrow", "otherwise": "wide"}}"##
        let scene = try parseScene(##"{"size": [200, 20], "root": {"component": {"name": "chip", "initial": "wide", "states": {"##
            + ##""wide": {"zstack": [{"color": "#ff0000", "modifiers": [{"frame": {"width": 40, "height": 10}}]}], "modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(observer)]},"##
            + ##""narrow": {"zstack": [{"color": "#ff0000", "modifiers": [{"frame": {"width": 10, "height": 10}}]}], "modifiers": [{"frame": {"maxWidth": "infinity"}}, \##(observer)]}}},"##
            + ##" "modifiers": [{"id": "mark"}]}, "keyframes": [{"view": "mark", "tracks": {"x": [{"linear": 20, "duration": 1}]}}]}"##)
        let context = try Backend.cpu.makeContext()
        for (time, width, columns) in [(0.0, Float(200), 40), (1.0, 200, 40), (1.0, 60, 10)] {
            let frame = scene.frame(at: time, size: Size(width: width, height: 20))
            let pixels = try context.render(frame.view, size: frame.size).pixels
            let covered = (0..<pixels.width).filter { pixels[$0, 10].x > 0.5 }
            let centre = Float(covered.reduce(0, +)) / Float(max(covered.count, 1)) + 0.5
            #expect(covered.count == columns, "t=\(time) at \(width): \(covered.count) columns")
            #expect(abs(centre - (width / 2 + 20 * Float(time))) <= 0.5, "t=\(time) at \(width): centre \(centre)")
        }
    }

    @Test(arguments: [
        // The component lacks the state its observer names.
        (##"{"size": [10, 10], "root": {"component": {"name": "chip", "initial": "a", "states": {"a": {"color": "#ff0000", "modifiers": [{"onGeometryChange": {"of": "width", "threshold": 5, "below": "b", "otherwise": "a"}}]}}}}}"##,
         "root.component.states.a.modifiers[0].onGeometryChange", "component 'chip'"),
        // An observer names its nearest component's states, not the scene's.
        (##"{"size": [10, 10], "states": {"big": {"component": {"name": "chip", "initial": "a", "states": {"a": {"color": "#ff0000", "modifiers": [{"onGeometryChange": {"of": "width", "threshold": 5, "below": "big", "otherwise": "a"}}]}}}}}, "timeline": [{"state": "big"}]}"##,
         "states.big.component.states.a.modifiers[0].onGeometryChange", "state 'big'"),
    ])
    func anObserverNamingAStateItsComponentLacksIsAnError(scene: String, path: String, word: String) throws {
        guard case .unknownState(let at, _, let component, let known)? = sceneError(scene) else {
            Issue.record("expected unknownState at \(path), got \(String(describing: sceneError(scene)))")
            return
        }
        #expect(at.description == path && component == "chip" && known == ["a"])
        #expect(sceneError(scene)!.description.contains(word), "\(sceneError(scene)!)")
    }

    @Test func aComponentStartsInOneOfItsStates() {
        let error = sceneError(##"{"size": [10, 10], "root": {"component": {"name": "chip", "initial": "c", "states": {"a": {"color": "#ff0000"}}}}}"##)
        #expect(error?.path?.description == "root.component.initial" && error?.description.contains("'c'") == true, "\(String(describing: error))")
    }
}

/// `examples/nested-density.json` at the sizes docs/scenes.md names: the toolbar shows 2, 3 or 5 buttons by its width
/// (compact < 360 ≤ regular < 700 ≤ expanded) and each button, 8 points inside the bar and 8 apart, shows its label
/// (dark text pixels in its cell) from its own threshold of width on: 150 points, the export button's 130.
@Test func theNestedDensityExampleDecidesAtEachSize() throws {
    var scene = try Examples.load("nested-density.json")
    let context = try Backend.cpu.makeContext()
    for width: Float in [300, 340, 500, 720, 1000] {
        scene.size = Size(width: width, height: 60)
        let pixels = try context.render(scene, at: 0).pixels
        let count = width < 360 ? 2 : width < 700 ? 3 : 5
        let cell = (width - 16 - 8 * Float(count - 1)) / Float(count)
        for i in 0..<count {
            let start = 8 + Float(i) * (cell + 8)
            let columns = Int(start.rounded())..<Int((start + cell).rounded())
            var text = 0
            for y in 22..<38 { for x in columns { let p = pixels[x, y]; if p.x < 0.3 && p.y < 0.3 && p.z < 0.3 { text += 1 } } }
            let labelled = cell >= (i == 4 ? 130 : 150)
            #expect(labelled ? text > 20 : text == 0, "at \(width), button \(i) (\(cell) wide): \(text) text pixels")
        }
    }
}
