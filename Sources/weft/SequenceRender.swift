import Foundation
import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft render … --frames A..B`: every frame of this shard rendered on one render context (`--device`) or on one a
/// device at once (`--devices`) by a `FrameScheduler`, and handed to a `FrameWriter` that encodes and writes earlier
/// frames on other threads meanwhile; a frame that fails is reported and the rest go on. A file sequence leaves a
/// shard manifest beside its frames.
enum SequenceRender {
    static func run(_ request: RenderRequest, _ sequence: SequenceRequest, output: inout Output) -> Int32 {
        let source: RenderCommand.FrameSource
        let contexts: [RenderContext]
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
            let made = try makeContexts(for: request)
            for notice in made.notices { output.printError(notice) }
            contexts = made.contexts
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
        let frames = sequence.shardFrames
        var progress = Progress(total: frames.count, terminal: isatty(STDERR_FILENO) != 0)
        var statistics = SequenceStatistics()
        var failures: [Int] = []
        var animation: [PixelBuffer] = []
        var frameSize: (width: Int, height: Int)?
        var framesByDevice = Array(repeating: 0, count: contexts.count)
        let clock = ContinuousClock()
        let start = clock.now
        func failed(_ n: Int, time: Double, _ error: any Error) {
            failures.append(n)
            progress.clear(&output)
            RenderCommand.report(error, of: request, context: "frame \(n) (t=\(time) s): ", output: &output)
        }
        // A stream and an animated PNG take the frames in order; files are written as their frames arrive.
        var ordered = sequence.apngPath != nil
        if case .files = destination {} else { ordered = true }
        let scheduler = FrameScheduler(contexts: contexts, frames: frames, ordered: ordered,
                                       execution: ExecutionOptions(measureDeviceTime: request.stats)) { n in
            source(sequence.time(ofFrame: n), UInt32(n), nil)
        }
        scheduler.run { delivery in
            let n = delivery.frame
            let time = sequence.time(ofFrame: n)
            defer { progress.advance(&output) }
            let frame: FrameScheduler.RenderedFrame
            switch delivery.result {
            case .success(let rendered): frame = rendered
            case .failure(let error): return failed(n, time: time, error)
            }
            let rendering = frame.rendering
            framesByDevice[delivery.lane] += 1
            frameSize = frameSize ?? (rendering.pixels.width, rendering.pixels.height)
            let wait = writer.submit(FinishedFrame(number: n, pixels: rendering.pixels))
            statistics.add(view: frame.view, plan: frame.plan, uploaded: frame.uploaded, run: frame.run, hostTime: rendering.hostTime,
                           deviceTime: rendering.deviceTime, queueWait: wait)
            if sequence.apngPath != nil { animation.append(rendering.pixels) }
            for report in rendering.reports {
                output.printError(CheckReportText.line(report, command: "weft render: frame \(n)", effects: request.effects))
            }
            for warning in rendering.warnings + rendering.textWarnings.map(\.description) as [any CustomStringConvertible] {
                output.printError("weft render: frame \(n): warning: \(warning)")
            }
            if !progress.terminal && !request.stats {
                let device = contexts.count > 1 ? ", \(contexts[delivery.lane].executor.device.name)" : ""
                output.print("\(sequence.path(ofFrame: n)): \(rendering.pixels.width)x\(rendering.pixels.height), t=\(time) s, \(CheckCommand.milliseconds(frame.latency))\(device)")
            }
        }
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
                    try APNGFile.write(animation, fps: sequence.fps, to: apng)
                    output.print("\(apng): \(animation.count) frames at \(sequence.fps) frames/s")
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
        let devices = contexts.count == 1 ? contexts[0].executor.device.name
            : "\(contexts.count) devices: " + zip(contexts, framesByDevice).map { "\($0.executor.device.name) \($1)" }.joined(separator: ", ")
        output.print("\(frames.count - failures.count) of \(frames.count) frames rendered, \(rate), \(devices)")
        if request.stats {
            for context in contexts { output.print(RenderStatistics.device(context.executor, flag: request.device, list: request.devices)) }
            for line in statistics.lines { output.print(line) }
        }
        if !failures.isEmpty {
            output.printError("weft render: \(failures.count) frames failed: \(failures.map(String.init).joined(separator: ", "))")
        }
        return Int32(min(failures.count + (apngFailed || streamFailed ? 1 : 0), 125))
    }

    /// The render contexts of `--devices`, one a device, or the one of `--device`; with the notices to print.
    static func makeContexts(for request: RenderRequest) throws(DeviceChoiceError) -> (contexts: [RenderContext], notices: [String]) {
        let (choices, notices) = try request.devices?.choices() ?? ([DeviceChoice(flag: request.device)], [])
        var contexts: [RenderContext] = []
        var all = notices
        for choice in choices {
            let (executor, notice) = try choice.makeExecutor(vulkanChecks: request.check)
            if let notice { all.append(notice) }
            contexts.append(RenderContext(executor: executor))
        }
        return (contexts, all)
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
