import WeftImage

/// A second view laid out in a view's frame (proposed the view's size, placed by `alignment`): drawn over it, under it,
/// or keeping the view only where it is opaque.
package struct Decoration: Sendable {
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
}

extension View {
    /// `content` drawn over the view, in its frame.
    public func overlay(_ content: some View, alignment: UnitPoint = .center) -> ModifiedView {
        modified(.decoration(Decoration(view: content.node, role: .overlay, alignment: alignment)))
    }
    /// `content` drawn beneath the view, in its frame.
    public func background(_ content: some View, alignment: UnitPoint = .center) -> ModifiedView {
        modified(.decoration(Decoration(view: content.node, role: .background, alignment: alignment)))
    }
    /// `shape` filled with `style` beneath the view, in its frame.
    public func background(_ style: some ShapeStyle, in shape: some Shape) -> ModifiedView {
        background(shape.fill(style))
    }
    /// The view kept where `mask` is opaque, in proportion to its alpha.
    public func mask(_ mask: some View, alignment: UnitPoint = .center) -> ModifiedView {
        modified(.decoration(Decoration(view: mask.node, role: .mask, alignment: alignment)))
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
    /// A Gaussian blur of the composed view; the radius is read as 2σ, as shadows read theirs.
    public func blur(radius: Float) -> ModifiedView { modified(.blur(radius: max(radius, 0))) }
}
