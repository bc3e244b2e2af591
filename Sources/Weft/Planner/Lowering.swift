import WeftImage
import WeftRuntime
import WeftShaders

/// What every pass of one render shares.
struct FrameInfo {
    var time: Float
    var frame: UInt32
    var reduceMotion: Bool
}

/// Lowers a view tree to passes over logical textures (DESIGN.md §3, docs/compositing.md).
///
/// Every draw is a full pass over its canvas that reads the canvas's current texture as the
/// destination and writes a new one. Fusion of effect chains would be a rewrite of
/// `builder.passes` between lowering and allocation; none is done yet.
struct Lowering {
    var builder = PlanBuilder()
    let kernels: EngineKernelCache
    let frameInfo: FrameInfo

    init(kernels: EngineKernelCache, frameInfo: FrameInfo) {
        self.kernels = kernels
        self.frameInfo = frameInfo
    }

    // MARK: Canvases

    /// A new canvas filled with `color` (premultiplied in `mode`).
    mutating func makeCanvas(origin: SIMD2<Float>, width: Int, height: Int, scale: Float, mode: ColorMode,
                             fill color: SIMD4<Float> = .zero) throws -> Canvas {
        guard width <= RenderLimits.maxTextureDimension, height <= RenderLimits.maxTextureDimension else {
            throw RenderError.textureTooLarge(width: width, height: height)
        }
        let texture = builder.texture(width: width, height: height, format: mode.storageFormat)
        var block = ArgumentBlock()
        block.vec4(color)
        var canvas = Canvas(texture: texture, origin: origin, width: width, height: height, scale: scale, mode: mode)
        builder.add(KernelPass(kernel: try kernels.kernel(.solid, outputFormat: canvas.format), output: texture,
                               frame: frameConstants(for: canvas), arguments: block.bytes))
        canvas.texture = texture
        return canvas
    }

    /// A transparent canvas on `target`'s pixel grid covering `rect` (target user space),
    /// clipped to the target; nil when nothing of it would be visible.
    mutating func makeCanvas(covering rect: Rect, on target: Canvas, mode: ColorMode) throws -> Canvas? {
        let lo = ((rect.minimum - target.origin) * target.scale).rounded(.down)
        let hi = ((rect.maximum - target.origin) * target.scale).rounded(.up)
        let clippedLo = pointwiseMax(lo, .zero)
        let clippedHi = pointwiseMin(hi, target.pixelSize)
        let size = clippedHi - clippedLo
        guard size.x >= 1, size.y >= 1 else { return nil }
        return try makeCanvas(origin: target.origin + clippedLo / target.scale, width: Int(size.x), height: Int(size.y),
                              scale: target.scale, mode: mode)
    }

    func frameConstants(for canvas: Canvas) -> FrameConstants {
        var f = FrameConstants()
        f.outputOrigin = canvas.origin
        f.outputSize = SIMD2(Int32(canvas.width), Int32(canvas.height))
        f.viewSize = canvas.pixelSize / canvas.scale
        f.scale = canvas.scale
        f.time = frameInfo.time
        f.frame = frameInfo.frame
        f.reduceMotion = frameInfo.reduceMotion ? 1 : 0
        return f
    }

    // MARK: The walk

    /// Draws `node`, whose user space maps to `canvas`'s through `transform`.
    mutating func draw(_ node: ViewNode, proposed: SIMD2<Float>, transform: Affine, distributed: Distributed,
                       into canvas: inout Canvas) throws {
        guard transform.determinant != 0 else { return }
        let (size, children) = Layout.arrange(node, proposed: proposed)
        switch node.kind {
        case .shape(let geometry, let fill):
            try drawLeaf(reach: Rect(size: size).applying(transform), distributed: distributed, into: &canvas) { this, d, target in
                try this.drawShape(geometry, fill: fill, size: size, transform: transform, distributed: d, into: &target)
            }
        case .image(let image):
            let texture = builder.upload(image.pixels)
            let source = LayerSource(texture: texture, origin: .zero, width: image.pixels.width, height: image.pixels.height,
                                     scale: image.scale, mode: image.colorMode, toTarget: transform)
            try composite(source, distributed: distributed, into: &canvas)
        case .stack:
            for child in children {
                try draw(child.node, proposed: child.proposal, transform: transform * child.transform,
                         distributed: distributed, into: &canvas)
            }
        case .modified(_, let modifier):
            let child = children[0]
            let childTransform = transform * child.transform
            var d = distributed
            switch modifier {
            case .frame, .offset, .padding, .rotation, .scale:
                break
            case .opacity(let value):
                d.opacity *= value
            case .blendMode(let mode):
                d.blendMode = mode
            case .shadow(let shadow):
                d.shadows.insert(PlacedShadow(shadow, through: transform), at: 0)
            case .compositingGroup:
                try drawGroup(child, transform: childTransform, mode: canvas.mode, opaqueBounds: nil,
                              distributed: d, into: &canvas)
                return
            case .drawingGroup(let opaque, let mode):
                try drawGroup(child, transform: childTransform, mode: mode,
                              opaqueBounds: opaque ? LayerMask(geometry: .rectangle, size: size, toTarget: transform) : nil,
                              distributed: d, into: &canvas)
                return
            case .blendEffect(let shader):
                try drawBlendEffect(shader, child: child, transform: childTransform, size: size, distributed: d, into: &canvas)
                return
            case .effect(let kind, let shader, let padding):
                try drawEffect(kind, shader: shader, padding: padding, child: child, size: size, transform: transform,
                               distributed: d, into: &canvas)
                return
            }
            try draw(child.node, proposed: child.proposal, transform: childTransform, distributed: d, into: &canvas)
        }
    }

