import WeftImage

/// A second view laid out in a view's frame (proposed the view's size, placed by `alignment`): drawn over it, under it,
/// or keeping the view only where it is opaque.
package struct Decoration: ModifierRule, Equatable {
    package enum Role: Sendable, Hashable {
        case overlay, background, mask
    }
    package var view: ViewNode
    package var role: Role
    package var alignment: UnitPoint

    package init(view: ViewNode, role: Role, alignment: UnitPoint) {
        self.view = view
        self.role = role
        self.alignment = alignment
    }

    /// The same role and alignment over the very same view.
    package static func == (a: Decoration, b: Decoration) -> Bool {
        a.view.identity == b.view.identity && a.role == b.role && a.alignment == b.alignment
    }

    package static let sceneKeys = ["overlay", "background", "mask", "clipShape", "clipped", "cornerRadius", "border"]

    /// The view is its child's size; the decoration is offered that size and placed in it by `alignment`.
    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let childSize = layout.size(of: child, proposed: proposed)
        let decorationSize = layout.size(of: view, proposed: childSize)
        return FrameLayout.Arrangement(size: childSize, children: [
            Layout.Placement(node: child, proposal: proposed, transform: .identity),
            Layout.Placement(node: view, proposal: childSize, transform: .translation((childSize - decorationSize) * alignment.vector)),
        ])
    }

    /// Where the child draws and, but for a mask, where the decoration draws.
    package func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect {
        guard role != .mask else { return inner }
        let other = arranged.children[1]
        return inner.union(layout.extent(of: other.node, proposed: other.proposal).applying(other.transform))
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        interpolated(toward: other, progress: p, change: ChangeProgress(outside: p))
    }

    /// The same role: the decorations interpolate as views (each part at its progress in `change`), the alignment as a
    /// point.
    package func interpolated(toward other: any ModifierRule, progress p: Float, change: ChangeProgress) -> (any ModifierRule)? {
        guard let y = other as? Decoration, role == y.role else { return nil }
        return Decoration(view: Interpolation.between(view, y.view, progress: p, in: change), role: y.role,
                          alignment: Interpolation.lerp(alignment, y.alignment, p))
    }

    package var drawing: ModifierDrawing { .decoration(role) }

    package var drawnViews: [ViewNode] { [view] }

    package func replacingHeldViews(_ transform: (ViewNode) -> ViewNode) -> any ModifierRule {
        Decoration(view: transform(view), role: role, alignment: alignment)
    }
}

extension View {
    /// `content` drawn over the view, in its frame.
    public func overlay(_ content: some View, alignment: UnitPoint = .center) -> ModifiedView {
        modified(Decoration(view: content.node, role: .overlay, alignment: alignment))
    }
    /// `content` drawn beneath the view, in its frame.
    public func background(_ content: some View, alignment: UnitPoint = .center) -> ModifiedView {
        modified(Decoration(view: content.node, role: .background, alignment: alignment))
    }
    /// `shape` filled with `style` beneath the view, in its frame.
    public func background(_ style: some ShapeStyle, in shape: some Shape) -> ModifiedView {
        background(shape.fill(style))
    }
    /// The view kept where `mask` is opaque, in proportion to its alpha.
    public func mask(_ mask: some View, alignment: UnitPoint = .center) -> ModifiedView {
        modified(Decoration(view: mask.node, role: .mask, alignment: alignment))
    }
    /// The view cut to `shape` in its frame, filled by `rule`.
    public func clipShape(_ shape: some Shape, rule: FillRule = .nonZero) -> ModifiedView {
        rule == .nonZero ? mask(shape.fill(Color.black)) : mask(shape.fill(Color.black, rule: rule))
    }
    /// The view cut to its frame.
    public func clipped() -> ModifiedView { clipShape(Rectangle()) }
    /// The view cut to a rounded rectangle of its frame.
    public func cornerRadius(_ radius: Float) -> ModifiedView { clipShape(RoundedRectangle(cornerRadius: radius)) }
    /// A line of `width` inside the view's frame, drawn over it.
    public func border(_ style: some ShapeStyle, width: Float = 1) -> ModifiedView {
        overlay(Rectangle().strokeBorder(style, lineWidth: width))
    }
}
