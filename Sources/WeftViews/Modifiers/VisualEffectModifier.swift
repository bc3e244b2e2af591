/// `visualEffect`: effects chosen from the view's laid-out size. Laying the view out runs `effect` on its content and
/// a proxy of its size, and the result is what is drawn in the content's place; the effects change nothing of the
/// layout (SwiftUI's visual effects do not).
package struct VisualEffectModifier: ModifierRule {
    let effect: @Sendable (ViewNode, GeometryProxy) -> ViewNode

    package static let sceneKeys: [String] = []

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let size = layout.size(of: child, proposed: proposed)
        let drawn = effect(child, GeometryProxy(size: Size(width: size.x, height: size.y), origin: .zero))
        return FrameLayout.Arrangement(size: size, children: [Layout.Placement(node: drawn, proposal: proposed, transform: .identity)])
    }

    package var keepsSpacer: Bool { false }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? VisualEffectModifier }

    package var drawing: ModifierDrawing { .child }
}

extension View {
    /// SwiftUI's `visualEffect`: `effect` gets the view and a proxy of its laid-out size (its origin is the view's own
    /// corner, (0, 0): docs/swiftui.md) and returns the view with effects applied — offsets, scales, rotations,
    /// opacity, blur, shader effects. Built again whenever the view is laid out, so in a `TimelineView` every frame.
    public func visualEffect(_ effect: @escaping @Sendable (ModifiedView, GeometryProxy) -> ModifiedView) -> ModifiedView {
        modified(VisualEffectModifier { content, proxy in effect(ModifiedView(content), proxy).node })
    }
}