    /// Draws a leaf directly, or — when shadows reach it — into a layer that is then
    /// composited with its shadows.
    private mutating func drawLeaf(reach: Rect, distributed: Distributed, into canvas: inout Canvas,
                                   _ body: (inout Lowering, Distributed, inout Canvas) throws -> Void) throws {
        guard !distributed.shadows.isEmpty else {
            try body(&self, distributed, &canvas)
            return
        }
        guard var layer = try makeCanvas(covering: reach.outset(by: SIMD2(repeating: 1 / canvas.scale)), on: canvas,
                                         mode: canvas.mode) else { return }
        try body(&self, Distributed(), &layer)
        try composite(layer.asLayer(toTarget: .identity), distributed: distributed, into: &canvas)
    }

    /// `compositingGroup()` and `drawingGroup()`: the subtree composed alone on the canvas's
    /// pixel grid (in `mode`), then composited once with the modifiers that stand outside.
    private mutating func drawGroup(_ child: Layout.Placement, transform: Affine, mode: ColorMode, opaqueBounds: LayerMask?,
                                    distributed: Distributed, into canvas: inout Canvas) throws {
        var reach = Layout.extent(of: child.node, proposed: child.proposal).applying(transform)
        if let opaqueBounds { reach = reach.union(Rect(size: opaqueBounds.size).applying(opaqueBounds.toTarget)) }
        guard var layer = try makeCanvas(covering: reach, on: canvas, mode: mode) else { return }
        try draw(child.node, proposed: child.proposal, transform: transform, distributed: Distributed(), into: &layer)
        try composite(layer.asLayer(toTarget: .identity), mask: opaqueBounds, opaque: opaqueBounds != nil,
                      distributed: distributed, into: &canvas)
    }

    /// A shader effect on the composed content of `child`: the content rendered into a layer
    /// in the modified view's user space, grown by `padding`, then the effect kernel over it.
    private mutating func drawEffect(_ kind: EffectKind, shader: EffectShader, padding: SIMD2<Float>, child: Layout.Placement,
                                     size: SIMD2<Float>, transform: Affine, distributed: Distributed,
                                     into canvas: inout Canvas) throws {
        let scale = canvas.scale * transform.lengthScale
        let area = Layout.extent(of: child.node, proposed: child.proposal).applying(child.transform).outset(by: padding)
        let lo = (area.minimum * scale).rounded(.down)
        let hi = (area.maximum * scale).rounded(.up)
        let pixels = pointwiseMax(hi - lo, SIMD2(1, 1))
        var layer = try makeCanvas(origin: lo / scale, width: Int(pixels.x), height: Int(pixels.y), scale: scale, mode: canvas.mode)
        try draw(child.node, proposed: child.proposal, transform: child.transform, distributed: Distributed(), into: &layer)

        let request = EffectRequest(outputFormat: layer.format, colorMode: layer.mode,
                                    boundingRect: SIMD4(0, 0, size.x, size.y), time: frameInfo.time,
                                    frame: frameInfo.frame, reduceMotion: frameInfo.reduceMotion)
        let bound = try shader.bind(kind, request)
        guard bound.kernel.kind == kind else {
            throw RenderError.effectKind(shader: shader.name, expected: kind.rawValue, actual: bound.kernel.kind.rawValue)
        }
        let output = builder.texture(width: layer.width, height: layer.height, format: layer.format)
        var frame = frameConstants(for: layer)
        frame.layerOrigin = layer.origin
        frame.layerSize = layer.pixelSize
        frame.viewSize = size
        let images = bound.images.map { builder.upload($0) }
        builder.add(KernelPass(kernel: bound.kernel, output: output, layer: layer.texture, images: images, frame: frame,
                               arguments: bound.arguments, arrayData: bound.arrayData,
                               maxSampleOffset: kind.samplesNeighbourhood ? padding : nil))
        layer.texture = output
        try composite(layer.asLayer(toTarget: transform), distributed: distributed, into: &canvas)
    }

