/// SwiftUI's lengths are Core Graphics' `CGFloat`; Weft's are `Float`, so code written for SwiftUI that names
/// `CGFloat` or `CGSize` means Weft's. A file that also imports Foundation (whose `CGFloat` is a `Double`) writes
/// `Weft.CGFloat` (docs/swiftui.md).
public typealias CGFloat = Float
public typealias CGSize = Size

/// A point in a view's or scene's space, in points (SwiftUI's `CGPoint`).
public struct CGPoint: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public init(x: Float, y: Float) { (self.x, self.y) = (x, y) }
    public static let zero = CGPoint(x: 0, y: 0)
}

/// A rectangle in points (SwiftUI's `CGRect`): `minX`, `midY`, `width`… as Core Graphics names them.
public typealias CGRect = Rect
