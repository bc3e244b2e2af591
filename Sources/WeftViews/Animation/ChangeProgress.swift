/// How far a change is at one moment: along its animation outside its live `animation(_:value:)` scopes, and along
/// each live scope's own animation inside it (`Timeline.Change.scopeAnimations`, by slot).
package struct ChangeProgress {
    package var outside: Float
    package var scopes: [Float] = []

    /// Whether every part of the change has arrived.
    package var isFinished: Bool { outside == 1 && scopes.allSatisfy { $0 == 1 } }

    /// The progress inside `node` (through its names): its live scope's when it is one, else `p`, the progress around
    /// it. A change without live scopes reads no marks: its old state may hold the previous change's.
    package func inside(_ node: ViewNode, around p: Float) -> Float {
        guard !scopes.isEmpty, let slot = AnimationScope.slot(of: node) else { return p }
        return scopes[slot]
    }
}
