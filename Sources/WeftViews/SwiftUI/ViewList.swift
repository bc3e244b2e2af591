/// A view that stands for several views: written in a container, its views are the container's children (SwiftUI's
/// `ForEach`, `Group`, `EmptyView` and a body of several views are no containers). On its own it stacks them like a
/// `ZStack`'s children.
package protocol ViewList {
    var children: [ViewNode] { get }
}

/// What a `@ViewBuilder` body or property builds: the views written, in order. One view is that view; several are
/// a list (`ViewList`).
public struct BuiltViews: View, ViewList {
    package let children: [ViewNode]
    package init(_ children: [ViewNode]) { self.children = children }
    public var node: ViewNode { children.count == 1 ? children[0] : ViewNode(.stack(children)) }
}

extension View {
    /// The views `self` adds to a container it is written in: the list of a `ViewList`, the children of a composite
    /// view's body, else its node.
    var containerChildren: [ViewNode] {
        if let list = self as? any ViewList { return list.children }
        if Body.self == Never.self { return [node] }
        return body.containerChildren
    }
}
