/// `visualEffect`: effects chosen from the view's laid-out geometry. Laying the view out runs `effect` on its content
/// and a proxy of its size and its frame in the scene (`origin`, given by `ViewNode.placingVisualEffects(size:layout:)`
/// before a frame is drawn), and the result is what is drawn in the content's place; the effects change nothing of the
/// layout (SwiftUI's visual effects do not).
package struct VisualEffectModifier: ModifierRule {
    let effect: @Sendable (ViewNode, GeometryProxy) -> ViewNode
    /// The view's top-leading corner in the scene; nil until the tree is placed (then the proxy's origin is (0, 0)).
    var origin: SIMD2<Float>?

    package static let sceneKeys: [String] = []

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let size = layout.size(of: child, proposed: proposed)
        let drawn = effect(child, GeometryProxy(size: Size(width: size.x, height: size.y), origin: origin ?? .zero))
        return FrameLayout.Arrangement(size: size, children: [Layout.Placement(node: drawn, proposal: proposed, transform: .identity)])
    }

    package var keepsSpacer: Bool { false }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? VisualEffectModifier }

    package var drawing: ModifierDrawing { .child }
}

extension ViewNode {
    /// The tree laid out at `size` with every `visualEffect` given its view's top-leading corner in the scene (the
    /// layout's placements from the root, as `onGeometryChange` sees them); the tree itself when it has none. The
    /// content of a visual effect is placed where the effect is: other visual effects do not move it.
    package func placingVisualEffects(size: SIMD2<Float>, layout: FrameLayout) -> ViewNode {
        guard deferred.contains(.place) else { return self }
        return placingVisualEffects(proposed: size, transform: layout.rootTransform(self, size: size), layout: layout)
    }

    private func placingVisualEffects(proposed: SIMD2<Float>, transform: Affine, layout: FrameLayout) -> ViewNode {
        guard deferred.contains(.place) else { return self }
        if case .modified(let child, var effect as VisualEffectModifier) = kind, effect.origin == nil {
            effect.origin = Rect(size: layout.size(of: child, proposed: proposed)).applying(transform).origin
            return ViewNode(.modified(child.placingVisualEffects(proposed: proposed, transform: transform, layout: layout), effect))
        }
        // The placements follow the view's parts in order (a modifier's child, then the views it holds), some parts
        // not placed (a component's hidden states): each part takes the next placement of the same node.
        let placements = layout.arrange(self, proposed: proposed).children
        var next = placements.startIndex
        func placed(_ part: ViewNode) -> ViewNode {
            guard let index = placements[next...].firstIndex(where: { $0.node.identity == part.identity }) else { return part }
            next = index + 1
            let placement = placements[index]
            return part.placingVisualEffects(proposed: placement.proposal, transform: transform * placement.transform, layout: layout)
        }
        switch kind {
        case .shape, .image, .text, .spacer:
            return self
        case .stack(let children, let alignment):
            return ViewNode(.stack(children.map(placed), alignment: alignment))
        case .stacked(let stack, let children):
            return ViewNode(.stacked(stack, children.map(placed)))
        case .grid(let grid, let children):
            return ViewNode(.grid(grid, children.map(placed)))
        case .modified(let child, let rule):
            let placedChild = placed(child)
            return ViewNode(.modified(placedChild, rule.replacingHeldViews(placed)))
        }
    }
}

extension View {
    /// SwiftUI's `visualEffect`: `effect` gets the view and a proxy of its laid-out geometry — its size and its frame
    /// in the scene (`proxy.frame(in: .global)`) — and returns the view with effects applied: offsets, scales,
    /// rotations, opacity, blur, shader effects. Built again whenever the view is laid out, so in a `TimelineView`
    /// every frame.
    public func visualEffect(_ effect: @escaping @Sendable (ModifiedView, GeometryProxy) -> ModifiedView) -> ModifiedView {
        modified(VisualEffectModifier { content, proxy in effect(ModifiedView(content), proxy).node })
    }
}
