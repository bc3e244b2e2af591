/// SwiftUI's `Group`: its views, as if written where the group is. Written in a container they are its children; a
/// modifier on the group acts on each of them (`eachView`); on its own the group stacks them like a `ZStack`.
public struct Group: View, ViewList {
    package let children: [ViewNode]
    public init(@ViewBuilder content: () throws -> [ViewNode]) rethrows { children = try content() }
    public var node: ViewNode { ViewNode(.stack(children)) }
}

/// No view: nothing drawn and no room taken, in a stack not even its spacing.
public struct EmptyView: View, ViewList {
    public init() {}
    package var children: [ViewNode] { [] }
    public var node: ViewNode { ViewNode(.stack([])) }
}
