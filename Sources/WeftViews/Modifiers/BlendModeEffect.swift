/// `blendMode(_:)`: the view composited over what lies beneath through `mode`. Changes at once in an animation.
package struct BlendModeEffect: ModifierRule, Hashable {
    package var mode: BlendMode

    package init(mode: BlendMode) {
        self.mode = mode
    }

    package static let sceneKeys = ["blendMode"]

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? BlendModeEffect }

    package var drawing: ModifierDrawing { .blendMode(mode) }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}

extension View {
    public func blendMode(_ mode: BlendMode) -> ModifiedView { modified(BlendModeEffect(mode: mode)) }
}
