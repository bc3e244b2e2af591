extension ForEach {
    /// SwiftUI's `ForEach(_:id:content:)`: each element's views are the element's, identified by `id` across states.
    public init<ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) throws -> [ViewNode]) rethrows {
        try self.init(data, id: { element, _ in element[keyPath: id] }, content: content)
    }
}

extension ForEach where Data.Element: Identifiable {
    /// SwiftUI's `ForEach` over `Identifiable` elements: each element's views are identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: (Data.Element) throws -> [ViewNode]) rethrows {
        try self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int> {
    /// SwiftUI's `ForEach` over a range: each number identifies its views.
    public init(_ data: Range<Int>, @ViewBuilder content: (Int) throws -> [ViewNode]) rethrows {
        try self.init(data, id: \.self, content: content)
    }
}
