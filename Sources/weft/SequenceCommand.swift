import Foundation
import Synchronization
import Weft

/// `weft render … --frames A..B`: a `SequenceRender` of the command line's view on the `--device` or every device of
/// `--devices`, with a progress bar on a terminal (a line per frame otherwise, naming its device when there are
/// several), every failure named by its frame, and the exit status the number of failed frames.
enum SequenceCommand {
    static func run(_ request: RenderRequest, _ sequence: SequenceRequest, output: inout Output) -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        var startUp = StartUp()
        // The devices are chosen and then opened on a thread of their own, beside the scene's loading and ffmpeg's list
        // of encoders, which need nothing from them; the render plans its first frame and starts ffmpeg once they are
        // chosen, while they open.
        let (list, flag, threads, checks) = (request.devices, request.device, request.threads, request.check)
        // What `--devices` lists (it may list Vulkan's devices), with its notices to print once the devices are chosen.
        let listNotices = Mutex<[String]>([])
        let opening = ContextStart { () throws(DeviceChoiceError) in
            let (choices, notices) = try list?.choices() ?? ([DeviceChoice(flag: flag)], [])
            listNotices.withLock { $0 = notices }
            return try choices.map { choice throws(DeviceChoiceError) in try choice.choose(cpuThreads: threads, vulkanChecks: checks) }
        }
        let source: RenderCommand.FrameSource
        let prepared: SequenceRequest
        let chosen: [ChosenDevice]
        let sceneWarnings = SceneWarnings()
        do {
            source = try RenderCommand.frameSource(request, warned: { _ = sceneWarnings.add($0) })
            startUp.scene = clock.now - start
            prepared = try sequence.preparingOutputs()
            startUp.outputs = clock.now - start - startUp.scene
            chosen = try opening.devices()
            for notice in listNotices.withLock({ $0 }) + chosen.compactMap(\.notice) { output.printError(notice) }
        } catch {
            // A scene or output that fails is named first, as before the devices were made beside them.
            opening.cancel()
            RenderCommand.report(error, of: request, output: &output)
            return 1
        }
        startUp.total = clock.now - start
        let deviceNames = chosen.map(\.description.name)
        let deviceLines = chosen.map { RenderStatistics.device($0.description, flag: request.device, list: request.devices) }
        var render = SequenceRender(starting: opening, sequence: prepared)
        render.sixteenBit = request.sixteenBit
        render.measureDeviceTime = request.stats
        // A measurement switch: who converts a video's frames to YUV (`SequenceRender.VideoConversion`).
        if let text = ProcessInfo.processInfo.environment["WEFT_VIDEO_CONVERSION"], let conversion = SequenceRender.VideoConversion(rawValue: text) {
            render.conversion = conversion
        }
        let frames = prepared.shardFrames
        var progress = Progress(total: frames.count, terminal: isatty(STDERR_FILENO) != 0)
        let result: SequenceRender.Result
        do {
            result = try (consume render).run({ time, frame in
                let (view, size, options) = source(time, frame, nil)
                return (view, size, options)
            }, observe: { event in
                switch event {
                case .rendered(let n, let time, let rendering, let size, let elapsed, let device):
                    for report in rendering.reports {
                        output.printError(CheckReportText.line(report, command: "weft render: frame \(n)", effects: request.effects))
                    }
                    for warning in rendering.warnings + rendering.textWarnings.map(\.description) as [any CustomStringConvertible] {
                        output.printError("weft render: frame \(n): warning: \(warning)")
                    }
                    if !progress.terminal && !request.stats {
                        let name = deviceNames.count > 1 ? ", \(deviceNames[device])" : ""
                        output.print("\(prepared.path(ofFrame: n)): \(size.width)x\(size.height), t=\(time) s, \(CheckCommand.milliseconds(elapsed))\(name)")
                    }
                case .failed(let n, let time, let error):
                    progress.clear(&output)
                    RenderCommand.report(error, of: request, context: "frame \(n) (t=\(time) s): ", output: &output)
                }
                progress.advance(&output)
            })
        } catch {
            RenderCommand.report(error, of: request, output: &output)
            return 1
        }
        for notice in opening.notices { output.printError(notice) }
        progress.clear(&output)
        for warning in sceneWarnings.lines { output.printError("weft render: warning: \(warning)") }
        for failure in result.writeFailures { output.printError("weft render: \(failure)") }
        if let failure = result.manifestFailure { output.printError("weft render: \(failure)") }
        var apngFailed = false
        switch result.apng {
        case .success(let count)?: output.print("\(prepared.apngPath ?? ""): \(count) frames at \(prepared.fps) frames/s")
        case .failure(let error)?:
            output.printError("weft render: \(error)")
            // Missing frames are counted already; a file that could not be written is one failure more.
            apngFailed = result.failed.isEmpty
        case nil: break
        }
        if case .files = prepared.destination {} else if !result.streamFailed && result.failed.isEmpty {
            output.print("\(prepared.pattern): \(result.written) frames at \(prepared.fps) frames/s")
        }
        let rate = progress.framesPerSecond.map { String(format: "%.3g frames/s (%.3g s a frame)", $0, 1 / $0) } ?? "-"
        let devices = deviceNames.count == 1 ? deviceNames[0]
            : "\(deviceNames.count) devices: " + zip(deviceNames, result.framesByDevice).map { "\($0) \($1)" }.joined(separator: ", ")
        output.print("\(frames.count - result.failed.count) of \(frames.count) frames rendered, \(rate), \(devices)")
        if request.stats {
            for line in deviceLines { output.print(line) }
            startUp.devices = opening.durations
            output.print(startUp.line)
            for line in result.statistics.lines { output.print(line) }
        }
        if !result.failed.isEmpty {
            output.printError("weft render: \(result.failed.count) frames failed: \(result.failed.map(String.init).joined(separator: ", "))")
        }
        return Int32(min(result.failed.count + (apngFailed || result.streamFailed ? 1 : 0), 125))
    }

    /// The command's time before the sequence began (`--stats`): the scene and the outputs one after the other, the
    /// devices chosen beside them and opened beside the sequence's start.
    struct StartUp {
        /// Loading the scene and its shaders.
        var scene = Duration.zero
        /// Making the output's folders; for a video, finding ffmpeg and asking it for its encoders.
        var outputs = Duration.zero
        var devices = ContextStart.Timings()
        /// From the command's start until the sequence began.
        var total = Duration.zero

        var line: String {
            func ms(_ d: Duration) -> String { String(format: "%.1f ms", d / .milliseconds(1)) }
            return "before the sequence: \(ms(total)) (scene and its shaders \(ms(scene)), then the output \(ms(outputs)); "
                + "beside them, choosing the device \(ms(devices.choosing))); then opening the device \(ms(devices.opening))"
        }
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
