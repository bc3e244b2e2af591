/// Where a view stands during a change (what `GeometryBlend` resolves): its frame's origin in its parent's
/// layout space and its size. The parent places the view there instead of laying it out; changes nothing drawn.
package struct GroupAnchor: ModifierRule, Hashable {
    var origin: SIMD2<Float>
    var size: SIMD2<Float>

    package static let sceneKeys: [String] = []

    /// The view is the pin's size; its child is offered that size and placed at the view's origin (the parent places
    /// the view at the pin's origin: `FrameLayout.arrange`).
    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        FrameLayout.Arrangement(size: size, children: [Layout.Placement(node: child, proposal: size, transform: .identity)])
    }

    package var keepsSpacer: Bool { true }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let y = other as? GroupAnchor else { return nil }
        return GroupAnchor(origin: Interpolation.lerp(origin, y.origin, p), size: pointwiseMax(Interpolation.lerp(size, y.size, p), .zero))
    }

    package var drawing: ModifierDrawing { .child }
}
