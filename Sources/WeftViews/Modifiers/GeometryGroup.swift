/// `geometryGroup()`: the frames of the view's content are resolved relative to this view's during a change;
/// changes nothing drawn.
package struct GeometryGroup: ModifierRule, Hashable {
    package init() {}

    package static let sceneKeys = ["geometryGroup"]

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package var isGeometryBoundary: Bool { true }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? GeometryGroup }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}

extension View {
    /// Resolves the geometry of this view's content at this boundary during a change: the frames of the views
    /// inside are interpolated relative to this view's, so they move with it (docs/animation.md).
    public func geometryGroup() -> ModifiedView { modified(GeometryGroup()) }
}
