/// A size in points.
public struct Size: Sendable, Hashable, Codable {
    public var width: Float
    public var height: Float
    public init(width: Float, height: Float) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
    package var vector: SIMD2<Float> { SIMD2(width, height) }
    package init(_ v: SIMD2<Float>) { self.init(width: v.x, height: v.y) }
}

/// A point in a view's unit square: (0, 0) is the top-leading corner, (1, 1) the bottom-trailing one.
public struct UnitPoint: Sendable, Hashable, Codable {
    public var x: Float
    public var y: Float
    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
    package var vector: SIMD2<Float> { SIMD2(x, y) }
}

/// An angle; positive angles turn clockwise on screen (y points down).
public struct Angle: Sendable, Hashable, Codable {
    public var radians: Float
    public init(radians: Float) { self.radians = radians }
    public init(degrees: Float) { self.radians = degrees * .pi / 180 }
    /// Any floating-point type: SwiftUI's code passes `Double`s, Weft's `Float`s.
    public static func radians<T: BinaryFloatingPoint>(_ r: T) -> Angle { Angle(radians: Float(r)) }
    public static func degrees<T: BinaryFloatingPoint>(_ d: T) -> Angle { Angle(degrees: Float(d)) }
    public var degrees: Float { radians * 180 / .pi }
    public static let zero = Angle(radians: 0)
}

/// Insets on the four edges of a view, in points.
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: Float
    public var leading: Float
    public var bottom: Float
    public var trailing: Float
    public init(top: Float = 0, leading: Float = 0, bottom: Float = 0, trailing: Float = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init(all: Float) { self.init(top: all, leading: all, bottom: all, trailing: all) }
}

/// An axis-aligned rectangle in some user space, in points.
public struct Rect: Sendable, Hashable {
    @usableFromInline package var origin: SIMD2<Float>
    @usableFromInline package var size: SIMD2<Float>

    @inlinable package init(origin: SIMD2<Float>, size: SIMD2<Float>) {
        self.origin = origin
        self.size = size
    }
    @inlinable package init(size: SIMD2<Float>) { self.init(origin: .zero, size: size) }
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.init(origin: SIMD2(x, y), size: SIMD2(width, height))
    }

    public var minX: Float { origin.x }
    public var minY: Float { origin.y }
    public var maxX: Float { origin.x + size.x }
    public var maxY: Float { origin.y + size.y }
    public var midX: Float { origin.x + size.x / 2 }
    public var midY: Float { origin.y + size.y / 2 }
    public var width: Float { size.x }
    public var height: Float { size.y }

    /// Shrunk by `dx` on the leading and trailing edges and `dy` on the top and bottom ones.
    public func insetBy(dx: Float, dy: Float) -> Rect {
        Rect(origin: origin + SIMD2(dx, dy), size: pointwiseMax(size - 2 * SIMD2(dx, dy), .zero))
    }

    @inlinable package var minimum: SIMD2<Float> { origin }
    @inlinable package var maximum: SIMD2<Float> { origin + size }
    @inlinable package var isEmpty: Bool { size.x <= 0 || size.y <= 0 }

    @inlinable package func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let lo = pointwiseMin(minimum, other.minimum)
        let hi = pointwiseMax(maximum, other.maximum)
        return Rect(origin: lo, size: hi - lo)
    }

    @inlinable package func intersection(_ other: Rect) -> Rect {
        let lo = pointwiseMax(minimum, other.minimum)
        let hi = pointwiseMin(maximum, other.maximum)
        return Rect(origin: lo, size: pointwiseMax(hi - lo, .zero))
    }

    /// Grown by `amount` on every side (per axis).
    @inlinable package func outset(by amount: SIMD2<Float>) -> Rect {
        Rect(origin: origin - amount, size: size + 2 * amount)
    }

    @inlinable package func offset(by delta: SIMD2<Float>) -> Rect { Rect(origin: origin + delta, size: size) }

    /// The bounding box of this rectangle's four corners mapped through `transform`.
    @inlinable package func applying(_ transform: Affine) -> Rect {
        let p0 = transform.apply(minimum), p1 = transform.apply(SIMD2(maximum.x, minimum.y))
        let p2 = transform.apply(SIMD2(minimum.x, maximum.y)), p3 = transform.apply(maximum)
        let lo = pointwiseMin(pointwiseMin(pointwiseMin(p0, p1), p2), p3)
        let hi = pointwiseMax(pointwiseMax(pointwiseMax(p0, p1), p2), p3)
        return Rect(origin: lo, size: hi - lo)
    }
}

/// A 2-D affine map: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
@usableFromInline package struct Affine: Sendable, Hashable {
    @usableFromInline package var a: Float, b: Float, c: Float, d: Float
    @usableFromInline package var tx: Float, ty: Float

    @inlinable package init(a: Float = 1, b: Float = 0, c: Float = 0, d: Float = 1, tx: Float = 0, ty: Float = 0) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    package static let identity = Affine()

    @inlinable package static func translation(_ t: SIMD2<Float>) -> Affine { Affine(tx: t.x, ty: t.y) }
    @inlinable package static func scaling(_ s: SIMD2<Float>) -> Affine { Affine(a: s.x, d: s.y) }
    package static func rotation(_ radians: Float) -> Affine {
        let cs = Float(cos(Double(radians))), sn = Float(sin(Double(radians)))
        return Affine(a: cs, b: sn, c: -sn, d: cs)
    }

    /// `lhs ∘ rhs`: applies `rhs` first, then `lhs`.
    @inlinable package static func * (lhs: Affine, rhs: Affine) -> Affine {
        Affine(a: lhs.a * rhs.a + lhs.c * rhs.b,
               b: lhs.b * rhs.a + lhs.d * rhs.b,
               c: lhs.a * rhs.c + lhs.c * rhs.d,
               d: lhs.b * rhs.c + lhs.d * rhs.d,
               tx: lhs.a * rhs.tx + lhs.c * rhs.ty + lhs.tx,
               ty: lhs.b * rhs.tx + lhs.d * rhs.ty + lhs.ty)
    }

    @inlinable package func apply(_ p: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// Applies only the linear part (for vectors such as offsets).
    @inlinable package func applyLinear(_ v: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    @inlinable package var determinant: Float { a * d - b * c }

    /// The factor by which the map scales areas, as a length: √|det|.
    @inlinable package var lengthScale: Float { abs(determinant).squareRoot() }

    @inlinable package var translation: SIMD2<Float> { SIMD2(tx, ty) }

    @inlinable package var isTranslation: Bool {
        abs(a - 1) < 1e-6 && abs(d - 1) < 1e-6 && abs(b) < 1e-6 && abs(c) < 1e-6
    }

    /// The map back, or nil when there is none: a singular transform (a scale of 0 on an axis) flattens the plane to a
    /// line or a point, and what it draws covers no area; a nearly singular one whose inverse overflows counts as singular.
    @inlinable package var inverted: Affine? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        let inverse = Affine(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
        let finite = ia.isFinite && ib.isFinite && ic.isFinite && id.isFinite && inverse.tx.isFinite && inverse.ty.isFinite
        return finite ? inverse : nil
    }

    /// Whether the transform keeps area, so that what it draws can cover pixels (`inverted` is not nil).
    @inlinable package var isInvertible: Bool { inverted != nil }
}

#if canImport(Glibc)
import Glibc
#endif
