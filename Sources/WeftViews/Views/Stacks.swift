/// Children side by side (`HStack`) or one above another (`VStack`), `spacing` points apart,
/// lined up across the stack by `alignment` (0 = top/leading, 0.5 = centre, 1 = bottom/trailing).
public struct StackLayout: Sendable, Hashable {
    public enum Axis: Sendable, Hashable { case horizontal, vertical }
    public var axis: Axis
    public var spacing: Float
    /// Where children sit across the axis, as a fraction of the free room.
    public var alignment: Float

    /// SwiftUI's default spacing between adjacent views, points (Weft's choice of its platform values).
    public static let defaultSpacing: Float = 8

    package init(axis: Axis, spacing: Float, alignment: Float) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
    }

    /// The main axis's component of a size (x for horizontal stacks).
    func main(_ v: SIMD2<Float>) -> Float { axis == .horizontal ? v.x : v.y }
    func cross(_ v: SIMD2<Float>) -> Float { axis == .horizontal ? v.y : v.x }
    func vector(main: Float, cross: Float) -> SIMD2<Float> { axis == .horizontal ? SIMD2(main, cross) : SIMD2(cross, main) }
}

/// Where views line up across a horizontal stack.
public enum VerticalAlignment: Sendable, Hashable {
    case top, center, bottom
    var fraction: Float { self == .top ? 0 : self == .center ? 0.5 : 1 }
}

/// Where views line up across a vertical stack.
public enum HorizontalAlignment: Sendable, Hashable {
    case leading, center, trailing
    var fraction: Float { self == .leading ? 0 : self == .center ? 0.5 : 1 }
}

public struct HStack: View {
    public let layout: StackLayout
    public let children: [ViewNode]
    public init(alignment: VerticalAlignment = .center, spacing: Float? = nil, @ViewBuilder content: () throws -> [ViewNode]) rethrows {
        layout = StackLayout(axis: .horizontal, spacing: spacing ?? StackLayout.defaultSpacing, alignment: alignment.fraction)
        children = try content()
    }
    public var node: ViewNode { ViewNode(.stacked(layout, children)) }
}

public struct VStack: View {
    public let layout: StackLayout
    public let children: [ViewNode]
    public init(alignment: HorizontalAlignment = .center, spacing: Float? = nil, @ViewBuilder content: () throws -> [ViewNode]) rethrows {
        layout = StackLayout(axis: .vertical, spacing: spacing ?? StackLayout.defaultSpacing, alignment: alignment.fraction)
        children = try content()
    }
    public var node: ViewNode { ViewNode(.stacked(layout, children)) }
}

/// Empty room that grows along its stack's axis as far as the stack lets it (and `minLength` at least: by default the
/// standard spacing, 8 points, as SwiftUI's). A stack sizes its spacers after its other children, so a spacer beside
/// another flexible view keeps only its minimum. Outside a stack it takes no room.
public struct Spacer: View {
    public var minLength: Float
    public init(minLength: Float = StackLayout.defaultSpacing) { self.minLength = minLength }
    public var node: ViewNode { ViewNode(.spacer(minLength: minLength)) }
}
