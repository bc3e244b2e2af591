/// Where a view stands during a change (what `GeometryBlend` resolves): its frame's origin in its parent's
/// layout space and its size. The parent places the view there instead of laying it out; changes nothing drawn.
package struct GroupAnchor: Sendable, Hashable {
    var origin: SIMD2<Float>
    var size: SIMD2<Float>
}

extension View {
    /// Resolves the geometry of this view's content at this boundary during a change: the frames of the views
    /// inside are interpolated relative to this view's, so they move with it (docs/animation.md).
    public func geometryGroup() -> ModifiedView { modified(.geometryGroup) }
}
