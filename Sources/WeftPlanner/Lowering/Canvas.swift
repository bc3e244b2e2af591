import WeftImage
import WeftRuntime
import WeftViews

/// A texture being drawn into, with the user space its texels cover. Every draw writes a
/// new logical texture (a pass cannot read its own output), so `texture` is the current version.
/// A new canvas is only a fill color until something needs its texture (`Lowering.flush`),
/// so a layer that covers a clear canvas exactly can become its contents without a pass, and a layer
/// alone in an effect's padded layer can be read by the effect where it is (`holdUncomposited`).
struct Canvas {
    private var storedTexture: TextureID?
    /// The color the canvas starts as, while no pass has written it yet.
    private(set) var unwrittenFill: SIMD4<Float>?
    /// Shapes and lines of text drawn but not yet emitted as passes (`Lowering.flush`).
    var pending = PendingDraws()
    /// Whether a lone aligned layer drawn over the clear canvas may stay uncomposited (`readThroughSource`): set on
    /// an effect's padded layer, whose effect can read that layer's texture instead (`Lowering.drawEffect`).
    var allowsReadThrough = false
    /// The one layer drawn so far over the canvas while it was transparent and unwritten, not yet composited: the
    /// canvas is that layer, transparent elsewhere. `Lowering.flush` composites it before anything else reads or
    /// draws over the canvas.
    private(set) var readThroughSource: LayerSource?

    /// The canvas's current contents; only readable once its fill and pending draws have been flushed.
    var texture: TextureID {
        get {
            guard let storedTexture, pending.isEmpty else {
                preconditionFailure("a canvas with a pending fill or pending draws must be flushed before it is read")
            }
            return storedTexture
        }
        set {
            storedTexture = newValue
            unwrittenFill = nil
            readThroughSource = nil
        }
    }

    /// The canvas's contents beneath its pending draws: what a draw that meets none of them reads and draws over
    /// (`Lowering.flush(_:before:)`); such a draw sets `texture` to what it writes. Readable once the fill has been
    /// flushed.
    var textureBeneathPending: TextureID {
        guard let storedTexture else { preconditionFailure("a canvas with a pending fill must be flushed before it is read") }
        return storedTexture
    }

    /// Whether the canvas is still transparent and unwritten, with nothing pending.
    var isUnwrittenClear: Bool {
        storedTexture == nil && unwrittenFill == .zero && pending.isEmpty && readThroughSource == nil
    }

    /// Keeps `source` as the canvas's contents without compositing it, when the canvas allows it and the source's
    /// texels are a block of the canvas's own (aligned, inside it): then sampling the source's texture with
    /// transparent beyond its edge (`sampleLayer`) is sampling the canvas. The caller has checked that compositing
    /// it would copy it unchanged (normal blend, full opacity, same mode and format, no mask).
    mutating func holdUncomposited(_ source: LayerSource) -> Bool {
        guard allowsReadThrough, isUnwrittenClear, let lo = source.texelOrigin(on: self),
              lo.x >= 0, lo.y >= 0, lo.x + source.width <= width, lo.y + source.height <= height else { return false }
        readThroughSource = source
        return true
    }

    /// The uncomposited source (`holdUncomposited`), now to be composited: the canvas is clear again and keeps
    /// nothing uncomposited from here on.
    mutating func takeReadThroughSource() -> LayerSource? {
        defer { readThroughSource = nil }
        allowsReadThrough = false
        return readThroughSource
    }

    init(texture: TextureID, origin: SIMD2<Float>, width: Int, height: Int, scale: Float, mode: ColorMode) {
        self.init(origin: origin, width: width, height: height, scale: scale, mode: mode)
        self.storedTexture = texture
    }

    /// A canvas filled with `fill` (premultiplied in `mode`), not yet written by any pass.
    init(filledWith fill: SIMD4<Float>, origin: SIMD2<Float>, width: Int, height: Int, scale: Float, mode: ColorMode) {
        self.init(origin: origin, width: width, height: height, scale: scale, mode: mode)
        self.unwrittenFill = fill
    }

    private init(origin: SIMD2<Float>, width: Int, height: Int, scale: Float, mode: ColorMode) {
        self.origin = origin
        self.width = width
        self.height = height
        self.scale = scale
        self.mode = mode
    }

    /// The point of this canvas's user space at the top-left corner of texel (0, 0).
    var origin: SIMD2<Float>
    var width: Int
    var height: Int
    /// Pixels per point.
    var scale: Float
    var mode: ColorMode
    /// Maps this canvas's user space to the output canvas's: where the canvas is composited in the end, recorded on
    /// effect passes so that an output pixel can be traced back to theirs (`PlannedRender.passPixel`).
    var toOutput = Affine.identity

