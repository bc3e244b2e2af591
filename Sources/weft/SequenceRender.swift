import Foundation
import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft render … --frames A..B`: every frame of this shard rendered and written in turn on one
/// render context; a frame that fails is reported and the rest go on.
enum SequenceRender {
    static func run(_ request: RenderRequest, _ sequence: SequenceRequest, output: inout Output) -> Int32 {
        let source: RenderCommand.FrameSource
        let context: RenderContext
        do {
            source = try RenderCommand.frameSource(request)
            try OutputFolder.prepare(for: sequence.pattern)
            if let apng = sequence.apngPath { try OutputFolder.prepare(for: apng) }
            let (executor, notice) = try DeviceChoice(flag: request.device).makeExecutor()
            if let notice { output.printError(notice) }
            context = RenderContext(executor: executor)
        } catch {
            RenderCommand.report(error, of: request, output: &output)
            return 1
        }
        let frames = sequence.shardFrames
        var progress = Progress(total: frames.count, terminal: isatty(STDERR_FILENO) != 0)
        var failures: [Int] = []
        var rendered: [PixelBuffer] = []
        for n in frames {
            let path = sequence.path(ofFrame: n)
            let time = sequence.time(ofFrame: n)
            do {
                let (view, size, options) = source(time, UInt32(n), nil)
                let start = ContinuousClock.now
                let rendering = try context.render(view, size: size, options: options)
                let elapsed = ContinuousClock.now - start
                try PNGFile.write(rendering.pixels, to: path, bitDepth: request.sixteenBit ? .sixteen : .eight,
                                  colorMode: request.sixteenBit ? .extendedLinear : .nonLinear)
                if sequence.apngPath != nil { rendered.append(rendering.pixels) }
                for report in rendering.reports {
                    output.printError(CheckReportText.line(report, command: "weft render: frame \(n)", effects: request.effects))
                }
                for warning in rendering.warnings + rendering.textWarnings.map(\.description) as [any CustomStringConvertible] {
                    output.printError("weft render: frame \(n): warning: \(warning)")
                }
                if !progress.terminal {
                    output.print("\(path): \(rendering.pixels.width)x\(rendering.pixels.height), t=\(time) s, \(CheckCommand.milliseconds(elapsed))")
                }
            } catch {
                failures.append(n)
                progress.clear(&output)
                RenderCommand.report(error, of: request, context: "frame \(n) (t=\(time) s): ", output: &output)
            }
            progress.advance(&output)
        }
        progress.clear(&output)
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
        let rate = progress.framesPerSecond.map { String(format: "%.3g frames/s (%.3g s a frame)", $0, 1 / $0) } ?? "-"
        output.print("\(frames.count - failures.count) of \(frames.count) frames rendered, \(rate), \(context.executor.device.name)")
        if !failures.isEmpty {
            output.printError("weft render: \(failures.count) frames failed: \(failures.map(String.init).joined(separator: ", "))")
        }
        return Int32(min(failures.count + (apngFailed ? 1 : 0), 125))
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
