import WeftRuntime
import WeftText
import WeftViews

/// A frame laid out and lowered: its passes over logical textures before the rewrites, and what the plan needs of its
/// canvas. Two lowered frames of the `sameStructure` give the same plan but for the values its passes carry (the
/// rewrites read nothing else).
struct LoweredFrame: Sendable {
    /// The tree drawn: the frame's views with their `TimelineView`s built, matched geometry resolved and visual effects
    /// placed.
    var root: ViewNode
    var builder: PlanBuilder
    var output: TextureID
    var origin: SIMD2<Float>
    var scale: Float
    var warnings: [MatchedGeometryWarning]
    var textWarnings: [TextWarning]
    var timings: PlanTimings
    /// Whether the frame's clock reached any value of its passes but their frame constants (an effect was bound, or a
    /// `TimelineView` was built at it); when not, the same view tree lowered at another time lowers to the same passes.
    var readsClock: Bool
    /// The generation of the glyph atlas the frame's texts were placed in.
    var glyphAtlasGeneration: Int

    func sameStructure(as other: LoweredFrame) -> Bool {
        output == other.output && origin == other.origin && scale == other.scale && builder.sameStructure(as: other.builder)
    }
}
