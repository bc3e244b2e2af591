/// The preview's frame times, for the F overlay: how long the last frame took to render (planning included) and to
/// present (the overlay, the copy to the window, the present call), and the time between the last two presented
/// frames, each smoothed over recent frames.
struct FrameTimes {
    private(set) var render: Duration = .zero
    private var renderAverage = 0.0
    private var presentAverage = 0.0
    private var frameAverage = 0.0
    private var lastPresented: ContinuousClock.Instant?
    private var onDevice = false

    /// Weight of the newest frame in the averages.
    private static let smoothing = 0.2

    mutating func rendered(planned: ContinuousClock.Instant, rendered: ContinuousClock.Instant, presented: ContinuousClock.Instant,
                           onDevice: Bool) {
        render = rendered - planned
        renderAverage = Self.blend(renderAverage, PreviewSession.seconds(render))
        presentAverage = Self.blend(presentAverage, PreviewSession.seconds(presented - rendered))
        self.onDevice = onDevice
    }

    mutating func presented(at now: ContinuousClock.Instant) {
        if let lastPresented { frameAverage = Self.blend(frameAverage, PreviewSession.seconds(now - lastPresented)) }
        lastPresented = now
    }

    /// `render 12.3 ms | present 1.2 ms | frame 16.7 ms (59.9/s) | device copy`.
    var line: String {
        func ms(_ s: Double) -> String { PreviewParameter.format(Float(s * 1000)) + " ms" }
        let rate = frameAverage > 0 ? " (\(PreviewParameter.format(Float(1 / frameAverage)))/s)" : ""
        return "render \(ms(renderAverage)) | present \(ms(presentAverage)) | frame \(ms(frameAverage))\(rate) | "
            + (onDevice ? "device copy" : "host copy")
    }

    private static func blend(_ average: Double, _ sample: Double) -> Double {
        average == 0 ? sample : average + smoothing * (sample - average)
    }
}
