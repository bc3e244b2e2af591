import WeftImage
import WeftRuntime
import WeftShaders

/// A shadow as written: color (sRGB, straight alpha), blur radius and offset in points.
public struct Shadow: Sendable, Hashable {
    public var color: Color
    public var radius: Float
    public var x: Float
    public var y: Float
    public init(color: Color = Shadow.defaultColor, radius: Float, x: Float = 0, y: Float = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
    /// SwiftUI's default: black at 33% opacity.
    public static let defaultColor = Color(white: 0, alpha: 0.33)
    /// The Gaussian's standard deviation: the radius is read as 2σ, as CSS reads a blur radius.
    package var sigma: Float { max(radius, 0) / 2 }
}

package enum Modifier: Sendable {
    case frame(width: Float?, height: Float?)
    case flexibleFrame(FlexibleFrame)
    case offset(SIMD2<Float>)
    case padding(EdgeInsets)
    case rotation(Angle)
    case scale(SIMD2<Float>)
    case opacity(Float)
    case blendMode(BlendMode)
    case shadow(Shadow)
    case compositingGroup
    case drawingGroup(opaque: Bool, colorMode: ColorMode)
    case effect(EffectKind, EffectShader, maxSampleOffset: SIMD2<Float>)
    case blendEffect(EffectShader)
    /// Identity across states; changes nothing drawn.
    case id(String)
    /// How the view enters and leaves; changes nothing drawn.
    case transition(Transition)
    /// An offset in sizes of the view (what `Transition.move` draws).
    case relativeOffset(SIMD2<Float>)
    /// `onGeometryChange`: observes the view's geometry after layout; changes nothing drawn.
    case geometryChange(GeometryChange)
    /// A component's own states (`StateSwitch`), over the one it shows; changes nothing drawn.
    case stateSwitch(StateSwitch)
    /// Declares a namespace of `matchedGeometryEffect` ids for the view's content; changes nothing drawn.
    case namespace(String)
    case matchedGeometry(MatchedGeometry)
    case geometryGroup
    /// Where a view stands during a change, in its parent's layout space (`GroupAnchor`); changes nothing drawn.
    case groupAnchor(GroupAnchor)
    /// `overlay`, `background`, `mask` (and `clipShape`, `border`…): a second view in the view's frame.
    case decoration(Decoration)
    /// A Gaussian blur of the composed view, the radius read as 2σ.
    case blur(radius: Float)
}

extension View {
    func modified(_ m: Modifier) -> ModifiedView { ModifiedView(ViewNode(.modified(node, m))) }

    /// Offers the view this size (a nil side passes the offer through) and centres it in the frame.
    public func frame(width: Float? = nil, height: Float? = nil) -> ModifiedView {
        modified(.frame(width: width, height: height))
    }
    /// Moves what the view draws without changing its layout.
    public func offset(x: Float = 0, y: Float = 0) -> ModifiedView { modified(.offset(SIMD2(x, y))) }
    public func padding(_ insets: EdgeInsets) -> ModifiedView { modified(.padding(insets)) }
    public func padding(_ length: Float = EdgeInsets.defaultPadding) -> ModifiedView { modified(.padding(EdgeInsets(all: length))) }
    /// Rotates what the view draws about its centre, without changing its layout.
    public func rotationEffect(_ angle: Angle) -> ModifiedView { modified(.rotation(angle)) }
    /// Scales what the view draws about its centre, without changing its layout.
    public func scaleEffect(_ s: Float) -> ModifiedView { modified(.scale(SIMD2(s, s))) }
    public func scaleEffect(x: Float = 1, y: Float = 1) -> ModifiedView { modified(.scale(SIMD2(x, y))) }
    public func opacity(_ value: Float) -> ModifiedView { modified(.opacity(min(max(value, 0), 1))) }
    public func blendMode(_ mode: BlendMode) -> ModifiedView { modified(.blendMode(mode)) }
    public func shadow(color: Color = Shadow.defaultColor, radius: Float, x: Float = 0, y: Float = 0) -> ModifiedView {
        modified(.shadow(Shadow(color: color, radius: radius, x: x, y: y)))
    }
    /// Composes the view's content first; modifiers after this act once on the result.
    public func compositingGroup() -> ModifiedView { modified(.compositingGroup) }
    /// Renders the view into one offscreen layer in `colorMode`, converting at the boundary.
    public func drawingGroup(opaque: Bool = false, colorMode: ColorMode = .nonLinear) -> ModifiedView {
        modified(.drawingGroup(opaque: opaque, colorMode: colorMode))
    }
    public func colorEffect(_ shader: EffectShader) -> ModifiedView {
        modified(.effect(.color, shader, maxSampleOffset: .zero))
    }
    public func layerEffect(_ shader: EffectShader, maxSampleOffset: Size) -> ModifiedView {
        modified(.effect(.layer, shader, maxSampleOffset: pointwiseMax(maxSampleOffset.vector, .zero)))
    }
    public func distortionEffect(_ shader: EffectShader, maxSampleOffset: Size) -> ModifiedView {
        modified(.effect(.distortion, shader, maxSampleOffset: pointwiseMax(maxSampleOffset.vector, .zero)))
    }
    /// Composes the view, then combines it with what lies beneath through a blend function
    /// instead of a blend mode (beyond SwiftUI; docs/compositing.md).
    public func blendEffect(_ shader: EffectShader) -> ModifiedView { modified(.blendEffect(shader)) }
}