    /// A blend function: the composed child (on the canvas's grid, faded by the distributed
    /// opacity, its distributed shadows drawn beneath first) as the source, the canvas as the
    /// destination. Positions are the canvas's user space.
    private mutating func drawBlendEffect(_ shader: EffectShader, child: Layout.Placement, transform: Affine, size: SIMD2<Float>,
                                          distributed: Distributed, into canvas: inout Canvas) throws {
        let reach = Layout.extent(of: child.node, proposed: child.proposal).applying(transform)
        guard var layer = try makeCanvas(covering: reach, on: canvas, mode: canvas.mode) else { return }
        try draw(child.node, proposed: child.proposal, transform: transform, distributed: Distributed(), into: &layer)
        if !distributed.shadows.isEmpty {
            var shadowsOnly = distributed
            shadowsOnly.blendMode = .normal
            try compositeShadows(of: layer.asLayer(toTarget: .identity), distributed: shadowsOnly, into: &canvas)
        }
        if distributed.opacity < 1 {
            guard var faded = try makeCanvas(covering: layer.rect, on: canvas, mode: canvas.mode) else { return }
            try emitLayer(layer.asLayer(toTarget: .identity), mask: nil, opaque: false, opacity: distributed.opacity,
                          blendMode: .normal, into: &faded)
            layer = faded
        }
        let request = EffectRequest(outputFormat: canvas.format, colorMode: canvas.mode,
                                    boundingRect: SIMD4(0, 0, size.x, size.y), time: frameInfo.time,
                                    frame: frameInfo.frame, reduceMotion: frameInfo.reduceMotion)
        let bound = try shader.bind(.blend, request)
        guard bound.kernel.kind == .blend else {
            throw RenderError.effectKind(shader: shader.name, expected: EffectKind.blend.rawValue, actual: bound.kernel.kind.rawValue)
        }
        var frame = frameConstants(for: canvas)
        frame.layerOrigin = layer.origin
        frame.layerSize = layer.pixelSize
        frame.destinationOrigin = canvas.origin
        frame.destinationSize = canvas.pixelSize
        frame.viewSize = size
        let images = bound.images.map { builder.upload($0) }
        let output = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
        builder.add(KernelPass(kernel: bound.kernel, output: output, layer: layer.texture, destination: canvas.texture,
                               images: images, frame: frame, arguments: bound.arguments, arrayData: bound.arrayData))
        canvas.texture = output
    }

    // MARK: Leaves

    private mutating func drawShape(_ geometry: ShapeGeometry, fill: FillStyle, size: SIMD2<Float>, transform: Affine,
                                    distributed: Distributed, into canvas: inout Canvas) throws {
        guard size.x > 0, size.y > 0 else { return }
        if case .shader(let shader) = fill.kind {
            try drawShaderFill(geometry, shader: shader, size: size, transform: transform, distributed: distributed, into: &canvas)
            return
        }
        let toLocal = transform.inverse
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
        var arrays: [Float] = []
        for stop in stops {
            let c = stop.color.premultiplied(in: canvas.mode)
            arrays += [stop.location, c.x, c.y, c.z, c.w]
        }
        if arrays.isEmpty { arrays = [0, 0, 0, 0, 0] }

        var block = ArgumentBlock()
        block.linear(toLocal)
        block.vec4(toLocal.translation, size)
        block.ivec4(geometry.kernelCode, fillKind, distributed.blendMode.kernelCode, canvas.clampsOutput ? 1 : 0)
        block.vec4(geometry.cornerRadius, distributed.opacity, Float(stops.count), 0)
        block.vec4(solid)
        block.vec4(geometryArgs)
        block.bounds(Rect(size: size).applying(transform), on: canvas)
        let output = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
        builder.add(KernelPass(kernel: try kernels.kernel(.shape, outputFormat: canvas.format), output: output,
                               destination: canvas.texture, frame: frameConstants(for: canvas),
                               arguments: block.bytes, arrayData: arrays))
        canvas.texture = output
    }

