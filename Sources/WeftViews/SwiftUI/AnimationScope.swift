/// Where an `animation(_:value:)` is written, around the views it animates. When its value changed, a change shows
/// the views inside under the modifier's animation (`slot` names it among the change's
/// `Timeline.Change.scopeAnimations`); the rest of the change goes under the transaction's animation, or at once.
/// Changes nothing drawn.
package struct AnimationScope: ModifierRule, Equatable {
    /// The modifier's place among the values its evaluation watched (`Evaluation.watch`).
    var index: Int
    /// The animation the change into the tree holding it shows the views inside under, by its slot among the change's
    /// `scopeAnimations`; nil when the modifier's value did not change.
    var slot: Int?

    package static let sceneKeys: [String] = []

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        other as? AnimationScope
    }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }

    /// The slot of the innermost live scope that `node` is — through the names and scopes around it.
    static func slot(of node: ViewNode) -> Int? {
        var current = node, slot: Int?
        while case .modified(let child, let modifier) = current.kind {
            if let scope = modifier as? AnimationScope {
                slot = scope.slot ?? slot
            } else if !(modifier is ViewID) {
                break
            }
            current = child
        }
        return slot
    }
}

extension ViewNode {
    /// The tree with each scope's slot set from `slots` (by the scope's index), the others' cleared.
    func markingScopes(_ slots: [Int: Int]) -> ViewNode {
        rewritten { node in
            guard case .modified(let child, var scope as AnimationScope) = node.kind else { return nil }
            scope.slot = slots[scope.index]
            return ViewNode(.modified(child.markingScopes(slots), scope))
        }
    }
}

extension ViewNode {
    /// The index of each scope in the tree by its place (`StructuralIdentity.steps(to:)`): the way from the root, each
    /// view on it named by its name or else its position among its unnamed siblings, each modifier a step down. The
    /// same place in two states is the same modifier; one only one state has (in a view entering or leaving) has no
    /// old value to differ from, as in SwiftUI.
    var scopePlaces: [String: Int] {
        var places: [String: Int] = [:]
        func collect(_ node: ViewNode, at place: String) {
            switch node.kind {
            case .shape, .image, .text, .spacer:
                return
            case .stack(let children, _), .stacked(_, let children), .grid(_, let children):
                for (child, step) in zip(children, StructuralIdentity.steps(to: children)) { collect(child, at: place + "/" + step) }
            case .modified(let child, let modifier):
                if let scope = modifier as? AnimationScope, places[place] == nil { places[place] = scope.index }
                for (i, held) in modifier.heldViews.enumerated() { collect(held, at: place + "+\(i)") }
                collect(child, at: place + ".")
            }
        }
        collect(self, at: "")
        return places
    }
}
