/// SwiftUI's `Group`: its views, as if written where the group is. Written in a container they are its children; on its
/// own (or modified) the group stacks them like a `ZStack`, and a modifier acts on that stack once (SwiftUI applies a
/// group's modifiers to each view; docs/swiftui.md).
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
