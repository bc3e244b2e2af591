/// `padding`: offers the child the offer less the insets and is the child's size plus them.
package struct PaddingLayout: ModifierRule, Hashable {
    package var insets: EdgeInsets

    package init(insets: EdgeInsets) {
        self.insets = insets
    }

    package static let sceneKeys = ["padding"]

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let e = insets
        let total = SIMD2(e.leading + e.trailing, e.top + e.bottom)
        let offer = pointwiseMax(proposed - total, .zero)
        var (childSize, placed) = layout.placing(child, proposed: offer)
        placed.transform = .translation(SIMD2(e.leading, e.top))
        return FrameLayout.Arrangement(size: childSize + total, children: [placed])
    }

    package var keepsSpacer: Bool { false }

    /// The child lies inside insets of at least zero.
    package func overhang(of child: ViewNode) -> Float {
        min(insets.top, insets.leading, insets.bottom, insets.trailing) >= 0 ? child.overhang : .infinity
    }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let y = other as? PaddingLayout else { return nil }
        func side(_ a: Float, _ b: Float) -> Float { max(Interpolation.lerp(a, b, p), 0) }
        let (a, b) = (insets, y.insets)
        return PaddingLayout(insets: EdgeInsets(top: side(a.top, b.top), leading: side(a.leading, b.leading),
                                                bottom: side(a.bottom, b.bottom), trailing: side(a.trailing, b.trailing)))
    }

    package var drawing: ModifierDrawing { .child }
}

extension View {
    public func padding(_ insets: EdgeInsets) -> ModifiedView { modified(PaddingLayout(insets: insets)) }
    public func padding(_ length: Float = EdgeInsets.defaultPadding) -> ModifiedView { modified(PaddingLayout(insets: EdgeInsets(all: length))) }
}
