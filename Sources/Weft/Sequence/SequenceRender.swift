import Foundation
import WeftImage
import WeftPlanner
import WeftRuntime

/// A sequence's frames rendered on one render context, or on several at once (one a device), by a `FrameScheduler`,
/// and handed to a `FrameWriter` that encodes and writes earlier frames on other threads meanwhile; a frame that fails
/// is reported and the rest go on. A sharded file sequence leaves a shard manifest beside its frames.
public struct SequenceRender {
    /// What frame `frame` at `time` seconds shows: its view, size in points and options.
    /// Called on the thread of the context that renders the frame (a video's first frame, with a `ContextStart`: on the
    /// thread that calls `run`).
    public typealias FrameSource = @Sendable (_ time: Double, _ frame: UInt32) throws -> (view: ViewNode, size: Size, options: RenderOptions)

    /// What happened to one frame, as it happens.
    public enum Event {
        /// Rendered and handed to the writer: a picture of `size` pixels (the rendering's pixels are its YUV planes for a
        /// video converted on the device); `elapsed` from building its view until its pixels were read back; `device`
        /// the index in `contexts` of the context that rendered it.
        case rendered(frame: Int, time: Double, rendering: Rendering, size: (width: Int, height: Int), elapsed: Duration, device: Int)
        case failed(frame: Int, time: Double, error: any Error)
    }

    /// What a sequence wrote.
    public struct Result {
        /// Frames that failed to render or to be written, in order.
        public var failed: [Int] = []
        /// Failures of writing: a frame's, or (frame nil) the stream's or the video's as a whole.
        public var writeFailures: [FrameWriteError] = []
        /// Frames written.
        public var written = 0
        public var statistics = SequenceStatistics()
        /// The frames' size in pixels, once one rendered.
        public var frameSize: (width: Int, height: Int)?
        /// Frames each context rendered, by its index in `contexts`.
        public var framesByDevice: [Int] = []
        /// Why the shard manifest could not be written.
        public var manifestFailure: (any Error)?
        /// The animated PNG: written, or why not (nil when none was asked for).
        public var apng: Swift.Result<Int, any Error>?

        /// Whether the stream or video as a whole failed (no file was left).
        public var streamFailed: Bool { writeFailures.contains { $0.frame == nil } }
    }

    /// One render context a device; frames go to whichever frees a slot of its ring first. Empty for a render made
    /// with `init(starting:sequence:)`, whose contexts are opened as it runs.
    public var contexts: [RenderContext] {
        if case .ready(let contexts) = devices { contexts } else { [] }
    }
    private let devices: Devices
    public let sequence: SequenceRequest
    /// RGBA16F frames, written as 16-bit PNG or 16-bit raw samples.
    public var sixteenBit = false
    /// Measure each frame's device time (`ExecutionOptions.measureDeviceTime`).
    public var measureDeviceTime = false
    /// Where a video's frames become the encoder's YUV: the `weft.yuv` kernel on the device, or ffmpeg from RGBA.
    public var conversion = VideoConversion.automatic

    /// Who converts a video's frames to YUV (the formats `YUVPlanes` names; ffmpeg converts every other).
    public enum VideoConversion: String, Sendable, CaseIterable {
        /// The device on a GPU, where the conversion costs little and ffmpeg's input thread no longer converts (8-bit
        /// 4:2:0 planes are also under half of RGBA's bytes); ffmpeg on a CPU (the CPU evaluator, llvmpipe), where the
        /// kernel measured slower than ffmpeg's conversion.
        case automatic
        case device
        case ffmpeg
    }

    public init(context: RenderContext, sequence: SequenceRequest) {
        self.init(contexts: [context], sequence: sequence)
    }

    /// The sequence on every context of `contexts` at once; the files are those each context writes alone.
    public init(contexts: [RenderContext], sequence: SequenceRequest) {
        precondition(!contexts.isEmpty, "a sequence needs a render context")
        devices = .ready(contexts)
        self.sequence = sequence
    }

