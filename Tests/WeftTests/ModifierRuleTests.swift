import Foundation
import Testing
@testable import Weft
import WeftImage
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// A modifier has one home (`ModifierRule`): every scene key names one modifier and reads back as it, and a modifier
/// written here, in the tests alone, lays out, draws and animates with no other file knowing it.
@Suite struct ModifierRuleTests {
    /// A value for every key the scene reader knows. A modifier given a new key needs one here.
    static let sampleArguments: [String: String] = [
        "frame": #"{"width": 10, "height": 8}"#,
        "offset": #"{"x": 3}"#,
        "padding": "4",
        "rotationEffect": "30",
        "scaleEffect": "2",
        "opacity": "0.5",
        "blendMode": #""multiply""#,
        "shadow": #"{"radius": 2}"#,
        "compositingGroup": "{}",
        "drawingGroup": #"{"opaque": true}"#,
        "blendEffect": #"{"shader": "any"}"#,
        "colorEffect": #"{"shader": "any"}"#,
        "layerEffect": #"{"shader": "any", "maxSampleOffset": [2, 2]}"#,
        "distortionEffect": #"{"shader": "any", "maxSampleOffset": [1, 0]}"#,
        "brightness": "0.2",
        "contrast": "1.5",
        "saturation": "0.5",
        "grayscale": "1",
        "hueRotation": "90",
        "colorMultiply": ##""#ff0000""##,
        "colorInvert": "{}",
        "luminanceToAlpha": "{}",
        "id": #""card""#,
        "transition": #""scale""#,
        "geometryGroup": "{}",
        "namespace": #""ns""#,
        "matchedGeometryEffect": #"{"id": "card", "in": "ns"}"#,
        "onGeometryChange": #"{"of": "width", "threshold": 100, "below": "a", "otherwise": "b"}"#,
        "overlay": ##"{"color": "#ffffff"}"##,
        "background": ##"{"view": {"color": "#000000"}, "alignment": "top"}"##,
        "mask": #"{"circle": {}}"#,
        "clipShape": #"{"shape": "capsule"}"#,
        "clipped": "{}",
        "cornerRadius": "4",
        "border": ##"{"color": "#ff0000", "width": 2}"##,
        "blur": "3",
    ]

