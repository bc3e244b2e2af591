/// A view's geometry after layout, as `onGeometryChange` transforms see it.
public struct GeometryProxy: Sendable, Hashable {
    /// The view's size in points.
    public var size: Size
    /// The view's top-leading corner in the scene (the global space), points.
    public var origin: SIMD2<Float>
}

/// `onGeometryChange`: a transform from the view's resolved geometry to a value; when the value
/// differs from the last one seen, the action runs and may name the state to show next (of its nearest enclosing `StateSwitch`, else the scene's).
package struct GeometryChange: ModifierRule {
    let transform: @Sendable (GeometryProxy) -> any Sendable
    let same: @Sendable (any Sendable, any Sendable) -> Bool
    let action: @Sendable (any Sendable) -> String?
    /// What warnings call the observer (a scene's `name`, or the id of the view observed).
    package var name: String?

    package init(transform: @escaping @Sendable (GeometryProxy) -> any Sendable, same: @escaping @Sendable (any Sendable, any Sendable) -> Bool,
                 action: @escaping @Sendable (any Sendable) -> String?) {
        self.transform = transform
        self.same = same
        self.action = action
    }
}

extension GeometryChange {
    package static let sceneKeys = ["onGeometryChange"]

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    /// An observer observes; the new one takes over at once.
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? GeometryChange }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}

extension View {
    /// After layout, maps the view's geometry to a value; `action` runs with the value whenever it
    /// differs from the last one seen (the first value counts as a change).
    public func onGeometryChange<T: Equatable & Sendable>(for type: T.Type = T.self, of transform: @escaping @Sendable (GeometryProxy) -> T,
                                                          action: @escaping @Sendable (T) -> Void) -> ModifiedView {
        onGeometryChange(for: type, of: transform, state: { action($0); return nil })
    }

    /// As `onGeometryChange(for:of:action:)`, where the action names the state of a `GeometrySweep` to show
    /// next (nil keeps the current one): the size-class pattern.
    public func onGeometryChange<T: Equatable & Sendable>(for type: T.Type = T.self, of transform: @escaping @Sendable (GeometryProxy) -> T,
                                                          state: @escaping @Sendable (T) -> String?) -> ModifiedView {
        modified(GeometryChange(transform: transform,
                                 same: { ($0 as? T) == ($1 as? T) },
                                 action: { state($0 as! T) }))
    }
}
