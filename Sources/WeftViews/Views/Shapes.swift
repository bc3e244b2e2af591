import WeftImage

/// The outline of a shape inside its frame, evaluated per pixel as a signed distance.
public enum ShapeGeometry: Sendable, Hashable {
    case rectangle
    case roundedRectangle(cornerRadius: Float)
    /// The largest circle centred in the frame.
    case circle
    case ellipse
    /// A rounded rectangle whose corner radius is half its shorter side.
    case capsule

    package var cornerRadius: Float {
        if case .roundedRectangle(let r) = self { return r }
        return 0
    }
}

/// A view that fills its frame with an outline; filled with black unless `fill` says otherwise.
public protocol Shape: View {
    var geometry: ShapeGeometry { get }
}

extension Shape {
    public var node: ViewNode { ViewNode(.shape(geometry, Color.black.fillStyle)) }

    /// This shape filled with a color, a gradient or a fill shader.
    public func fill(_ style: some ShapeStyle) -> ModifiedView {
        ModifiedView(ViewNode(.shape(geometry, style.fillStyle)))
    }
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
