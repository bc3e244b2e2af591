import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// Shapes and shader fills.
extension Lowering {
    /// Draws a shape; `node`, the view drawn, keeps what drawing a path found (`DrawnPath`).
    mutating func drawShape(_ geometry: ShapeGeometry, fill: FillStyle, size: SIMD2<Float>, transform: Affine,
                            distributed: Distributed, drawnBy node: ViewNode? = nil, into canvas: inout Canvas) throws(RenderError) {
        if case .path(let shape) = geometry {
            try drawPath(shape, fill: fill, size: pointwiseMax(size, .zero), transform: transform, distributed: distributed,
                         drawnBy: node, into: &canvas)
            return
        }
        guard size.x > 0, size.y > 0 else { return }
        if case .shader(let shader) = fill.kind {
            try drawShaderFill(geometry, shader: shader, size: size, transform: transform, distributed: distributed, into: &canvas)
            return
        }
        // A singular transform flattens the shape to no area: it draws nothing.
        guard let toLocal = transform.inverted else { return }
        var fillKind: Int32 = 0
        var solid = SIMD4<Float>.zero
        var geometryArgs = SIMD4<Float>.zero
        var stops: [Gradient.Stop] = []
        switch fill.kind {
        case .color(let color):
            solid = color.premultiplied(in: canvas.mode)
        case let .linear(gradient, start, end):
            fillKind = 1
            geometryArgs = SIMD4(lowHalf: start.vector * size, highHalf: end.vector * size)
            stops = gradient.stops
        case let .radial(gradient, center, r0, r1):
            fillKind = 2
            geometryArgs = SIMD4(lowHalf: center.vector * size, highHalf: SIMD2(r0, r1))
            stops = gradient.stops
        case let .angular(gradient, center, a0, a1):
            fillKind = 3
            geometryArgs = SIMD4(lowHalf: center.vector * size, highHalf: SIMD2(a0.radians, a1.radians))
            stops = gradient.stops
        case .shader:
            preconditionFailure("shader fills are drawn through a layer")
        }
        var stopData: [Float] = []
        for stop in stops {
            let c = stop.color.premultiplied(in: canvas.mode)
            stopData += [stop.location, c.x, c.y, c.z, c.w]
        }
        let bounds = Rect(size: size).applying(transform).outset(by: SIMD2(repeating: 1 / canvas.scale))
        let region = PendingDraws.Region(centresIn: bounds, on: canvas.grid)
        try flush(&canvas, beforeShapeIn: region, bounds: bounds)
        canvas.pending.appendShape({ batch in
            batch.append(toLocal: toLocal, size: size, bounds: bounds, geometry: geometry, fillKind: fillKind,
                         blendMode: distributed.blendMode, opacity: distributed.opacity, color: solid,
                         gradient: geometryArgs, stops: stopData)
        }, bounds: bounds, region: region)
    }

    /// A fill shader evaluated over the shape's bounds (in the shape's user space), then
    /// composited through the shape's coverage.
    mutating func drawShaderFill(_ geometry: ShapeGeometry, shader: EffectShader, size: SIMD2<Float>, transform: Affine,
                                         distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        let scale = canvas.scale * transform.lengthScale
        let pixels = pointwiseMax((size * scale).rounded(.up), SIMD2(1, 1))
        let format = canvas.format
        let bound = try bind(shader, as: .fill, format: format, mode: canvas.mode, size: size)
        _ = try textureLimit.check(pixels, format: format)
        let output = builder.texture(width: Int(pixels.x), height: Int(pixels.y), format: format)
        let fillCanvas = Canvas(texture: output, origin: .zero, width: Int(pixels.x), height: Int(pixels.y), scale: scale, mode: canvas.mode)
        var frame = frameConstants(for: fillCanvas.grid)
        frame.viewSize = size
        let images = bound.images.map { builder.upload($0) }
        builder.add(KernelPass(kernel: bound.kernel, output: output, images: images, frame: frame,
                               arguments: bound.arguments, arrayData: bound.arrayData), origin: bound.origin(),
                    placement: canvas.toOutput * transform)
        try emitLayer(fillCanvas.asLayer(toTarget: transform), mask: LayerMask(geometry: geometry, size: size, toTarget: transform),
                      opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
    }
}