    /// The sequence on the contexts `start` makes, which it opens while the sequence starts: once the devices are
    /// chosen, a video's pixel format is known and its first frame is planned against the chosen device's limit, so
    /// ffmpeg starts while the devices open (the logical device, its pipeline cache). `run` takes the contexts.
    public init(starting start: ContextStart, sequence: SequenceRequest) {
        devices = .starting(start)
        self.sequence = sequence
    }

    /// The render's contexts, or the start that makes them.
    private enum Devices {
        case ready([RenderContext])
        case starting(ContextStart)
    }

    /// Renders every frame of the shard from `source`, telling `observe` of each; throws only when the output cannot
    /// be written at all, before the first frame.
    ///
    /// Once the last frame is rendered, the render lets go of its contexts on a thread of its own while the writer
    /// finishes (a video's ffmpeg encodes the frames still in its hands): a context the caller holds no more is torn
    /// down then — its device waited for and destroyed — and not after the output's end. `run` returns once both ended.
    ///
    /// With a `ContextStart`, a video's first frame is built and planned on the calling thread while the devices open
    /// (ffmpeg starts at its size), and the first context runs that plan; a device that cannot be chosen or opened throws
    /// `SequenceError.device` once the output is discarded (ffmpeg stopped, no file left).
    public consuming func run(_ source: @escaping FrameSource, observe: (Event) -> Void = { _ in }) throws(SequenceError) -> Result {
        // The devices' kinds decide a video's pixel format; a start knows them once it has chosen the devices. Nothing
        // here holds a device (nor its Vulkan instance) past its hand-over to `ContextRelease`.
        let devices = devices
        let kinds: [DeviceKind]
        var firstDevice: (limit: TextureLimit, planner: Planner)?
        switch devices {
        case .ready(let contexts): kinds = contexts.map(\.executor.device.kind)
        case .starting(let starting):
            do {
                let (chosen, planners) = try starting.devicesAndPlanners()
                kinds = chosen.map(\.description.kind)
                firstDevice = chosen.first.map { ($0.textureLimit, planners[0]) }
            } catch {
                starting.cancel()
                throw .device(error)
            }
        }
        let sequence: SequenceRequest
        do { sequence = try self.sequence.preparingOutputs() } catch {
            if case .starting(let starting) = devices { starting.cancel() }
            throw error
        }
        let planes = devicePlanes(of: sequence, on: kinds)
        let (sixteenBit, measureDeviceTime) = (sixteenBit, measureDeviceTime)
        _ = consume self
        let sink: any FrameSink
        switch sequence.destination {
        case .files: sink = PNGFrameFiles(sequence: sequence, sixteenBit: sixteenBit)
        case .raw: sink = FrameStream(target: .raw(path: sequence.pattern), sixteenBit: sixteenBit, fps: sequence.fps)
        case .video(let video): sink = FrameStream(target: .ffmpeg(video), sixteenBit: sixteenBit, fps: sequence.fps, planes: planes)
        }
        let writer = FrameWriter(sink: sink)
        let clock = ContinuousClock()
        let start = clock.now
        let contexts: [RenderContext]
        var planned: FrameScheduler.PlannedFrame?
        var result = Result()
        switch consume devices {
        case .ready(let ready): contexts = ready
        case .starting(let starting):
            if case .video = sequence.destination, let first = sequence.shardFrames.first, let (limit, planner) = firstDevice {
                planned = Self.startEncoder(of: first, in: sequence, limit: limit, planner: planner, writer: writer, source: source)
            }
            do { contexts = try starting.contexts() } catch {
                _ = writer.finish()
                throw .device(error)
            }
            result.statistics.openingWait = clock.now - start
            // A device that fell back to the CPU evaluator as it opened is not the one the frame was planned for.
            let opened = TextureLimit(of: contexts[0].executor)
            if let limit = planned?.planning.textureLimit, (limit.maxDimension, limit.device) != (opened.maxDimension, opened.device) {
                planned = nil
            }
        }
        result.framesByDevice = Array(repeating: 0, count: contexts.count)
        var rendered: [PixelBuffer] = []
        // A stream and an animated PNG take the frames in order; files are written as their frames arrive.
        var ordered = sequence.apngPath != nil
        if case .files = sequence.destination {} else { ordered = true }
        var scheduler: FrameScheduler? = FrameScheduler(contexts: contexts, frames: sequence.shardFrames, ordered: ordered, planes: planes,
                                                        execution: ExecutionOptions(measureDeviceTime: measureDeviceTime),
                                                        firstFramePlanned: { width, height in writer.prepare(width: width, height: height) },
                                                        planned: planned.take()) { n in
            try source(sequence.time(ofFrame: n), UInt32(n))
        }
        scheduler?.run { delivery in
            let n = delivery.frame
            let time = sequence.time(ofFrame: n)
            let frame: FrameScheduler.RenderedFrame
            switch delivery.result {
            case .success(let rendered): frame = rendered
            case .failure(let error):
                result.failed.append(n)
                return observe(.failed(frame: n, time: time, error: error))
            }
            let rendering = frame.rendering
            result.framesByDevice[delivery.lane] += 1
            result.frameSize = result.frameSize ?? frame.size
            if result.statistics.firstFrame == nil { result.statistics.firstFrame = clock.now - start }
            let wait = writer.submit(FinishedFrame(number: n, pixels: rendering.pixels, width: frame.size.width, height: frame.size.height))
            result.statistics.add(frame, hostTime: rendering.hostTime, deviceTime: rendering.deviceTime, queueWait: wait)
            if sequence.apngPath != nil { rendered.append(rendering.pixels) }
            observe(.rendered(frame: n, time: time, rendering: rendering, size: frame.size, elapsed: frame.latency, device: delivery.lane))
        }
        let lastFrame = clock.now
        scheduler = nil
        let release = ContextRelease(consume contexts)
        let summary = writer.finish()
        result.statistics.finishing = clock.now - lastFrame
        result.statistics.releasing = release.wait()
        result.statistics.wall = clock.now - start
        result.statistics.writer = summary.times
        result.statistics.written = summary.written
        if let stream = sink as? FrameStream {
            result.statistics.pipeCapacity = stream.pipeCapacity
            result.statistics.encoderStarted = stream.timeline.encoderStarted.map { $0 - start }
            result.statistics.firstWrite = stream.timeline.firstWrite.map { ($0.begin - start, $0.end - start) }
        }
        result.written = summary.written
        result.writeFailures = summary.failures
        for failure in summary.failures {
            if let frame = failure.frame, !result.failed.contains(frame) { result.failed.append(frame) }
        }
        result.failed.sort()
        if case .files = sequence.destination, sequence.sharded {
            result.manifestFailure = Self.writeManifest(of: sequence, failed: result.failed, frameSize: result.frameSize)
        }
        if let apng = sequence.apngPath {
            if result.failed.isEmpty {
                do {
                    try APNGFile.write(rendered, fps: sequence.fps, to: apng)
                    result.apng = .success(rendered.count)
                } catch {
                    result.apng = .failure(error)
                }
            } else {
                result.apng = .failure(FrameWriteError(message: "\(apng) not written: frames are missing"))
            }
        }
        return result
    }

