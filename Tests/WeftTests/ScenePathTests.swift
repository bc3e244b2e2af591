import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftScene
import WeftTestSupport
@testable import WeftViews

/// SVG path data and the scene's `path` view.
@Suite struct ScenePathTests {
    @Test func svgDataReadsEveryCommandAbsoluteAndRelative() throws {
        let path = try Path(svgData: "M10 10 h20 v5 H5 V2 l1-1 L3,3 q1 1 2 2 t2 0 Q0 0 1 1 T4 4 c1 1 2 2 3 3 s1 1 2 2 C0 0 1 1 2 2 S3 3 4 4 a5 5 0 0 1 10 0 A5 5 0 1 0 0 0 z m1 1 2 2")
        let kinds = path.elements.map { element -> String in
            switch element {
            case .move: "M"
            case .line: "L"
            case .quadCurve: "Q"
            case .curve: "C"
            case .closeSubpath: "Z"
            }
        }
        #expect(kinds.prefix(11) == ["M", "L", "L", "L", "L", "L", "L", "Q", "Q", "Q", "Q"])
        #expect(kinds.suffix(3) == ["Z", "M", "L"], "a move's further pairs are lines")
        #expect(path.elements[1] == .line(to: Point(30, 10)) && path.elements[3] == .line(to: Point(5, 15)))
        // The reflected control of `t` is the previous control mirrored about the current point.
        #expect(path.elements[8] == .quadCurve(to: Point(7, 5), control: Point(6, 6)))
        // Numbers run together: ".5.5" is two numbers, "-1" starts a new one, exponents.
        #expect(try Path(svgData: "M.5.5-1e1,2E-1").elements == [.move(to: Point(0.5, 0.5)), .line(to: Point(-10, 0.2))])
    }

    @Test func anSVGArcEndsWhereItSaysAndBulgesToTheSweepSide() throws {
        let path = try Path(svgData: "M0 0 A10 10 0 0 1 20 0")
        guard case .curve(let end, _, _)? = path.elements.last else { Issue.record("no curve"); return }
        #expect(end == Point(20, 0))
        // A half circle of radius 10 about (10, 0), swept clockwise on screen: it passes through (10, -10).
        let lowest = path.flattened(tolerance: 0.001).flatMap(\.points).map(\.y).min() ?? 0
        #expect(abs(lowest + 10) < 0.01)
    }

    @Test(arguments: [
        ("M10 10 L", 8, "expected a number, found the end"),
        ("L10 10", 0, "path data must begin with a move (M or m), found 'L'"),
        ("M10 10 X 3", 7, "unknown path command 'X'"),
        ("M10 10 L5 #", 10, "expected a number, found '#'"),
        ("M0 0 A5 5 0 2 1 3 3", 12, "expected an arc flag (0 or 1), found '2'"),
        ("M0 0 Z 5", 7, "a number follows no command that takes numbers"),
        ("M1e99999 0", 1, "'1e99999' is not a finite number"),
    ])
    func malformedDataNamesTheOffset(data: String, offset: Int, message: String) {
        #expect(throws: SVGPathError(offset: offset, message: message)) { try Path(svgData: data) }
    }

