import WeftImage
import WeftRuntime

/// What one modifier does, in one place (as SwiftUI's `ViewModifier` and `Layout` keep theirs): how it lays out its
/// view, how far the view draws, how it animates, how lowering draws it and what a scene file calls it. A view tree
/// holds modifiers as `ViewNode.Kind.modified(child, rule)`; layout, interpolation, lowering and the scene reader ask
/// the rule and never switch over the modifiers, so a new modifier is one type in one file (docs/architecture.md).
package protocol ModifierRule: Sendable {
    /// The keys a scene file writes this modifier under; empty for one that only Weft itself puts in a tree.
    static var sceneKeys: [String] { get }

    /// The modified view's size at `proposed` and its children's placements (the child first, then any view the
    /// modifier holds), sizing children through `layout`. By default the child's own size and place.
    func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement

    /// Where the modified view can draw in its own space, from where its child draws (`inner`, already placed) and
    /// the view's `arranged` layout. By default where the child draws.
    func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect

    /// How far beyond its frame the modified view can draw, in points of its own space, at any offer
    /// (`LayoutTraits.overhang`), given its `child`. Unbounded by default, which is always right, only slower; a
    /// modifier that places its child inside its own frame and draws nothing beyond the child says so.
    func overhang(of child: ViewNode) -> Float

    /// Whether a stack sees through this modifier to a `Spacer` under it: true for a modifier that changes nothing of
    /// its child's layout.
    var keepsSpacer: Bool { get }

    /// Whether the child keeps the view's own frame and is only drawn moved (offset, rotation, scale). False by default.
    var movesOnlyDrawing: Bool { get }

    /// Whether the frames of the content are resolved relative to this view's during a change (`geometryGroup()`,
    /// `drawingGroup()`). False by default.
    var isGeometryBoundary: Bool { get }

    /// Whether the view's size and its children's placements are the same whatever height it is offered, given whether
    /// its child's are (`childIgnores`): then layout answers every height with one arrangement (`LayoutTraits`). False
    /// by default, which is always right, only slower; a modifier that offers its child the height it was offered and
    /// sizes itself from the child's size, or that fixes the height it offers, says so.
    func ignoresHeightOffer(childIgnores: Bool) -> Bool

    /// Whether the view's size and its children's placements are the same whatever it is offered, given whether its
    /// child's are (`childIgnores`): then layout answers every offer with one arrangement (`LayoutTraits`). False by
    /// default, which is always right, only slower; true implies `ignoresHeightOffer`.
    func ignoresOffer(childIgnores: Bool) -> Bool

    /// This modifier `progress` of the way toward `other` (0 = this, 1 = `other`); nil when `other` is another
    /// modifier, so that the two views are different views (the old one leaves, the new one enters).
    func interpolated(toward other: any ModifierRule, progress: Float) -> (any ModifierRule)?

    /// `interpolated(toward:progress:)` in a change whose parts may move under animations of their own: a modifier
    /// that holds views interpolates each part of them at its progress in `change`.
    func interpolated(toward other: any ModifierRule, progress: Float, change: ChangeProgress) -> (any ModifierRule)?

    /// What lowering does with the view.
    var drawing: ModifierDrawing { get }

    /// The views the modifier holds besides its child that are drawn with it (a decoration's view), in the order its
    /// arrangement places them after the child. None by default.
    var drawnViews: [ViewNode] { get }

    /// Every view the modifier holds besides its child, drawn or not (a component's states too): what a walk that
    /// reaches every view of a tree visits. Its drawn views by default.
    var heldViews: [ViewNode] { get }

    /// The modifier with each of its `heldViews`, in their order, replaced by what `transform` makes of it. Itself by
    /// default.
    func replacingHeldViews(_ transform: (ViewNode) -> ViewNode) -> any ModifierRule

    /// Whether `other` is this very modifier: the same type with equal values, its held views the same nodes — so that a
    /// view under it may stand for a view under `other` (`ViewNode.adopting(_:)`). An `Equatable` modifier compares its
    /// values; any other (one holding closures or shaders) is never the same as another.
    func isSame(as other: any ModifierRule) -> Bool
}

/// The few things lowering can do for a modifier; every modifier is drawn as one of these. A modifier that only lays
/// out or names (frames, offsets, ids, anchors) is `.child`: its child drawn where the modifier placed it.
package enum ModifierDrawing: Sendable {
    /// The child, drawn through its placement.
    case child
    /// The child with its alpha scaled.
    case opacity(Float)
    /// The child composited through `BlendMode`.
    case blendMode(BlendMode)
    /// The child over its shadow.
    case shadow(Shadow)
    /// The child composed alone in a layer, in `mode` (nil: the canvas's), then composited once; opaque fills the
    /// view's bounds first.
    case group(mode: ColorMode?, opaque: Bool)
    /// The child's layer run through a color, layer or distortion shader, grown by `padding` points.
    case effect(EffectKind, EffectShader, padding: SIMD2<Float>)
    /// The child's layer combined with what lies beneath through a blend shader.
    case blendEffect(EffectShader)
    /// The child with the modifier's second view (the arrangement's second child) over, under or masking it.
    case decoration(Decoration.Role)
    /// The child's layer blurred by a Gaussian of `sigma` points.
    case blur(sigma: Float)
}

extension ModifierRule {
    package func interpolated(toward other: any ModifierRule, progress: Float, change: ChangeProgress) -> (any ModifierRule)? {
        interpolated(toward: other, progress: progress)
    }

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let (size, placed) = layout.placing(child, proposed: proposed)
        return FrameLayout.Arrangement(size: size, children: [placed])
    }

    package func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect { inner }

    package func overhang(of child: ViewNode) -> Float { .infinity }

    package var movesOnlyDrawing: Bool { false }

    package var isGeometryBoundary: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { false }

    package func ignoresOffer(childIgnores: Bool) -> Bool { false }

    package var drawnViews: [ViewNode] { [] }

    package var heldViews: [ViewNode] { drawnViews }

    package func replacingHeldViews(_ transform: (ViewNode) -> ViewNode) -> any ModifierRule { self }

    /// The modifier with its `heldViews` replaced by `views`, in their order (as many).
    func replacingHeldViews(with views: [ViewNode]) -> any ModifierRule {
        var next = views.makeIterator()
        return replacingHeldViews { _ in next.next()! }
    }

    package func isSame(as other: any ModifierRule) -> Bool { false }

    /// The child sized at `proposed` and drawn moved by `transform(childSize)`; the view keeps the child's size.
    func movingDrawing(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout,
                       by transform: (SIMD2<Float>) -> Affine) -> FrameLayout.Arrangement {
        var (childSize, placed) = layout.placing(child, proposed: proposed)
        placed.transform = transform(childSize)
        return FrameLayout.Arrangement(size: childSize, children: [placed])
    }
}

extension ModifierRule where Self: Equatable {
    package func isSame(as other: any ModifierRule) -> Bool {
        // The types compared first, so that the value is read as this type without a dynamic cast (a frame compares
        // thousands of modifiers).
        guard type(of: other) == Self.self else { return false }
        func equals<Other: ModifierRule>(_ other: Other) -> Bool {
            withUnsafePointer(to: other) { $0.withMemoryRebound(to: Self.self, capacity: 1) { $0.pointee == self } }
        }
        return equals(other)
    }
}

extension View {
    func modified(_ rule: some ModifierRule) -> ModifiedView { eachView { ViewNode(.modified($0, rule)) } }
}
