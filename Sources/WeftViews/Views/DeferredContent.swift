/// What a view tree leaves for the render to settle, known for every node as it is made (so a tree with none is never
/// walked for it): `TimelineView` content waiting for the frame's time (`ViewNode.clocked(at:)`) and `visualEffect`s
/// waiting for their view's place in the scene (`ViewNode.placingVisualEffects(size:layout:)`).
package struct DeferredContent: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A `TimelineView` not yet built at a time.
    package static let clock = DeferredContent(rawValue: 1 << 0)
    /// A `visualEffect` not yet given its view's frame in the scene.
    package static let place = DeferredContent(rawValue: 1 << 1)

    init(_ kind: ViewNode.Kind) {
        switch kind {
        case .shape, .image, .text, .spacer:
            self = []
        case .stack(let children, _), .stacked(_, let children), .grid(_, let children):
            self = children.reduce([]) { $0.union($1.deferred) }
        case .modified(let child, let rule):
            var own: DeferredContent = []
            if let clock = rule as? ClockedContent, clock.shownAt == nil { own.insert(.clock) }
            if let effect = rule as? VisualEffectModifier, effect.origin == nil { own.insert(.place) }
            self = rule.heldViews.reduce(own.union(child.deferred)) { $0.union($1.deferred) }
        }
    }
}
