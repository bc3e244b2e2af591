/// SwiftUI's `PreferenceKey`: a value that views give (`preference(key:value:)`) and an ancestor reads combined
/// (`onPreferenceChange(_:perform:)`). A view that gives none has none; the values given inside a view are combined in
/// the tree's order (a view's before its overlays' and backgrounds') by `reduce`, the first value starting, and
/// `defaultValue` is what a view without any reads.
public protocol PreferenceKey {
    associatedtype Value: Sendable
    /// The value read where no view inside gives one.
    static var defaultValue: Value { get }
    /// `value` (the values given so far) combined with the next view's (`nextValue()`).
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension View {
    /// SwiftUI's `preference(key:value:)`: the view gives `value` for `key`, in place of any its own views give.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> ModifiedView {
        modified(PreferenceValue(key: ObjectIdentifier(key), value: value))
    }

    /// SwiftUI's `onPreferenceChange(_:perform:)`: after layout, as `onGeometryChange`'s action, `action` runs with the
    /// combined value the views inside give for `key` whenever it differs from the last one (the first value counts as
    /// a change); a state change it makes is part of the change that made it, under the same animation.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping @Sendable (K.Value) -> Void) -> ModifiedView
    where K.Value: Equatable {
        eachView { view in
            let value = view.preference(K.self) ?? K.defaultValue
            var change = GeometryChange(transform: { _ in value }, same: { ($0 as? K.Value) == ($1 as? K.Value) },
                                        action: { action($0 as! K.Value); return nil })
            change.name = "onPreferenceChange(\(K.self))"
            return ViewNode(.modified(view, change))
        }
    }
}

extension ViewNode {
    /// The values the node's views give for `K` combined in the tree's order, nil where none gives one. A view that gives
    /// one hides those of the views inside it.
    func preference<K: PreferenceKey>(_ key: K.Type) -> K.Value? {
        var values: [K.Value] = []
        func collect(_ node: ViewNode) {
            switch node.kind {
            case .shape, .image, .text, .spacer: return
            case .stack(let children, _), .stacked(_, let children), .grid(_, let children): children.forEach(collect)
            case .modified(_, let given as PreferenceValue) where given.key == ObjectIdentifier(key): values.append(given.value as! K.Value)
            case .modified(let child, let modifier):
                collect(child)
                modifier.heldViews.forEach(collect)
            }
        }
        collect(self)
        guard var value = values.first else { return nil }
        for next in values.dropFirst() { K.reduce(value: &value) { next } }
        return value
    }
}