    /// Plans frame `first` on the calling thread with the first chosen device's planner and limit and opens the writer's
    /// stream at its size, so that ffmpeg starts while the devices open; the first context then runs that plan. A frame
    /// that does not plan starts nothing (nil): its context plans it again and reports why.
    private static func startEncoder(of first: Int, in sequence: SequenceRequest, limit: TextureLimit, planner: Planner,
                                     writer: FrameWriter, source: FrameSource) -> FrameScheduler.PlannedFrame? {
        let begin = ContinuousClock.now
        guard let (view, size, options) = try? source(sequence.time(ofFrame: first), UInt32(first)) else { return nil }
        let built = ContinuousClock.now
        let planning = PlanReuse(planner: planner, textureLimit: limit)
        guard let planned = try? planning.plan(view, size: size, options: options) else { return nil }
        let picture = planned.plan.textures[planned.output.index]
        writer.prepare(width: picture.width, height: picture.height)
        return FrameScheduler.PlannedFrame(planned: planned, planning: planning, begin: begin, view: built - begin)
    }

    /// Writes the shard manifest beside the frames; why it could not, or nil.
    private static func writeManifest(of sequence: SequenceRequest, failed: [Int], frameSize: (width: Int, height: Int)?) -> (any Error)? {
        let folder = URL(fileURLWithPath: sequence.pattern).deletingLastPathComponent().path
        let failedSet = Set(failed)
        let manifest = ShardManifest(shard: sequence.shard.index, shardCount: sequence.shard.count, first: sequence.frames.lowerBound,
                                     last: sequence.frames.upperBound, fps: sequence.fps,
                                     pattern: URL(fileURLWithPath: sequence.pattern).lastPathComponent,
                                     written: sequence.shardFrames.filter { !failedSet.contains($0) }, failed: failed,
                                     width: frameSize?.width, height: frameSize?.height)
        do {
            try manifest.write(toFolder: folder)
            return nil
        } catch {
            return FrameWriteError(message: "\(folder)/\(ShardManifest.fileName(shard: manifest.shard, of: manifest.shardCount)): cannot write the shard manifest: \(error.localizedDescription)")
        }
    }

