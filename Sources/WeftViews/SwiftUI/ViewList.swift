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
        if let unbuilt = Evaluation.current?.unbuiltBody(of: self) { return [unbuilt] }
        return body.containerChildren
    }

    /// `transform` applied to each view `self` stands for (`containerChildren`): how a modifier acts. On a list — a
    /// `Group`, a `ForEach`, a body of several views — it acts on each of the list's views, as SwiftUI's modifiers do;
    /// a view's structural name stays outermost, so the modified view keeps its identity.
    func eachView(_ transform: (ViewNode) -> ViewNode) -> ModifiedView {
        ModifiedView(each: containerChildren.map { $0.keepingStructuralName(transform) })
    }
}

/// The mark of a modified list of views (`ModifiedView`) on the stack of its views: in a container they are its
/// children; alone, the stack. Changes nothing drawn.
package struct ModifiedList: ModifierRule, Equatable {
    package static let sceneKeys: [String] = []
    package var keepsSpacer: Bool { true }
    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? ModifiedList }
    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}
