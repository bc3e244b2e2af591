import WeftImage

/// `drawingGroup(opaque:colorMode:)`: the view rendered into one offscreen layer in `colorMode`, converted at the
/// boundary; opaque, the layer fills the view's bounds. A geometry boundary in a change. Changes at once in an animation.
package struct DrawingGroup: ModifierRule, Hashable {
    package var opaque: Bool
    package var colorMode: ColorMode

    package init(opaque: Bool, colorMode: ColorMode) {
        self.opaque = opaque
        self.colorMode = colorMode
    }

    package static let sceneKeys = ["drawingGroup"]

    package func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect {
        opaque ? Rect(size: arranged.size) : inner
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package var isGeometryBoundary: Bool { true }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? DrawingGroup }

    package var drawing: ModifierDrawing { .group(mode: colorMode, opaque: opaque) }
}

extension View {
    /// Renders the view into one offscreen layer in `colorMode`, converting at the boundary.
    public func drawingGroup(opaque: Bool = false, colorMode: ColorMode = .nonLinear) -> ModifiedView {
        modified(DrawingGroup(opaque: opaque, colorMode: colorMode))
    }
}