    @Test func aSceneErrorQuotesTheOffsetWithTheJSONPath() {
        let error = sceneError(##"{"size": [10, 10], "root": {"path": {"d": "M0 0 L 4"}}}"##)
        #expect(error?.description == "root.path.d: malformed path data: expected a number, found the end at offset 8")
        #expect(sceneError(##"{"size": [10, 10], "root": {"path": {"elements": [{"spline": [1, 2]}]}}}"##)
            == .unknownName(path: JSONPath("root").key("path").key("elements").index(0), kind: "path element", name: "spline",
                            known: ["close", "move", "line", "quadCurve", "curve", "arc", "rect", "roundedRect", "ellipse"]))
        #expect(sceneError(##"{"size": [10, 10], "root": {"color": "#ffffff", "modifiers": [{"stroke": {}}]}}"##)?.description
            == "root.modifiers[0]: 'stroke' applies to a shape and must come before its other modifiers")
    }

    @Test(arguments: Backend.allCases)
    func svgDataAndElementsDrawTheSamePixels(backend: Backend) throws {
        let svg = try parseScene(##"""
        {"size": [40, 40], "root": {"path": {"d": "M4 4 H36 V36 H4 Z M12 12 V28 H28 V12 Z", "rule": "evenOdd"},
          "modifiers": [{"fill": "#ffffff"}]}}
        """##)
        let elements = try parseScene(##"""
        {"size": [40, 40], "root": {"path": {"elements": [{"rect": [4, 4, 32, 32]}, {"move": [12, 12]}, {"line": [12, 28]},
          {"line": [28, 28]}, {"line": [28, 12]}, "close"], "rule": "evenOdd"}, "modifiers": [{"fill": "#ffffff"}]}}
        """##)
        let context = try backend.makeContext()
        let a = try context.render(svg.frame(at: 0).view, size: Size(width: 40, height: 40)).pixels
        let b = try context.render(elements.frame(at: 0).view, size: Size(width: 40, height: 40)).pixels
        #expect(a == b)
        #expect(a[6, 6].w == 1 && a[20, 20].w == 0, "even-odd leaves the inner square a hole")
    }

    @Test(arguments: Backend.allCases)
    func aSceneStrokesTrimsAndAnimatesTheTrim(backend: Backend) throws {
        let scene = try parseScene(##"""
        {"size": [40, 40], "states": {
           "start": {"circle": {}, "modifiers": [{"trim": {"to": 0.25}}, {"stroke": {"color": "#ffffff", "lineWidth": 4, "lineCap": "round"}}, {"frame": {"width": 30, "height": 30}}]},
           "end": {"circle": {}, "modifiers": [{"trim": {"to": 0.75}}, {"stroke": {"color": "#ffffff", "lineWidth": 4, "lineCap": "round"}}, {"frame": {"width": 30, "height": 30}}]}},
         "timeline": [{"state": "start"}, {"at": 1, "state": "end", "animation": {"linear": 1}}]}
        """##)
        let context = try backend.makeContext()
        let startFrame = try context.render(scene.frame(at: 0).view, size: Size(width: 40, height: 40)).pixels
        let midway = try context.render(scene.frame(at: 1.5).view, size: Size(width: 40, height: 40)).pixels
        // At 9 o'clock (half of the outline): not drawn at a quarter, drawn half-way to three quarters (trimmed to 0.5).
        #expect(startFrame[5, 20].w == 0)
        #expect(midway[5, 20].w > 0.4 && midway[20, 5].w == 0, "half-way the trim ends at 9 o'clock")
    }

    @Test(arguments: Backend.allCases)
    func sceneModifiersDrawAsTheSwiftOnes(backend: Backend) throws {
        let scene = try parseScene(##"""
        {"size": [40, 40], "root": {"color": "#3366ccff", "modifiers": [
          {"frame": {"width": 30, "height": 30}}, {"brightness": 0.1}, {"hueRotation": 45}, {"colorInvert": {}},
          {"clipShape": {"shape": {"roundedRectangle": {"cornerRadius": 6}}}}, {"border": {"color": "#ffffffff", "width": 2}},
          {"overlay": {"view": {"circle": {}, "modifiers": [{"fill": "#ff0000ff"}, {"frame": {"width": 8, "height": 8}}]}, "alignment": "topLeading"}},
          {"background": {"color": "#000000ff"}}, {"blur": 2}]}}
        """##)
        let swift = Color(hex: "#3366ccff")!.frame(width: 30, height: 30).brightness(0.1).hueRotation(.degrees(45)).colorInvert()
            .clipShape(RoundedRectangle(cornerRadius: 6)).border(Color(hex: "#ffffffff")!, width: 2)
            .overlay(Circle().fill(Color(hex: "#ff0000ff")!).frame(width: 8, height: 8), alignment: .topLeading)
            .background(Color(hex: "#000000ff")!).blur(radius: 2)
        let context = try backend.makeContext()
        let fromScene = try context.render(scene.frame(at: 0).view, size: Size(width: 40, height: 40)).pixels
        let fromSwift = try context.render(swift, size: Size(width: 40, height: 40)).pixels
        #expect(fromScene == fromSwift)
        #expect(fromScene[20, 20].w > 0.9)
    }
}
