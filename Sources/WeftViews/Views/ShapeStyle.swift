import WeftImage

/// What fills a shape: a color, a gradient, or a fill shader.
public protocol ShapeStyle: Sendable {
    var fillStyle: FillStyle { get }
}

/// A resolved shape style.
public struct FillStyle: Sendable {
    package enum Kind: Sendable {
        case color(Color)
        case linear(Gradient, start: UnitPoint, end: UnitPoint)
        case radial(Gradient, center: UnitPoint, startRadius: Float, endRadius: Float)
        case angular(Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle)
        case shader(EffectShader)
    }
    package let kind: Kind
    package init(kind: Kind) { self.kind = kind }
}

extension FillStyle: ShapeStyle {
    public var fillStyle: FillStyle { self }
}

extension Color: ShapeStyle {
    public var fillStyle: FillStyle { FillStyle(kind: .color(self)) }
}

/// Color stops along a gradient.
public struct Gradient: Sendable, Hashable {
    public struct Stop: Sendable, Hashable {
        public var color: Color
        public var location: Float
        public init(color: Color, location: Float) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]

    public init(stops: [Stop]) throws(ViewError) {
        guard !stops.isEmpty else { throw .emptyGradient }
        self.stops = stops.sorted { $0.location < $1.location }
    }

    /// Colors spaced evenly from 0 to 1.
    public init(colors: [Color]) throws(ViewError) {
        guard !colors.isEmpty else { throw .emptyGradient }
        let n = colors.count
        self.stops = colors.enumerated().map { i, c in Stop(color: c, location: n == 1 ? 0 : Float(i) / Float(n - 1)) }
    }
}

public struct LinearGradient: ShapeStyle, View {
    public var gradient: Gradient
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) throws(ViewError) {
        self.init(gradient: try Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public var fillStyle: FillStyle { FillStyle(kind: .linear(gradient, start: startPoint, end: endPoint)) }
    public var node: ViewNode { Rectangle().fill(self).node }
}

public struct RadialGradient: ShapeStyle, View {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadius: Float
    public var endRadius: Float
    public init(gradient: Gradient, center: UnitPoint = .center, startRadius: Float = 0, endRadius: Float) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint = .center, startRadius: Float = 0, endRadius: Float) throws(ViewError) {
        self.init(gradient: try Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public var fillStyle: FillStyle {
        FillStyle(kind: .radial(gradient, center: center, startRadius: startRadius, endRadius: endRadius))
    }
    public var node: ViewNode { Rectangle().fill(self).node }
}

/// A gradient that sweeps clockwise around a center, from `startAngle` (0 = trailing) to `endAngle`.
public struct AngularGradient: ShapeStyle, View {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startAngle: Angle
    public var endAngle: Angle
    public init(gradient: Gradient, center: UnitPoint = .center, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }
    public init(colors: [Color], center: UnitPoint = .center, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) throws(ViewError) {
        self.init(gradient: try Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public var fillStyle: FillStyle {
        FillStyle(kind: .angular(gradient, center: center, startAngle: startAngle, endAngle: endAngle))
    }
    public var node: ViewNode { Rectangle().fill(self).node }
}
