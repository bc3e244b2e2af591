import WeftRuntime

/// The preview's `$time` and `$frame`, as a TimelineView drives them: time runs with the wall clock and the frame counts
/// presented frames, unless paused; stepping moves one frame of `step` seconds either way and pauses.
public struct PreviewClock: Sendable, Equatable {
    public var time: Double
    /// Frames presented (or stepped) since the content's own first frame (`frameContext(from:mouse:)`).
    public var frame: UInt32
    public var paused: Bool
    public var reduceMotion: Bool
    /// Seconds per stepped frame.
    public var step: Double = 1.0 / 60
    private let start: (time: Double, frame: UInt32)

    public init(time: Double = 0, frame: UInt32 = 0, paused: Bool = false, reduceMotion: Bool = false) {
        self.time = time
        self.frame = frame
        self.paused = paused
        self.reduceMotion = reduceMotion
        self.start = (time, frame)
    }

    public static func == (a: PreviewClock, b: PreviewClock) -> Bool {
        a.time == b.time && a.frame == b.frame && a.paused == b.paused && a.reduceMotion == b.reduceMotion
    }

    /// What the content's effects see now: the clock's time, the content's frame index (a scene's `frame` or `--frame`,
    /// as its options were merged) advanced by the clock's frames, reduce-motion when the clock or the content asks for
    /// it, and the pointer at `mouse`.
    public func frameContext(from content: FrameContext, mouse: SIMD2<Float>) -> FrameContext {
        FrameContext(time: time, index: content.index &+ frame, reduceMotion: reduceMotion || content.reduceMotion, mouse: mouse)
    }

    /// One presented frame `elapsed` seconds after the last.
    public mutating func advance(by elapsed: Double) {
        guard !paused else { return }
        time += elapsed
        frame &+= 1
    }

    /// One frame forward (`+1`) or back (`-1`), paused.
    public mutating func stepFrames(_ count: Int) {
        paused = true
        time = max(0, time + Double(count) * step)
        frame = UInt32(clamping: Int64(frame) + Int64(count))
    }

    /// Back to the time and frame the preview started at; a paused clock stays paused.
    public mutating func restart() {
        time = start.time
        frame = start.frame
    }
}
