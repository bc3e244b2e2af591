/// `frame(width:height:)`: offers the child the given sides (a nil side passes the offer through) and centres it in
/// a frame of those sides (a nil side is the child's).
package struct FixedFrame: ModifierRule, Hashable {
    package var width: Float?
    package var height: Float?

    package init(width: Float?, height: Float?) {
        self.width = width
        self.height = height
    }

    package static let sceneKeys = ["frame"]

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let offer = SIMD2(width ?? proposed.x, height ?? proposed.y)
        var (childSize, placed) = layout.placing(child, proposed: offer)
        let total = SIMD2(width ?? childSize.x, height ?? childSize.y)
        placed.transform = .translation((total - childSize) / 2)
        return FrameLayout.Arrangement(size: total, children: [placed])
    }

    package var keepsSpacer: Bool { false }

    /// A child that takes the size offered is the frame's size: inside it.
    package func overhang(of child: ViewNode) -> Float {
        child.takesOffer && (width ?? 0) >= 0 && (height ?? 0) >= 0 ? child.overhang : .infinity
    }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { height != nil || childIgnores }

    package func ignoresOffer(childIgnores: Bool) -> Bool { (width != nil && height != nil) || childIgnores }

    /// Toward another fixed frame, side by side (a side nil at either end takes the new one); toward a flexible frame
    /// with equal bounds, as two flexible frames (`FlexibleFrame.asFixed`).
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        if let flexible = other as? FlexibleFrame {
            guard flexible.asFixed != nil else { return nil }
            return asFlexible.interpolated(toward: flexible, progress: p)
        }
        guard let other = other as? FixedFrame else { return nil }
        func side(_ x: Float?, _ y: Float?) -> Float? {
            guard let x, let y else { return y }
            return max(Interpolation.lerp(x, y, p), 0)
        }
        return FixedFrame(width: side(width, other.width), height: side(height, other.height))
    }

    package var drawing: ModifierDrawing { .child }

    /// The same frame as a flexible one with equal bounds, centred: SwiftUI's one frame modifier.
    var asFlexible: FlexibleFrame {
        FlexibleFrame(minWidth: width, maxWidth: width, minHeight: height, maxHeight: height, alignment: .center)
    }
}

extension View {
    /// Offers the view this size (a nil side passes the offer through) and centres it in the frame.
    public func frame(width: Float? = nil, height: Float? = nil) -> ModifiedView {
        modified(FixedFrame(width: width, height: height))
    }
}
