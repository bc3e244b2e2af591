/// Where an `animation(_:value:)` is written, around the views it animates. A change whose animation comes from such
/// modifiers (no transaction names one) animates only the views inside the ones whose value changed (`live`); the
/// rest of the change is shown at once (`GeometryBlend`). Changes nothing drawn.
package struct AnimationScope: ModifierRule {
    /// The modifier's place among the values its evaluation watched (`Evaluation.watch`).
    var index: Int
    /// Whether the change into the tree holding it animates the views inside.
    var live = false

    package static let sceneKeys: [String] = []

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        other as? AnimationScope
    }

    package var drawing: ModifierDrawing { .child }

    /// Whether `node` — through the names around it — is a live scope's view.
    static func isLive(_ node: ViewNode) -> Bool {
        var current = node
        while case .modified(let child, let modifier) = current.kind {
            if let scope = modifier as? AnimationScope { return scope.live }
            guard modifier is ViewID else { return false }
            current = child
        }
        return false
    }
}

extension ViewNode {
    /// The tree with the scopes of the watched values `changed` (by their index) live.
    func animatingScopes(_ changed: Set<Int>) -> ViewNode {
        rewritten { node in
            guard case .modified(let child, var scope as AnimationScope) = node.kind, changed.contains(scope.index) else { return nil }
            scope.live = true
            return ViewNode(.modified(child.animatingScopes(changed), scope))
        }
    }
}
