import WeftImage

/// The outline of a shape inside its frame: the built-in ones evaluated per pixel as a signed distance, a path by
/// exact area coverage.
public enum ShapeGeometry: Sendable, Hashable {
    case rectangle
    case roundedRectangle(cornerRadius: Float)
    /// The largest circle centred in the frame.
    case circle
    case ellipse
    /// A rounded rectangle whose corner radius is half its shorter side.
    case capsule
    /// A path's outline, trimmed, stroked and filled by a rule (`PathShape`).
    indirect case path(PathShape)

    package var cornerRadius: Float {
        if case .roundedRectangle(let r) = self { return r }
        return 0
    }
}

/// A view that fills its frame with an outline; filled with black unless `fill` says otherwise. A custom shape
/// implements `path(in:)`; the built-in ones are their `geometry`.
public protocol Shape: View {
    /// The outline in a frame `rect`.
    func path(in rect: Rect) -> Path
    var geometry: ShapeGeometry { get }
}

extension Shape {
    public var node: ViewNode { ViewNode(.shape(geometry, Color.black.fillStyle)) }

    /// A custom shape is its path, made again for each frame it is laid out in.
    public var geometry: ShapeGeometry {
        let shape = self
        return .path(PathShape(outline: .custom(CustomOutline(name: String(reflecting: Self.self)) { shape.path(in: $0) })))
    }

    public func path(in rect: Rect) -> Path { geometry.path(in: rect) }

    /// This shape filled with a color, a gradient or a fill shader.
    public func fill(_ style: some ShapeStyle) -> ModifiedView {
        ModifiedView(ViewNode(.shape(geometry, style.fillStyle)))
    }

    /// This shape filled by `rule` where its subpaths overlap (`FillStyle(eoFill:)` in SwiftUI).
    public func fill(_ style: some ShapeStyle = Color.black, rule: FillRule) -> ModifiedView {
        var shape = pathShape
        shape.rule = rule
        return ModifiedView(ViewNode(.shape(.path(shape), style.fillStyle)))
    }

    /// The outline stroked with `style`, centred on it.
    public func stroke(_ content: some ShapeStyle = Color.black, style: StrokeStyle) -> ModifiedView {
        var shape = pathShape
        shape.stroke = style
        return ModifiedView(ViewNode(.shape(.path(shape), content.fillStyle)))
    }

    public func stroke(_ content: some ShapeStyle = Color.black, lineWidth: Float = 1) -> ModifiedView {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The outline inset by half the line width, then stroked: the stroke stays inside the frame.
    public func strokeBorder(_ content: some ShapeStyle = Color.black, style: StrokeStyle) -> ModifiedView {
        var shape = pathShape
        shape.stroke = style
        shape.inset += style.lineWidth / 2
        return ModifiedView(ViewNode(.shape(.path(shape), content.fillStyle)))
    }

    public func strokeBorder(_ content: some ShapeStyle = Color.black, lineWidth: Float = 1) -> ModifiedView {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The part of the outline between fractions `from` and `to` of its length (animatable).
    public func trim(from: Float = 0, to: Float = 1) -> TrimmedShape {
        var shape = pathShape
        let start = shape.trimFrom, span = shape.trimTo - shape.trimFrom
        shape.trimFrom = start + span * from
        shape.trimTo = start + span * to
        return TrimmedShape(shape: shape)
    }

    /// The shape as a path shape, to trim, stroke or fill by a rule.
    var pathShape: PathShape {
        if case .path(let shape) = geometry { return shape }
        return PathShape(outline: .builtIn(geometry))
    }
}

/// A shape cut to part of its outline's length (`Shape.trim(from:to:)`).
public struct TrimmedShape: Shape {
    let shape: PathShape
    public var geometry: ShapeGeometry { .path(shape) }
}

extension Path: Shape {
    /// A path drawn as a view sits at its own coordinates, whatever its frame.
    public var geometry: ShapeGeometry { .path(PathShape(outline: .fixed(self))) }
    public func path(in rect: Rect) -> Path { self }
}

public struct Rectangle: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .rectangle }
}

public struct RoundedRectangle: Shape {
    public var cornerRadius: Float
    public init(cornerRadius: Float) { self.cornerRadius = cornerRadius }
    public var geometry: ShapeGeometry { .roundedRectangle(cornerRadius: cornerRadius) }
}

public struct Circle: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .circle }
}

public struct Ellipse: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .ellipse }
}

public struct Capsule: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .capsule }
}

extension Color: View {
    /// A color as a view fills whatever frame it is offered.
    public var node: ViewNode { ViewNode(.shape(.rectangle, fillStyle)) }
}
