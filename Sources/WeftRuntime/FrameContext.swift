/// What every kernel of one frame reads of the frame: the time, the frame index, the reduce-motion switch and the
/// pointer. The one value that carries them from a render's options to the kernels' constants and arguments.
public struct FrameContext: Sendable, Hashable {
    /// Seconds into the scene; kept as `Double` until it is written for a kernel (`shaderTime`).
    public var time: Double
    /// The frame index (`$frame`).
    public var index: UInt32
    /// Whether effects should reduce motion (`$reduceMotion`); it also freezes `$time` at 0.
    public var reduceMotion: Bool
    /// The pointer, points, top-left origin (`$mouse`; the preview window sets it).
    public var mouse: SIMD2<Float>

    public init(time: Double = 0, index: UInt32 = 0, reduceMotion: Bool = false, mouse: SIMD2<Float> = .zero) {
        self.time = time
        self.index = index
        self.reduceMotion = reduceMotion
        self.mouse = mouse
    }

    /// `$time` as kernels read it: the time in seconds, frozen at 0 when reduce motion is on (docs/animation.md).
    public var shaderTime: Float { reduceMotion ? 0 : Float(time) }

    /// Writes the frame's fields of a pass's constants; the planner fills the rest (origins, sizes, scale).
    public func write(into constants: inout FrameConstants) {
        constants.time = shaderTime
        constants.frame = index
        constants.reduceMotion = reduceMotion ? 1 : 0
        constants.mouse = mouse
    }
}
