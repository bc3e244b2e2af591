import WeftRuntime
import WeftText
import WeftViews

/// A frame laid out and lowered: its passes over logical textures before the rewrites, and what the plan needs of its
/// canvas. Two lowered frames that are `sameLowering` give the same plan (the rewrites read nothing else).
struct LoweredFrame: Sendable {
    var builder: PlanBuilder
    var output: TextureID
    var origin: SIMD2<Float>
    var scale: Float
    var warnings: [MatchedGeometryWarning]
    var textWarnings: [TextWarning]
    var timings: PlanTimings

    func sameLowering(as other: LoweredFrame) -> Bool {
        output == other.output && origin == other.origin && scale == other.scale && builder.sameLowering(as: other.builder)
    }
}
