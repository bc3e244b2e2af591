extension ForEach {
    /// SwiftUI's `ForEach(_:id:content:)`. The identity does not reach the view tree: across states the views match by
    /// position unless they carry an `.id` (docs/swiftui.md). `ForEach` over `Identifiable` elements is `init(_:content:)`.
    public init<ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) throws -> [ViewNode]) rethrows {
        try self.init(data, content: content)
    }
}