    @Test func everySceneKeyNamesOneModifier() {
        let keys = SceneReader.modifierReadings.flatMap { $0.type.sceneKeys }
        let repeated = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "scene keys claimed by more than one modifier: \(repeated)")
        let types = SceneReader.modifierReadings.map { ObjectIdentifier($0.type) }
        #expect(Set(types).count == types.count, "a modifier type read twice")
        #expect(Set(keys) == Set(SceneReader.modifierReaders.keys))
    }

    /// Each key, written in a scene, reads back as the modifier type that names it.
    @Test func theSceneReaderReadsEveryModifierUnderItsKey() throws {
        #expect(Set(Self.sampleArguments.keys) == Set(SceneReader.modifierReaders.keys), "a scene key without a sample, or a sample without a key")
        try Self.forEachSample { type, key, read in
            let rule = try read()
            #expect(ObjectIdentifier(Swift.type(of: rule)) == ObjectIdentifier(type), "'\(key)' read as \(Swift.type(of: rule)), not \(type)")
        }
    }

    /// `body` with each modifier type the scene reader knows, each of its scene keys, and a reading of that key's
    /// sample (`sampleArguments`), as often as it is called.
    static func forEachSample(_ body: (any ModifierRule.Type, String, () throws -> any ModifierRule) throws -> Void) throws {
        var reader = SceneReader(baseDirectory: "/nonexistent", images: .files)
        reader.provider = AnyShaderProvider()
        reader.stateScope = SceneReader.StateScope(component: nil, names: ["a", "b"])
        for entry in SceneReader.modifierReadings {
            for key in entry.type.sceneKeys {
                let json = try JSONValue(parsing: Data(try #require(sampleArguments[key]).utf8))
                try body(entry.type, key) { try reader.modifier(key, json, at: JSONPath("root.modifiers[0]")) }
            }
        }
    }

    /// A view under any modifier read twice from a scene is the view read first (`ViewNode.adopting`), held views and
    /// all — but under a modifier that binds a shader or runs a closure, which is never the same as another: there only
    /// the view inside is taken.
    @Test func aModifierReadTwiceIsTheSameModifier() throws {
        // Shaders (the stock color effects are shaders too: a shader of one name may be compiled anew with other code,
        // as the preview reloads it) and closures.
        let neverSame: Set<String> = ["blendEffect", "colorEffect", "layerEffect", "distortionEffect", "brightness", "contrast",
                                      "saturation", "grayscale", "hueRotation", "colorMultiply", "colorInvert", "luminanceToAlpha",
                                      "onGeometryChange"]
        try Self.forEachSample { _, key, read in
            func view() throws -> ViewNode { ViewNode(.modified(Color.red.frame(width: 4, height: 4).node, try read())) }
            let first = try view()
            let adopted = try view().adopting(first)
            guard case .modified(let child, _) = adopted.kind, case .modified(let firstChild, _) = first.kind else {
                Issue.record("'\(key)' read as no modifier")
                return
            }
            #expect(child.identity == firstChild.identity, "'\(key)': the view inside was not taken")
            #expect((adopted.identity == first.identity) == !neverSame.contains(key), "'\(key)' read twice")
        }
    }

    @Test func aFrameWithAlignmentOrBoundsReadsAsAFlexibleFrame() throws {
        let reader = SceneReader(baseDirectory: "/nonexistent", images: .files)
        let aligned = try JSONValue(parsing: Data(#"{"width": 10, "alignment": "top"}"#.utf8))
        #expect(try reader.modifier("frame", aligned, at: JSONPath("")) is FlexibleFrame)
        let bounded = try JSONValue(parsing: Data(#"{"maxWidth": "infinity"}"#.utf8))
        #expect(try reader.modifier("frame", bounded, at: JSONPath("")) is FlexibleFrame)
    }

    // MARK: A modifier of the tests' own

    /// A 20×10 red bar under `Letterbox`, centred in a 20×20 canvas.
    static func bar(_ letterbox: Letterbox) -> ViewNode {
        ViewNode(.modified(Color(red: 1, green: 0, blue: 0).frame(width: 20, height: 10).node, letterbox))
    }

    @Test func aModifierOfItsOwnLaysOut() {
        let layout = FrameLayout()
        let node = Self.bar(Letterbox(top: 6, alpha: 1))
        let arranged = layout.arrange(node, proposed: SIMD2(20, 20))
        #expect(arranged.size == SIMD2(20, 16))
        #expect(arranged.children.count == 1)
        #expect(arranged.children[0].transform.apply(.zero) == SIMD2(0, 6))
        // Not see-through to a spacer, not only moving the drawing: the protocol's answers, not a default's.
        #expect(ViewNode(.modified(Spacer().node, Letterbox(top: 6, alpha: 1))).spacerLength == nil)
        #expect(!node.movesOnlyDrawing)
        // In a stack, its height is its own: 16 + 4 of the square below.
        #expect(Layout.size(of: VStack(spacing: 0) { node; Color.white.frame(width: 4, height: 4) }.node, proposed: SIMD2(50, 50)) == SIMD2(20, 20))
    }

    /// The bar drawn where the layout put it: rows 2…7 empty (the letterbox's top, the view centred in 20),
    /// rows 8…17 red at the modifier's opacity.
    @Test(arguments: Backend.allCases)
    func aModifierOfItsOwnDraws(backend: Backend) throws {
        let image = try backend.makeContext().render(Self.bar(Letterbox(top: 6, alpha: 0.5)), size: Size(width: 20, height: 20)).pixels
        for y in 0..<20 {
            let expected: SIMD4<Float> = (8..<18).contains(y) ? SIMD4(0.5, 0, 0, 0.5) : .zero
            expectClose(image[10, y], expected, "row \(y)")
        }
    }

    /// Halfway from (top 0, opaque) to (top 10, clear): top 5 at half opacity. The view is 15 high, centred, so the
    /// bar covers rows 7.5…17.5 — its coverage centre at 12.5 — at alpha 0.5.
    @Test(arguments: Backend.allCases)
    func aModifierOfItsOwnAnimates(backend: Backend) throws {
        let timeline = try Timeline(initial: Self.bar(Letterbox(top: 0, alpha: 1)),
                                    changes: [.init(at: 0, to: Self.bar(Letterbox(top: 10, alpha: 0)), animation: .linear(duration: 1))])
        let size = Size(width: 20, height: 20)
        let image = try backend.makeContext().render(timeline.view(at: 0.5, size: size), size: size).pixels
        let centre = try #require(ResolvedGeometryTests.centre(image, channel: 3, column: 10))
        #expect(abs(centre - 12.5) < 0.05, "the bar's centre at \(centre)")
        let alpha = (0..<20).map { image[10, $0].w }.max() ?? 0
        #expect(abs(alpha - 0.5) < 0.01, "the bar's alpha \(alpha)")
        // Another modifier in its place is another view: no interpolated value between them.
        #expect(Letterbox(top: 0, alpha: 1).interpolated(toward: OpacityEffect(value: 0.5), progress: 0.5) == nil)
    }

    /// The rows of `pixels` that hold any ink (alpha).
    static func inkRows(_ pixels: PixelBuffer) -> Int {
        (0..<pixels.height).filter { y in (0..<pixels.width).contains { pixels[$0, y].w > 0.1 } }.count
    }

    /// A modifier of its own that holds a view (`Caption`, its label under the child) is reached by every walk over a
    /// tree's views: a container's `font` sets its label's text, a tap finds it by its words, a geometry sweep sees
    /// an `onGeometryChange` inside it.
    @Test(arguments: Backend.allCases)
    func aModifierOfItsOwnThatHoldsAViewIsReachedByEveryWalk(backend: Backend) throws {
        let captioned = Color.clear.frame(width: 80, height: 4).modified(Caption(label: Text("Go").node))
        let size = Size(width: 80, height: 80)
        let context = try backend.makeContext()
        let plain = Self.inkRows(try context.render(captioned, size: size).pixels)
        let large = Self.inkRows(try context.render(VStack { captioned }.font(.system(size: 40)), size: size).pixels)
        #expect(plain > 4 && large > 2 * plain, "the label's ink: \(plain) rows, \(large) at 40 points")
        #expect(captioned.node.textStrings == ["Go"])
        let observed = Color.clear.frame(width: 8, height: 8)
            .modified(Caption(label: Text("Go").onGeometryChange(of: { $0.size.width }, action: { _ in }).node))
        #expect(GeometrySweep.observes(observed.node))
        #expect(!GeometrySweep.observes(captioned.node))
    }

    /// Whether a tree needs a geometry sweep is known from its root, however deep the observer stands: in a stack 300
    /// levels down, in a component's state that is not shown, or nowhere.
    @Test func anObserverIsFoundFromTheRootAtAnyDepth() throws {
        func nested(_ depth: Int, around leaf: ViewNode) -> ViewNode {
            (0..<depth).reduce(leaf) { inner, level in
                level % 2 == 0 ? HStack { Text("x"); inner }.node : VStack { inner }.padding(1).node
            }
        }
        let observer = Color.clear.onGeometryChange(of: { $0.size.width }, action: { _ in }).node
        #expect(GeometrySweep.observes(nested(300, around: observer)))
        #expect(!GeometrySweep.observes(nested(300, around: Color.clear.node)))
        let component = try StateSwitch(name: "c", states: ["plain": Color.clear, "watched": observer], initial: "plain")
        #expect(GeometrySweep.observes(nested(3, around: component.node)))
        let unwatched = try StateSwitch(name: "c", states: ["plain": Color.clear, "other": Text("y")], initial: "plain")
        #expect(!GeometrySweep.observes(nested(3, around: unwatched.node)))
    }
}

/// A modifier only these tests know that holds a view: `label` under the child, the view as tall as both.
struct Caption: ModifierRule {
    var label: ViewNode

    static let sceneKeys: [String] = []

    func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let childSize = layout.size(of: child, proposed: proposed)
        let labelSize = layout.size(of: label, proposed: proposed)
        return FrameLayout.Arrangement(size: SIMD2(max(childSize.x, labelSize.x), childSize.y + labelSize.y), children: [
            Layout.Placement(node: child, proposal: proposed, transform: .identity),
            Layout.Placement(node: label, proposal: proposed, transform: .translation(SIMD2(0, childSize.y))),
        ])
    }

    func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect {
        let other = arranged.children[1]
        return inner.union(layout.extent(of: other.node, proposed: other.proposal).applying(other.transform))
    }

    var keepsSpacer: Bool { false }

    func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { nil }

    var drawing: ModifierDrawing { .decoration(.overlay) }

    var drawnViews: [ViewNode] { [label] }

    func replacingHeldViews(_ transform: (ViewNode) -> ViewNode) -> any ModifierRule { Caption(label: transform(label)) }
}

/// A modifier only these tests know: the view is `top` points taller than its child, which sits at its bottom,
/// drawn at `alpha`.
struct Letterbox: ModifierRule {
    var top: Float
    var alpha: Float

    static let sceneKeys: [String] = []

    func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let offer = SIMD2(proposed.x, max(proposed.y - top, 0))
        let childSize = layout.size(of: child, proposed: offer)
        return FrameLayout.Arrangement(size: childSize + SIMD2(0, top),
                                       children: [Layout.Placement(node: child, proposal: offer, transform: .translation(SIMD2(0, top)))])
    }

    var keepsSpacer: Bool { false }

    func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? Letterbox else { return nil }
        return Letterbox(top: top + (other.top - top) * p, alpha: alpha + (other.alpha - alpha) * p)
    }

    var drawing: ModifierDrawing { .opacity(alpha) }
}

/// Answers every shader name and kind with a shader that takes no arguments: enough to read a scene's effects.
private struct AnyShaderProvider: SceneShaderProvider {
    func parameters(ofShader name: String, kind: EffectKind) throws -> [StitchableFunction.Parameter] { [] }

    func shader(named name: String, kind: EffectKind, arguments: [String: ArgumentValue]) throws -> EffectShader {
        EffectShader(name: name) { _, _ in throw SceneShaderProblem("not for rendering") }
    }
}