    /// A fill shader evaluated over the shape's bounds (in the shape's user space), then
    /// composited through the shape's coverage.
    private mutating func drawShaderFill(_ geometry: ShapeGeometry, shader: EffectShader, size: SIMD2<Float>, transform: Affine,
                                         distributed: Distributed, into canvas: inout Canvas) throws {
        let scale = canvas.scale * transform.lengthScale
        let pixels = pointwiseMax((size * scale).rounded(.up), SIMD2(1, 1))
        let format = canvas.format
        let request = EffectRequest(outputFormat: format, colorMode: canvas.mode, boundingRect: SIMD4(0, 0, size.x, size.y),
                                    time: frameInfo.time, frame: frameInfo.frame, reduceMotion: frameInfo.reduceMotion)
        let bound = try shader.bind(.fill, request)
        guard bound.kernel.kind == .fill else {
            throw RenderError.effectKind(shader: shader.name, expected: EffectKind.fill.rawValue, actual: bound.kernel.kind.rawValue)
        }
        guard Int(pixels.x) <= RenderLimits.maxTextureDimension, Int(pixels.y) <= RenderLimits.maxTextureDimension else {
            throw RenderError.textureTooLarge(width: Int(pixels.x), height: Int(pixels.y))
        }
        let output = builder.texture(width: Int(pixels.x), height: Int(pixels.y), format: format)
        let fillCanvas = Canvas(texture: output, origin: .zero, width: Int(pixels.x), height: Int(pixels.y), scale: scale, mode: canvas.mode)
        var frame = frameConstants(for: fillCanvas)
        frame.viewSize = size
        let images = bound.images.map { builder.upload($0) }
        builder.add(KernelPass(kernel: bound.kernel, output: output, images: images, frame: frame,
                               arguments: bound.arguments, arrayData: bound.arrayData))
        try emitLayer(fillCanvas.asLayer(toTarget: transform), mask: LayerMask(geometry: geometry, size: size, toTarget: transform),
                      opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
    }

    // MARK: Compositing layers

    /// Composites `source` with the distributed modifiers: shadows beneath (each blurred from
    /// the content with the inner shadows already drawn), then the content.
    mutating func composite(_ source: LayerSource, mask: LayerMask? = nil, opaque: Bool = false,
                            distributed: Distributed, into canvas: inout Canvas) throws {
        guard let outer = distributed.shadows.last else {
            try emitLayer(source, mask: mask, opaque: opaque, opacity: distributed.opacity, blendMode: distributed.blendMode,
                          into: &canvas)
            return
        }
        // The content as the shadow sees it: masked, made opaque, with the inner shadows, on the canvas's grid.
        var content = source
        let inner = Array(distributed.shadows.dropLast())
        if mask != nil || opaque || !inner.isEmpty || !source.isAligned(with: canvas) {
            var reach = source.targetRect
            for s in inner { reach = reach.union(reach.offset(by: s.offset).outset(by: SIMD2(repeating: Blur.reach(sigma: s.sigma)))) }
            guard var flat = try makeCanvas(covering: reach, on: canvas, mode: canvas.mode) else { return }
            try composite(source, mask: mask, opaque: opaque, distributed: Distributed(shadows: inner), into: &flat)
            content = flat.asLayer(toTarget: .identity)
        }
        if let shadow = try blurredShadow(of: content, shadow: outer, on: canvas) {
            try emitLayer(shadow, mask: nil, opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
        }
        try emitLayer(content, mask: nil, opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
    }

    /// Only the shadows `composite` would draw beneath `source` (aligned with `canvas`).
    private mutating func compositeShadows(of source: LayerSource, distributed: Distributed, into canvas: inout Canvas) throws {
        guard let outer = distributed.shadows.last else { return }
        var content = source
        let inner = Array(distributed.shadows.dropLast())
        if !inner.isEmpty {
            var reach = source.targetRect
            for s in inner { reach = reach.union(reach.offset(by: s.offset).outset(by: SIMD2(repeating: Blur.reach(sigma: s.sigma)))) }
            guard var flat = try makeCanvas(covering: reach, on: canvas, mode: canvas.mode) else { return }
            try composite(source, distributed: Distributed(shadows: inner), into: &flat)
            content = flat.asLayer(toTarget: .identity)
        }
        if let shadow = try blurredShadow(of: content, shadow: outer, on: canvas) {
            try emitLayer(shadow, mask: nil, opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
        }
    }

    /// The shadow of `content` (aligned with `canvas`): its alpha blurred, tinted, offset.
    private mutating func blurredShadow(of content: LayerSource, shadow: PlacedShadow, on canvas: Canvas) throws -> LayerSource? {
        let sigmaPixels = shadow.sigma * canvas.scale
        let radius = Blur.reach(sigma: sigmaPixels)
        let area = content.targetRect.outset(by: SIMD2(repeating: radius / canvas.scale))
        let lo = ((area.minimum - canvas.origin) * canvas.scale).rounded(.down)
        let hi = ((area.maximum - canvas.origin) * canvas.scale).rounded(.up)
        let pixels = hi - lo
        guard pixels.x >= 1, pixels.y >= 1 else { return nil }
        let origin = canvas.origin + lo / canvas.scale
        var blurred = Canvas(texture: content.texture, origin: content.toTarget.apply(content.origin), width: content.width,
                             height: content.height, scale: canvas.scale, mode: canvas.mode)
        let tint = shadow.color.premultiplied(in: canvas.mode)
        for (step, tinted) in [(SIMD2<Float>(1, 0), false), (SIMD2<Float>(0, 1), true)] {
            guard Int(pixels.x) <= RenderLimits.maxTextureDimension, Int(pixels.y) <= RenderLimits.maxTextureDimension else {
                throw RenderError.textureTooLarge(width: Int(pixels.x), height: Int(pixels.y))
            }
            let output = builder.texture(width: Int(pixels.x), height: Int(pixels.y), format: canvas.format)
            let target = Canvas(texture: output, origin: origin, width: Int(pixels.x), height: Int(pixels.y),
                                scale: canvas.scale, mode: canvas.mode)
            var frame = frameConstants(for: target)
            frame.layerOrigin = blurred.origin
            frame.layerSize = blurred.pixelSize
            var block = ArgumentBlock()
            block.vec4(step, SIMD2(sigmaPixels, radius))
            block.vec4(tint)
            block.ivec4(tinted ? 1 : 0)
            builder.add(KernelPass(kernel: try kernels.kernel(.blur, outputFormat: canvas.format), output: output,
                                   layer: blurred.texture, frame: frame, arguments: block.bytes))
            blurred = target
        }
        return blurred.asLayer(toTarget: .translation(shadow.offset))
    }

    /// One layer pass: `source` sampled through its map, converted to the canvas's color mode,
    /// masked, faded and blended over the canvas.
    mutating func emitLayer(_ source: LayerSource, mask: LayerMask?, opaque: Bool, opacity: Float, blendMode: BlendMode,
                            into canvas: inout Canvas, copy: Bool = false) throws {
        let toLayer = source.toTarget.inverse
        var flags: Int32 = 0
        if source.isAligned(with: canvas) { flags |= 1 }
        if opaque { flags |= 2 }
        if canvas.clampsOutput { flags |= 4 }
        var block = ArgumentBlock()
        block.linear(toLayer)
        block.vec4(toLayer.translation, SIMD2(source.scale, opacity))
        block.ivec4(copy ? BlendMode.copyKernelCode : blendMode.kernelCode, source.mode.kernelCode, canvas.mode.kernelCode, flags)
        var reach = source.targetRect
        if let mask {
            let toMask = mask.toTarget.inverse
            block.linear(toMask)
            block.vec4(toMask.translation, mask.size)
            block.ivec4(mask.geometry.kernelCode)
            block.vec4(mask.geometry.cornerRadius, 0, 0, 0)
            let maskRect = Rect(size: mask.size).applying(mask.toTarget)
            // An opaque layer covers its whole mask, transparent texels included.
            reach = opaque ? maskRect : reach.intersection(maskRect)
        } else {
            block.linear(.identity)
            block.vec4(0, 0, 0, 0)
            block.ivec4(ShapeGeometry.noShapeKernelCode)
            block.vec4(0, 0, 0, 0)
        }
        block.bounds(reach, on: canvas)
        var frame = frameConstants(for: canvas)
        frame.layerOrigin = source.origin
        frame.layerSize = source.pixelSize
        let output = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
        builder.add(KernelPass(kernel: try kernels.kernel(.layer, outputFormat: canvas.format), output: output,
                               layer: source.texture, destination: canvas.texture, frame: frame, arguments: block.bytes))
        canvas.texture = output
    }
}

extension ColorMode {
    /// The mode's number in the engine kernels' `weftConvert`.
    var kernelCode: Int32 {
        switch self {
        case .nonLinear: 0
        case .linear: 1
        case .extendedLinear: 2
        }
    }
}
