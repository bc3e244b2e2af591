import WeftImage

extension Edge {
    /// SwiftUI's edge sets, for `padding(_:_:)`.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.horizontal, .vertical]
    }
}

extension View {
    /// SwiftUI's `padding(_:_:)`: `length` points (the default padding when nil) on the edges named.
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> ModifiedView {
        let l = length ?? EdgeInsets.defaultPadding
        return padding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                  bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))
    }
}

extension EdgeInsets {
    /// The padding `padding()` adds on every edge, points (SwiftUI's on iOS).
    public static let defaultPadding: Float = 16
}

/// SwiftUI's shapes by name where a shape is asked for (`.background(color, in: .capsule)`).
extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
}
extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}
extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}
extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat) -> RoundedRectangle { RoundedRectangle(cornerRadius: cornerRadius) }
}

extension Color {
    /// SwiftUI's `Color.opacity(_:)`: the colour with its alpha multiplied by `value` (clamped to 0…1).
    public func opacity(_ value: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * Float(min(max(value, 0), 1)))
    }
}

extension View {
    /// SwiftUI's `overlay(alignment:content:)`: the views built drawn over the view, in its frame.
    public func overlay(alignment: UnitPoint = .center, @ViewBuilder content: () throws -> [ViewNode]) rethrows -> ModifiedView {
        overlay(ZStack.of(try content(), alignment: alignment), alignment: alignment)
    }

    /// SwiftUI's `background(_:)` of a shape style (`.background(.black)`): the view's frame filled with `style`
    /// beneath it.
    public func background<Style: ShapeStyle>(_ style: Style) -> ModifiedView { background(style, in: Rectangle()) }

    /// SwiftUI's `background(alignment:content:)`: the views built drawn beneath the view, in its frame.
    public func background(alignment: UnitPoint = .center, @ViewBuilder content: () throws -> [ViewNode]) rethrows -> ModifiedView {
        background(ZStack.of(try content(), alignment: alignment), alignment: alignment)
    }
}

extension ZStack {
    /// One view as itself, several stacked.
    static func of(_ views: [ViewNode], alignment: UnitPoint) -> ViewNode {
        views.count == 1 ? views[0] : ZStack(alignment: alignment, children: views).node
    }
}
