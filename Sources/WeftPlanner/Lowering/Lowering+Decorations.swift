import WeftImage
import WeftRuntime
import WeftViews

/// Overlays, backgrounds, masks and clips, and the blur modifier.
extension Lowering {
    /// A view with a second view in its frame: drawn after it, before it, or cutting it (`mask`: both composed alone on
    /// the canvas's grid, the content kept where the mask covers it — destination-in — then composited once).
    @inline(never) mutating func drawDecorated(_ child: Layout.Placement, _ role: Decoration.Role, other: Layout.Placement, transform: Affine,
                                distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        let childTransform = transform * child.transform, otherTransform = transform * other.transform
        switch role {
        case .background:
            try draw(other, transform: otherTransform, distributed: distributed, into: &canvas)
            try draw(child, transform: childTransform, distributed: distributed, into: &canvas)
        case .overlay:
            try draw(child, transform: childTransform, distributed: distributed, into: &canvas)
            try draw(other, transform: otherTransform, distributed: distributed, into: &canvas)
        case .mask:
            let reach = layout.extent(of: child.node, proposed: child.proposal).applying(childTransform)
            guard var layer = try makeCanvas(covering: reach, on: canvas, within: Self.reachingArea(of: canvas.grid, shadows: distributed.shadows),
                                             mode: canvas.mode) else { return }
            try draw(child, transform: childTransform, distributed: Distributed(), into: &layer)
            var cut = try makeCanvas(origin: layer.origin, width: layer.width, height: layer.height, scale: layer.scale, mode: layer.mode)
            try draw(other, transform: otherTransform, distributed: Distributed(), into: &cut)
            try flush(&cut)
            try flush(&layer)
            try emitLayer(cut.asLayer(toTarget: .identity), mask: nil, opaque: false, opacity: 1, blendMode: .normal, into: &layer,
                          keepingInside: true)
            try composite(layer.asLayer(toTarget: .identity), distributed: distributed, into: &canvas)
        }
    }

    /// `blur(radius:)`: the composed view on the canvas's grid, blurred by the blur kernel's two passes, composited once.
    @inline(never) mutating func drawBlurred(_ child: Layout.Placement, sigma: Float, transform: Affine, distributed: Distributed,
                              into canvas: inout Canvas) throws(RenderError) {
        let childTransform = transform * child.transform
        let reach = layout.extent(of: child.node, proposed: child.proposal).applying(childTransform)
        let sigmaPoints = sigma * transform.lengthScale
        let area = Self.reachingArea(of: canvas.grid, shadows: distributed.shadows, blurSigma: sigmaPoints)
        guard var layer = try makeCanvas(covering: reach, on: canvas, within: area, mode: canvas.mode) else { return }
        try draw(child, transform: childTransform, distributed: Distributed(), into: &layer)
        try flush(&layer)
        let content = layer.asLayer(toTarget: .identity)
        let blurred = sigmaPoints > 0 ? try gaussian(of: content, sigma: sigmaPoints, tint: nil, on: canvas) : nil
        try composite(blurred ?? content, distributed: distributed, into: &canvas)
    }
}