    var format: PixelFormat { grid.format }
    var pixelSize: SIMD2<Float> { grid.pixelSize }
    var rect: Rect { grid.rect }
    /// Whether stores must clamp to [0, 1] (RGBA8 clamps by itself; `.linear` promises it).
    var clampsOutput: Bool { mode != .extendedLinear }

    /// The canvas's contents as a layer to composite elsewhere; `toTarget` maps this
    /// canvas's user space to the target's.
    func asLayer(toTarget: Affine) -> LayerSource {
        LayerSource(texture: texture, origin: origin, width: width, height: height, scale: scale, mode: mode, toTarget: toTarget)
    }
}

/// Where a canvas's texels lie and what they hold, without what is drawn on it: what reading a canvas's geometry needs.
/// Lowering hands this, not the canvas, to what only reads it: a canvas handed by value is copied with its pending
/// draws, each of their arrays retained and released, at every view drawn.
struct CanvasGrid {
    var origin: SIMD2<Float>
    var width: Int
    var height: Int
    var scale: Float
    var mode: ColorMode

    var format: PixelFormat { mode.storageFormat }
    var pixelSize: SIMD2<Float> { SIMD2(Float(width), Float(height)) }
    /// The canvas's area in its user space.
    var rect: Rect { Rect(origin: origin, size: pixelSize / scale) }
}

extension Canvas {
    var grid: CanvasGrid { CanvasGrid(origin: origin, width: width, height: height, scale: scale, mode: mode) }
}

/// A finished texture to composite onto a canvas.
struct LayerSource {
    var texture: TextureID
    var origin: SIMD2<Float>
    var width: Int
    var height: Int
    var scale: Float
    var mode: ColorMode
    /// Maps the layer's user space to the target canvas's user space.
    var toTarget: Affine

    var pixelSize: SIMD2<Float> { SIMD2(Float(width), Float(height)) }
    /// The layer's area in the target canvas's user space (a bounding box when rotated).
    var targetRect: Rect { Rect(origin: origin, size: pixelSize / scale).applying(toTarget) }

    /// Whether the layer's texels are exactly the canvas's: same grid, same place, same size.
    func coversExactly(_ canvas: Canvas) -> Bool {
        guard isAligned(with: canvas), width == canvas.width, height == canvas.height else { return false }
        let shift = (toTarget.translation + origin - canvas.origin) * canvas.scale
        return abs(shift.x) < 1e-3 && abs(shift.y) < 1e-3
    }

    /// The canvas texel where the layer's texel (0, 0) lands, for a layer aligned with the canvas.
    func texelOrigin(on canvas: Canvas) -> SIMD2<Int>? {
        guard isAligned(with: canvas) else { return nil }
        let shift = ((toTarget.translation + origin - canvas.origin) * canvas.scale).rounded(.toNearestOrEven)
        return SIMD2(Int(shift.x), Int(shift.y))
    }

    /// Whether the layer's texels land exactly on the canvas's texels, so that nearest
    /// fetches reproduce them bit for bit.
    func isAligned(with canvas: Canvas) -> Bool {
        guard toTarget.isTranslation, abs(scale - canvas.scale) <= 1e-6 * canvas.scale else { return false }
        let shift = (toTarget.translation + origin - canvas.origin) * canvas.scale
        let fraction = shift - shift.rounded(.toNearestOrEven)
        return abs(fraction.x) < 1e-3 && abs(fraction.y) < 1e-3
    }
}

/// Modifiers that reach each leaf separately: opacity and blend mode and shadows of
/// containers without a `compositingGroup()` in between.
struct Distributed {
    var opacity: Float = 1
    var blendMode: BlendMode = .normal
    /// Innermost first; geometry already in the canvas's user space.
    var shadows: [PlacedShadow] = []
}

struct PlacedShadow {
    var color: Color
    /// In the canvas's points.
    var sigma: Float
    var offset: SIMD2<Float>

    init(_ shadow: Shadow, through transform: Affine) {
        color = shadow.color
        sigma = shadow.sigma * transform.lengthScale
        offset = transform.applyLinear(SIMD2(shadow.x, shadow.y))
    }
}

/// An optional shape that limits where a layer is drawn (shader fills, opaque groups).
struct LayerMask {
    var geometry: ShapeGeometry
    var size: SIMD2<Float>
    /// Maps the mask's user space to the target canvas's.
    var toTarget: Affine
}