    /// The planes the device converts a video's frames to, or nil when its frames go out as RGBA: a video in a
    /// `YUVPlanes` format (`FFmpegOutput.devicePlanes`) without an animated PNG beside it, where `conversion` picks the
    /// device — under `automatic`, only when every device (of `kinds`) is a GPU, as all frames of one stream take one form.
    private func devicePlanes(of sequence: SequenceRequest, on kinds: [DeviceKind]) -> YUVPlanes? {
        guard case .video(let video) = sequence.destination, !sixteenBit, sequence.apngPath == nil else { return nil }
        switch conversion {
        case .device: return video.devicePlanes
        case .ffmpeg: return nil
        case .automatic:
            let onCPU = kinds.contains { [.cpuEvaluator, .cpuDevice].contains($0) }
            return onCPU ? nil : video.devicePlanes
        }
    }
}

extension RenderContext {
    /// Renders frames `frames` of `scene` at `fps` frames a second (frame n at n / fps seconds, `$frame` n) to `output`:
    /// PNG files named by one `%d` or `%0Nd` (`out/frame%04d.png`), raw straight-alpha RGBA (`.rgba`), or a video
    /// through ffmpeg (`.mp4`, `.webm`, `.mov`, `.gif`; `video` sets its encoder). A frame that fails is in the
    /// result's `failed`, and the others are written.
    public func renderSequence(_ scene: Scene, frames: ClosedRange<Int>, fps: Double, to output: String,
                               video: FFmpegOutput? = nil) throws(SequenceError) -> SequenceRender.Result {
        let sequence = try SequenceRequest(frames: frames, fps: fps, to: output, video: video)
        return try SequenceRender(context: self, sequence: sequence).run { time, frame in
            let shown = scene.frame(at: time, index: frame)
            return (shown.view, shown.size, shown.options)
        }
    }

    /// Renders every frame of `scene` from its start to its end (`Scene.duration`, `SequenceRequest.frames(lasting:fps:)`)
    /// at `fps` to `output`, as `renderSequence(_:frames:fps:to:video:)` does.
    public func renderSequence(_ scene: Scene, fps: Double, to output: String, video: FFmpegOutput? = nil) throws(SequenceError) -> SequenceRender.Result {
        try renderSequence(scene, frames: try SequenceRequest.frames(lasting: scene.duration, fps: fps), fps: fps, to: output, video: video)
    }
}
