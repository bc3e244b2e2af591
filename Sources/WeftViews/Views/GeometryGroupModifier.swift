/// SwiftUI's ungrouped default and `geometryGroup()` (docs/animation.md).
///
/// Without a group, a view that enters or leaves during a change does not follow its moving
/// container: it stands where its own state puts it in the scene (the new state for one entering,
/// the old for one leaving). `geometryGroup()` resolves the container's geometry at that boundary:
/// views inside are placed relative to the group as it moves, so they travel together.
///
/// Each stack child of both states is marked with its origin relative to its nearest group (or the
/// canvas); after interpolation, a child that entered or left is moved back onto its mark.
package struct GroupAnchor: Sendable {
    var origin: SIMD2<Float>
    /// Whether the view exists in both states (then it interpolates like any other view).
    var matched = false
}

extension View {
    /// Resolves this view's geometry at this boundary during a change: views inside that enter or leave
    /// move with it, instead of standing where their own state puts them in the scene.
    public func geometryGroup() -> ModifiedView { modified(.geometryGroup) }
}
