/// Which points a filled outline covers where its subpaths overlap or wind more than once.
public enum FillRule: String, Sendable, Hashable, CaseIterable {
    /// Inside where the outline winds around the point any number of times but zero (SwiftUI's default).
    case nonZero
    /// Inside where the outline winds around the point an odd number of times (`FillStyle(eoFill: true)`).
    case evenOdd
}

public enum LineCap: String, Sendable, Hashable, CaseIterable {
    case butt, round, square
}

public enum LineJoin: String, Sendable, Hashable, CaseIterable {
    case miter, round, bevel
}

/// How a stroke is drawn, as SwiftUI's `StrokeStyle`: width, caps, joins, miter limit and dash pattern in points.
public struct StrokeStyle: Sendable, Hashable {
    public var lineWidth: Float
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// The longest miter, as a multiple of the line width, before a miter join is bevelled instead.
    public var miterLimit: Float
    /// Alternating lengths drawn and skipped; empty for a solid line.
    public var dash: [Float]
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: Float

    public init(lineWidth: Float = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Float = 10,
                dash: [Float] = [], dashPhase: Float = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
