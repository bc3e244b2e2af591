import Foundation
import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft render … --frames A..B`: every frame of this shard rendered in turn on one render context, planned by a
/// `PlanReuse`, and handed to a `FrameWriter` that encodes and writes earlier frames on other threads meanwhile; a
/// frame that fails is reported and the rest go on. A file sequence leaves a shard manifest beside its frames.
enum SequenceRender {
    static func run(_ request: RenderRequest, _ sequence: SequenceRequest, output: inout Output) -> Int32 {
        let source: RenderCommand.FrameSource
        let context: RenderContext
        var destination = sequence.destination
        let sceneWarnings = SceneWarnings()
        do {
            source = try RenderCommand.frameSource(request, warned: { _ = sceneWarnings.add($0) })
            if sequence.pattern != "/dev/null" { try OutputFolder.prepare(for: sequence.pattern) }
            if let apng = sequence.apngPath { try OutputFolder.prepare(for: apng) }
            if case .video(var video) = destination {
                video.executable = try FFmpegOutput.findExecutable()
                destination = .video(video)
            }
            let (executor, notice) = try DeviceChoice(flag: request.device).makeExecutor(vulkanChecks: request.check)
            if let notice { output.printError(notice) }
            context = RenderContext(executor: executor)
        } catch {
            RenderCommand.report(error, of: request, output: &output)
            return 1
        }
        let sink: any FrameSink
        switch destination {
        case .files: sink = PNGFrameFiles(sequence: sequence, sixteenBit: request.sixteenBit)
        case .raw: sink = FrameStream(target: .raw(path: sequence.pattern), sixteenBit: request.sixteenBit, fps: sequence.fps)
        case .video(let video): sink = FrameStream(target: .ffmpeg(video), sixteenBit: request.sixteenBit, fps: sequence.fps)
        }
        let writer = FrameWriter(sink: sink)
        let planning = context.makePlanReuse()
        let execution = ExecutionOptions(measureDeviceTime: request.stats)
        let frames = sequence.shardFrames
        var progress = Progress(total: frames.count, terminal: isatty(STDERR_FILENO) != 0)
        var statistics = SequenceStatistics()
        var failures: [Int] = []
        var rendered: [PixelBuffer] = []
        var frameSize: (width: Int, height: Int)?
        let clock = ContinuousClock()
        let start = clock.now
        // Frame n is submitted before frame n-1 is collected: the device renders one while the other is read back and
        // handed to the writer, and the next frame is planned meanwhile (the executor's ring of frame slots). A frame
        // the executor finished while submitting it is collected at once.
        var inFlight: FrameInFlight?
        func collect(_ frame: FrameInFlight) {
            let n = frame.number
            do {
                let collecting = clock.now
                let rendering = try context.collect(frame.pending)
                let collected = clock.now
                frameSize = frameSize ?? (rendering.pixels.width, rendering.pixels.height)
                let wait = writer.submit(FinishedFrame(number: n, pixels: rendering.pixels))
                statistics.add(view: frame.view, plan: frame.plan, uploaded: frame.uploaded, run: frame.submit + (collected - collecting), hostTime: rendering.hostTime,
                               deviceTime: rendering.deviceTime, queueWait: wait)
                if sequence.apngPath != nil { rendered.append(rendering.pixels) }
                for report in rendering.reports {
                    output.printError(CheckReportText.line(report, command: "weft render: frame \(n)", effects: request.effects))
                }
                for warning in rendering.warnings + rendering.textWarnings.map(\.description) as [any CustomStringConvertible] {
                    output.printError("weft render: frame \(n): warning: \(warning)")
                }
                if !progress.terminal && !request.stats {
                    output.print("\(sequence.path(ofFrame: n)): \(rendering.pixels.width)x\(rendering.pixels.height), t=\(frame.time) s, \(CheckCommand.milliseconds(collected - frame.begin))")
                }
            } catch {
                failed(n, time: frame.time, error)
            }
            progress.advance(&output)
        }
        func failed(_ n: Int, time: Double, _ error: any Error) {
            failures.append(n)
            progress.clear(&output)
            RenderCommand.report(error, of: request, context: "frame \(n) (t=\(time) s): ", output: &output)
        }
        for n in frames {
            let time = sequence.time(ofFrame: n)
            let submitted: Result<FrameInFlight, any Error>
            do {
                let begin = clock.now
                let (view, size, options) = source(time, UInt32(n), nil)
                let built = clock.now
                let planned = try planning.plan(view, size: size, options: options)
                let planEnd = clock.now
                let pending = try context.submit(planned, options: execution)
                submitted = .success(FrameInFlight(number: n, time: time, pending: pending, begin: begin, view: built - begin,
                                                   plan: planned.timings, uploaded: planned.plan.uploadedBytes, submit: clock.now - planEnd))
            } catch {
                submitted = .failure(error)
            }
            if let previous = inFlight { collect(previous) }
            inFlight = nil
            switch submitted {
            // An executor that ran the frame as it was submitted gains nothing from holding it: collected now, its
            // time is its own and not the next frame's too.
            case .success(let frame) where frame.pending.isFinished: collect(frame)
            case .success(let frame): inFlight = frame
            case .failure(let error):
                failed(n, time: time, error)
                progress.advance(&output)
            }
        }
        if let last = inFlight { collect(last) }
        let summary = writer.finish()
        statistics.wall = clock.now - start
        statistics.writer = summary.times
        statistics.written = summary.written
        progress.clear(&output)
        for warning in sceneWarnings.lines { output.printError("weft render: warning: \(warning)") }
        for failure in summary.failures {
            output.printError("weft render: \(failure)")
            if let frame = failure.frame, !failures.contains(frame) { failures.append(frame) }
        }
        let streamFailed = summary.failures.contains { $0.frame == nil }
        failures.sort()
        if case .files = destination, sequence.sharded {
            let folder = URL(fileURLWithPath: sequence.pattern).deletingLastPathComponent().path
            let failedSet = Set(failures)
            let manifest = ShardManifest(shard: sequence.shard.index, shardCount: sequence.shard.count, first: sequence.frames.lowerBound,
                                         last: sequence.frames.upperBound, fps: sequence.fps,
                                         pattern: URL(fileURLWithPath: sequence.pattern).lastPathComponent,
                                         written: frames.filter { !failedSet.contains($0) }, failed: failures,
                                         width: frameSize?.width, height: frameSize?.height)
            do { try manifest.write(toFolder: folder) } catch {
                output.printError("weft render: \(folder)/\(ShardManifest.fileName(shard: manifest.shard, of: manifest.shardCount)): cannot write the shard manifest: \(error.localizedDescription)")
            }
        }
        var apngFailed = false
        if let apng = sequence.apngPath {
            if failures.isEmpty {
                do {
                    try APNGFile.write(rendered, fps: sequence.fps, to: apng)
                    output.print("\(apng): \(rendered.count) frames at \(sequence.fps) frames/s")
                } catch {
                    output.printError("weft render: \(error)")
                    apngFailed = true
                }
            } else {
                output.printError("weft render: \(apng) not written: frames are missing")
            }
        }
        if case .files = destination {} else if !streamFailed && failures.isEmpty {
            output.print("\(sequence.pattern): \(summary.written) frames at \(sequence.fps) frames/s")
        }
        let rate = progress.framesPerSecond.map { String(format: "%.3g frames/s (%.3g s a frame)", $0, 1 / $0) } ?? "-"
        output.print("\(frames.count - failures.count) of \(frames.count) frames rendered, \(rate), \(context.executor.device.name)")
        if request.stats {
            output.print(RenderStatistics.device(context.executor, flag: request.device))
            for line in statistics.lines { output.print(line) }
        }
        if !failures.isEmpty {
            output.printError("weft render: \(failures.count) frames failed: \(failures.map(String.init).joined(separator: ", "))")
        }
        return Int32(min(failures.count + (apngFailed || streamFailed ? 1 : 0), 125))
    }

    /// A frame submitted to the executor and not yet collected, with the times spent on it so far.
    struct FrameInFlight {
        let number: Int
        let time: Double
        let pending: PendingRendering
        let begin: ContinuousClock.Instant
        let view: Duration
        let plan: PlanTimings
        /// Bytes the frame's plan uploads (`RenderPlan.uploadedBytes`).
        let uploaded: Int
        let submit: Duration
    }

    /// A progress bar on a terminal: frames done, frames a second, time left.
    struct Progress {
        let total: Int
        let terminal: Bool
        var done = 0
        let start = ContinuousClock.now

        init(total: Int, terminal: Bool) {
            self.total = total
            self.terminal = terminal
        }

        var framesPerSecond: Double? {
            let seconds = (ContinuousClock.now - start) / .seconds(1)
            return done > 0 && seconds > 0 ? Double(done) / seconds : nil
        }

        mutating func advance(_ output: inout Output) {
            done += 1
            guard terminal else { return }
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            var line = "\r[\(bar)] \(done)/\(total)"
            if let rate = framesPerSecond {
                line += String(format: "  %.2f frames/s  %.0f s left", rate, Double(total - done) / rate)
            }
            output.error(line + "\u{1B}[K")
        }

        func clear(_ output: inout Output) {
            if terminal && done > 0 { output.error("\r\u{1B}[K") }
        }
    }
}
