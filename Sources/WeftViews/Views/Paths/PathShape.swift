/// A shape drawn from a path: its outline in a frame, then trimmed, stroked and filled by a rule. Covered by exact area
/// (docs/paths.md), not by a signed distance like the built-in shapes.
public struct PathShape: Sendable, Hashable {
    /// Where the outline comes from.
    public enum Outline: Sendable, Hashable {
        /// A path at its own coordinates (`Path` as a view).
        case fixed(Path)
        /// A built-in shape's outline in the frame.
        case builtIn(ShapeGeometry)
        /// A custom shape's `path(in:)`.
        case custom(CustomOutline)

        /// Whether the outline lies inside the frame it is made for (a built-in shape's, other than a path's).
        var staysInFrame: Bool {
            switch self {
            case .builtIn(.path), .fixed, .custom: false
            case .builtIn: true
            }
        }
    }

    public var outline: Outline
    public var rule: FillRule
    /// The fraction of the outline's length kept, `trim(from:to:)`.
    public var trimFrom: Float
    public var trimTo: Float
    /// Drawn as a stroke of this style instead of filled.
    public var stroke: StrokeStyle?
    /// How far the frame is inset before the outline is made (`strokeBorder`: half the line width).
    public var inset: Float

    public init(outline: Outline, rule: FillRule = .nonZero, trimFrom: Float = 0, trimTo: Float = 1,
                stroke: StrokeStyle? = nil, inset: Float = 0) {
        self.outline = outline
        self.rule = rule
        self.trimFrom = trimFrom
        self.trimTo = trimTo
        self.stroke = stroke
        self.inset = inset
    }

    /// The outline for a frame of `size`, before trimming and stroking.
    public func path(in size: SIMD2<Float>) -> Path {
        let frame = Rect(size: size).insetBy(dx: inset, dy: inset)
        switch outline {
        case .fixed(let path): return path
        case .builtIn(let geometry): return geometry.path(in: frame)
        case .custom(let custom): return custom.make(frame)
        }
    }

    var isTrimmed: Bool { trimFrom > 0 || trimTo < 1 }

    /// Where the shape can draw in a frame of `size`: the frame, and the outline's points and control points where a
    /// path of its own coordinates or a custom one strays out of it, grown by how far a stroke reaches from its line:
    /// half its width, times √2 at a rectangle's mitred corners, the miter limit at a path's, √2 where caps are square
    /// (a smooth outline's flattened joins reach a hundredth further at most).
    public func reach(in size: SIMD2<Float>) -> Rect {
        var reach = Rect(size: size)
        if !outline.staysInFrame { reach = reach.union(path(in: size).boundingRect) }
        return reach.outset(by: SIMD2(repeating: strokeReach))
    }

    /// How far beyond its frame the shape can draw at any size (`reach(in:)` at most grown by this): a fixed path by
    /// where it lies, a built-in outline by its stroke; unbounded for an outline made from the frame by other code.
    var overhang: Float {
        var beyond: Float = 0
        switch outline {
        case .builtIn(.path), .custom: return .infinity
        case .builtIn: break
        case .fixed(let path):
            // Beyond a frame at the origin of any size ≥ 0: at most as far as the path lies from the origin.
            let bounds = path.boundingRect
            beyond = max(0, -bounds.minimum.x, -bounds.minimum.y, bounds.maximum.x, bounds.maximum.y)
        }
        let overhang = beyond + strokeReach
        return overhang.isFinite ? overhang : .infinity
    }

    /// How far a stroke reaches beyond the outline: half its width, times what its joins and caps add at a corner.
    private var strokeReach: Float {
        guard let stroke else { return 0 }
        let corner: Float
        switch outline {
        case .builtIn(.circle), .builtIn(.ellipse), .builtIn(.capsule): corner = 1.01
        case .builtIn(.roundedRectangle(let radius)) where radius > 0: corner = 1.01
        case .builtIn(.rectangle), .builtIn(.roundedRectangle): corner = Float(2).squareRoot()
        case .builtIn(.path), .fixed, .custom: corner = .infinity
        }
        let join = stroke.lineJoin == .miter ? min(corner, max(stroke.miterLimit, 1)) : 1.01
        let cap: Float = stroke.lineCap == .square ? Float(2).squareRoot() : 1
        return max(stroke.lineWidth, 0) / 2 * max(join, cap)
    }
}

/// A custom shape's outline: the shape's `path(in:)`, named by its type. Two are equal when their types match and they
/// draw the same path in a reference frame (so a state change can tell whether a shape changed).
public struct CustomOutline: Sendable, Hashable {
    public let name: String
    public let make: @Sendable (Rect) -> Path

    public init(name: String, make: @escaping @Sendable (Rect) -> Path) {
        self.name = name
        self.make = make
    }

    private static let reference = Rect(x: 0, y: 0, width: 100, height: 100)

    public static func == (a: CustomOutline, b: CustomOutline) -> Bool {
        a.name == b.name && a.make(reference) == b.make(reference)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension ShapeGeometry {
    /// The built-in shape's outline in `r`, as SwiftUI draws it: rectangles clockwise from the top-leading corner,
    /// circles and ellipses clockwise from the trailing point.
    public func path(in r: Rect) -> Path {
        var p = Path()
        switch self {
        case .rectangle: p.addRect(r)
        case .roundedRectangle(let radius): p.addRoundedRect(in: r, cornerRadius: radius)
        case .circle:
            let side = min(r.width, r.height)
            p.addEllipse(in: Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side))
        case .ellipse: p.addEllipse(in: r)
        case .capsule: p.addRoundedRect(in: r, cornerRadius: min(r.width, r.height) / 2)
        case .path(let shape):
            return shape.path(in: r.size).applying(.translation(r.origin))
        }
        return p
    }
}
