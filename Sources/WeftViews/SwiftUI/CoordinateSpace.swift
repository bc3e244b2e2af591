/// The spaces a `GeometryProxy` gives a frame in (SwiftUI's `CoordinateSpace`). Weft has no named spaces nor scroll
/// views, so only the scene's and the view's own exist.
public enum CoordinateSpace: Sendable, Hashable {
    /// The scene's space: the root's top-leading corner is (0, 0).
    case global
    /// The view's own space: its top-leading corner is (0, 0).
    case local
}

extension GeometryProxy {
    /// The view's laid-out frame in `space`, points: SwiftUI's `proxy.frame(in: .global)`.
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .global: Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        case .local: Rect(x: 0, y: 0, width: size.width, height: size.height)
        }
    }
}
