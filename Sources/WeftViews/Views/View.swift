import WeftImage

/// A piece of a scene: an immutable value describing content, layout and compositing.
/// Nothing renders until a `RenderContext` is asked for pixels.
public protocol View: Sendable {
    /// The view as a node of Weft's view tree.
    var node: ViewNode { get }
}

/// One node of a view tree. Opaque to users; the planner lowers it to a `RenderPlan`.
public struct ViewNode: Sendable, View {
    package indirect enum Kind: Sendable {
        case shape(ShapeGeometry, FillStyle)
        case image(Image)
        /// Shaped text (`Text`), drawn by the glyph kernel.
        case text(Text)
        /// Children centred on each other (`ZStack`).
        case stack([ViewNode])
        /// `HStack` / `VStack`.
        case stacked(StackLayout, [ViewNode])
        /// `LazyVGrid` / `Grid`: children in rows across columns.
        case grid(GridLayout, [ViewNode])
        /// `Spacer`: room in a stack, nothing drawn.
        case spacer(minLength: Float)
        case modified(ViewNode, Modifier)
    }
    package let kind: Kind
    package init(_ kind: Kind) { self.kind = kind }
    public var node: ViewNode { self }
}

/// A view with modifiers applied; what every modifier returns.
public struct ModifiedView: View {
    public let node: ViewNode
    init(_ node: ViewNode) { self.node = node }
}

/// Children drawn in order, each centred in the stack; the stack is as large as its largest child.
public struct ZStack: View {
    public let children: [ViewNode]
    public init(@ViewBuilder content: () throws -> [ViewNode]) rethrows { self.children = try content() }
    public init(children: [any View]) { self.children = children.map(\.node) }
    public var node: ViewNode { ViewNode(.stack(children)) }
}

/// One view per element. Inside a stack its views are the stack's children, lined up like any others (SwiftUI's
/// `ForEach` is no container); on its own it stacks them like a `ZStack`'s children.
public struct ForEach<Data: Sequence>: View where Data: Sendable {
    /// The views, one or more per element, in order.
    public let children: [ViewNode]
    public init(_ data: Data, @ViewBuilder content: (Data.Element) throws -> [ViewNode]) rethrows {
        self.children = try data.flatMap(content)
    }
    public var node: ViewNode { ViewNode(.stack(children)) }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: some View) -> [ViewNode] { [view.node] }
    /// A `ForEach`'s views join the container's children.
    public static func buildExpression<Data>(_ forEach: ForEach<Data>) -> [ViewNode] { forEach.children }
    public static func buildBlock(_ parts: [ViewNode]...) -> [ViewNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [ViewNode]?) -> [ViewNode] { part ?? [] }
    public static func buildEither(first: [ViewNode]) -> [ViewNode] { first }
    public static func buildEither(second: [ViewNode]) -> [ViewNode] { second }
    public static func buildArray(_ parts: [[ViewNode]]) -> [ViewNode] { parts.flatMap { $0 } }
}

/// A bitmap as a view: `pixels.width / scale × pixels.height / scale` points, not resizable.
///
/// RGBA8 pixels are taken as premultiplied sRGB-encoded values (`.nonLinear`); RGBA16F pixels
/// as premultiplied extended-linear values.
public struct Image: View {
    public let pixels: PixelBuffer
    /// Pixels per point.
    public let scale: Float
    /// A built-in symbol drawn instead of pixels (`init(systemName:)`).
    package var symbol: Symbol?

    public init(_ pixels: PixelBuffer) {
        self.pixels = pixels
        self.scale = 1
    }

    /// SwiftUI's `Image(systemName:)`: a built-in symbol (`Symbol`), `size` points square, drawn as a path in `color`; an
    /// unknown name is an error listing the known ones.
    public init(systemName name: String, size: Float = 17, color: Color = .black) throws(ViewError) {
        self.symbol = try Symbol(systemName: name, size: size, color: color)
        self.pixels = PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)
        self.scale = 1
    }

    /// `pixels` at `scale` pixels per point, which must be positive and finite.
    public init(_ pixels: PixelBuffer, scale: Float) throws(ViewError) {
        guard scale > 0, scale.isFinite else { throw .imageScale(scale) }
        self.pixels = pixels
        self.scale = scale
    }

    /// The image's size in points.
    public var size: Size {
        if let symbol { return Size(width: symbol.size, height: symbol.size) }
        return Size(width: Float(pixels.width) / scale, height: Float(pixels.height) / scale)
    }

    package var colorMode: ColorMode { pixels.format == .rgba8Unorm ? .nonLinear : .extendedLinear }

    public var node: ViewNode { symbol?.node ?? ViewNode(.image(self)) }
}
