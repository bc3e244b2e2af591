/// How far, in points along each axis, a layer or distortion effect may sample from the pixel it computes: two finite
/// numbers not below zero. Every reader of outside input (scene files, presets, the command line, `// @maxSampleOffset`)
/// makes one through `init?(x:y:)` or `init?(text:)`, the only place the rule is checked; what it holds is then known good.
public struct SampleOffset: Sendable, Hashable {
    public let x: Float
    public let y: Float

    public static let zero = SampleOffset(checked: .zero)

    /// nil unless both are finite and not negative.
    public init?(x: Double, y: Double) {
        guard x.isFinite, y.isFinite, x >= 0, y >= 0, Float(x).isFinite, Float(y).isFinite else { return nil }
        self.x = Float(x)
        self.y = Float(y)
    }

    /// `X` (both axes) or `X,Y`, blanks allowed around each number; nil for anything else.
    public init?(text: some StringProtocol) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), let x = parts[0], let y = parts[parts.count - 1] else { return nil }
        self.init(x: x, y: y)
    }

    private init(checked v: SIMD2<Float>) { x = v.x; y = v.y }

    public var vector: SIMD2<Float> { SIMD2(x, y) }

    /// What an author should write, for messages.
    public static let expected = "X or X,Y: finite numbers ≥ 0 (points)"
}
