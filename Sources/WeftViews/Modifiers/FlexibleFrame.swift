/// A frame with bounds (`frame(minWidth:maxWidth:…)`): each side follows the offer, clamped to
/// the bounds given, and hugs the child where a bound is missing.
package struct FlexibleFrame: ModifierRule, Hashable {
    var minWidth, maxWidth, minHeight, maxHeight: Float?
    var alignment: UnitPoint

    package init(minWidth: Float?, maxWidth: Float?, minHeight: Float?, maxHeight: Float?, alignment: UnitPoint) {
        (self.minWidth, self.maxWidth, self.minHeight, self.maxHeight) = (minWidth, maxWidth, minHeight, maxHeight)
        self.alignment = alignment
    }

    /// The offer to the child: the offer clamped to the bounds given.
    func proposal(_ offer: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(Self.clamp(offer.x, minWidth, maxWidth), Self.clamp(offer.y, minHeight, maxHeight))
    }

    /// The frame's size: the offer clamped between the bounds, a missing bound being the child's size.
    func size(offer: SIMD2<Float>, child: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(Self.clamp(offer.x, minWidth ?? child.x, maxWidth ?? child.x),
              Self.clamp(offer.y, minHeight ?? child.y, maxHeight ?? child.y))
    }

    /// Written under `frame` with min/max bounds (FixedFrame's key).
    package static let sceneKeys: [String] = []

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let offer = proposal(proposed)
        var (childSize, placed) = layout.placing(child, proposed: offer)
        let total = size(offer: proposed, child: childSize)
        placed.transform = .translation((total - childSize) * alignment.vector)
        return FrameLayout.Arrangement(size: total, children: [placed])
    }

    package var keepsSpacer: Bool { false }

    /// A child that takes the size offered is the frame's size, whatever the bounds (at least zero): inside it.
    package func overhang(of child: ViewNode) -> Float {
        let bounds = [minWidth, maxWidth, minHeight, maxHeight].compactMap { $0 }
        return child.takesOffer && bounds.allSatisfy({ $0 >= 0 }) ? child.overhang : .infinity
    }

    /// Toward another flexible frame, bound by bound (an unbounded or missing bound at either end takes the new one);
    /// toward a fixed frame, only from equal bounds (then both are the one frame modifier, `FixedFrame.asFlexible`).
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        if let fixed = other as? FixedFrame {
            guard asFixed != nil else { return nil }
            return interpolated(toward: fixed.asFlexible, progress: p)
        }
        guard let y = other as? FlexibleFrame else { return nil }
        func bound(_ u: Float?, _ v: Float?) -> Float? {
            guard let u, let v, u.isFinite, v.isFinite else { return v }
            return max(Interpolation.lerp(u, v, p), 0)
        }
        return FlexibleFrame(minWidth: bound(minWidth, y.minWidth), maxWidth: bound(maxWidth, y.maxWidth),
                             minHeight: bound(minHeight, y.minHeight), maxHeight: bound(maxHeight, y.maxHeight),
                             alignment: Interpolation.lerp(alignment, y.alignment, p))
    }

    package var drawing: ModifierDrawing { .child }

    /// This frame when its bounds are equal (a fixed frame placed by its alignment); nil when it has a range.
    var asFixed: FlexibleFrame? { minWidth == maxWidth && minHeight == maxHeight ? self : nil }

    /// max(lower, min(upper, value)): the lower bound wins when the bounds cross.
    static func clamp(_ value: Float, _ lower: Float?, _ upper: Float?) -> Float {
        max(lower ?? -.infinity, min(upper ?? .infinity, value))
    }
}

extension View {
    /// SwiftUI's flexible frame: offers the child the offer clamped to the bounds; takes the offer
    /// clamped between the bounds (a missing bound is the child's size); places the child by `alignment`.
    /// `maxWidth: .infinity` takes all the width offered.
    public func frame(minWidth: Float? = nil, maxWidth: Float? = nil, minHeight: Float? = nil, maxHeight: Float? = nil,
                      alignment: UnitPoint = .center) -> ModifiedView {
        modified(FlexibleFrame(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment))
    }

    /// A fixed frame whose child sits at `alignment`.
    public func frame(width: Float? = nil, height: Float? = nil, alignment: UnitPoint) -> ModifiedView {
        guard alignment != .center else { return frame(width: width, height: height) }
        return modified(FlexibleFrame(minWidth: width, maxWidth: width, minHeight: height, maxHeight: height, alignment: alignment))
    }
}
