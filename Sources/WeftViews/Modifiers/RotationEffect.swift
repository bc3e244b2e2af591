/// `rotationEffect(_:)`: rotates what the view draws about its centre without changing its layout.
package struct RotationEffect: ModifierRule, Hashable {
    package var angle: Angle

    package init(angle: Angle) {
        self.angle = angle
    }

    package static let sceneKeys = ["rotationEffect"]

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        movingDrawing(child, proposed: proposed, in: layout) { size in
            .translation(size / 2) * .rotation(angle.radians) * .translation(-size / 2)
        }
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package var movesOnlyDrawing: Bool { true }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? RotationEffect else { return nil }
        return RotationEffect(angle: Interpolation.lerp(angle, other.angle, p))
    }

    package var drawing: ModifierDrawing { .child }
}

extension View {
    /// Rotates what the view draws about its centre, without changing its layout.
    public func rotationEffect(_ angle: Angle) -> ModifiedView { modified(RotationEffect(angle: angle)) }
}
