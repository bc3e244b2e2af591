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

/// A frame with bounds (`frame(minWidth:maxWidth:…)`): each side follows the offer, clamped to
/// the bounds given, and hugs the child where a bound is missing.
package struct FlexibleFrame: Sendable, Hashable {
    var minWidth, maxWidth, minHeight, maxHeight: Float?
    var alignment: UnitPoint

    package init(minWidth: Float?, maxWidth: Float?, minHeight: Float?, maxHeight: Float?, alignment: UnitPoint) {
        (self.minWidth, self.maxWidth, self.minHeight, self.maxHeight) = (minWidth, maxWidth, minHeight, maxHeight)
        self.alignment = alignment
    }

    /// The offer to the child: the offer clamped to the bounds given.
    func proposal(_ offer: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(Self.clamp(offer.x, minWidth, maxWidth), Self.clamp(offer.y, minHeight, maxHeight))
    }

    /// The frame's size: the offer clamped between the bounds, a missing bound being the child's size.
    func size(offer: SIMD2<Float>, child: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(Self.clamp(offer.x, minWidth ?? child.x, maxWidth ?? child.x),
              Self.clamp(offer.y, minHeight ?? child.y, maxHeight ?? child.y))
    }

    /// max(lower, min(upper, value)): the lower bound wins when the bounds cross.
    static func clamp(_ value: Float, _ lower: Float?, _ upper: Float?) -> Float {
        max(lower ?? -.infinity, min(upper ?? .infinity, value))
    }
}

extension View {
    /// SwiftUI's flexible frame: offers the child the offer clamped to the bounds; takes the offer
    /// clamped between the bounds (a missing bound is the child's size); places the child by `alignment`.
    /// `maxWidth: .infinity` takes all the width offered.
    public func frame(minWidth: Float? = nil, maxWidth: Float? = nil, minHeight: Float? = nil, maxHeight: Float? = nil,
                      alignment: UnitPoint = .center) -> ModifiedView {
        modified(.flexibleFrame(FlexibleFrame(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
                                              alignment: alignment)))
    }

    /// A fixed frame whose child sits at `alignment`.
    public func frame(width: Float? = nil, height: Float? = nil, alignment: UnitPoint) -> ModifiedView {
        guard alignment != .center else { return frame(width: width, height: height) }
        return modified(.flexibleFrame(FlexibleFrame(minWidth: width, maxWidth: width, minHeight: height, maxHeight: height,
                                                     alignment: alignment)))
    }
}
