import Foundation
import WeftPlanner

/// Where a sequence's time went, per frame. The render thread's steps (building the
/// frame's view, planning, running the plan) add up to its time; encoding and writing run on the writer's threads
/// beside it, so they cost wall time only where the render thread waited for the writer's queue. The first frame,
/// which compiles kernels and makes pipelines, is shown apart; the means are of the frames after it (warm).
public struct SequenceStatistics: Sendable {
    /// The first frame's planning and run, and the run's parts (`FrameScheduler.RenderedFrame`).
    var first: (planning: Duration, run: Duration, uploaded: Int, submit: Duration, held: Duration, collect: Duration)?
    var frames = 0
    var view: Duration = .zero
    var layout: Duration = .zero
    var lowering: Duration = .zero
    var rewrites: Duration = .zero
    var rebinding: Duration = .zero
    var reused = 0
    var rebound = 0
    /// Bytes the plans uploaded: images, and the glyph atlas's rows the executor did not hold yet.
    var uploaded = 0
    /// The render thread's part of executing the plan: recording and submitting it, then (after the next frame was
    /// submitted) waiting for it and copying its pixels out of the readback buffer.
    var run: Duration = .zero
    /// From submission until the wait for the frame's fence returned (the executor's host time); frames overlap in
    /// the executor's ring, so this is a frame's latency, not a part of `run`.
    var inFlight: Duration = .zero
    var device: Duration = .zero
    var deviceFrames = 0
    var queueWait: Duration = .zero
    var writer = FrameWriteTimes()
    var written = 0
    /// From the sequence's start until its first frame was handed to the writer.
    var firstFrame: Duration?
    /// From the last frame's hand-over until the output was finished: the writer's queue, and for a video the encoder's
    /// frames still in hand and ffmpeg's exit.
    var finishing: Duration = .zero
    /// Letting go of the render contexts beside the output's end (`SequenceRender.run`): tearing them down where the
    /// caller held them no more.
    var releasing: Duration = .zero
    /// For contexts opened as the sequence starts (`ContextStart`): from the sequence's start — the first frame planned
    /// for the chosen device and ffmpeg started — until the contexts were open.
    var openingWait: Duration?
    /// For a video, from the sequence's start: when ffmpeg started, and when the first frame's write into its pipe
    /// began and returned (ffmpeg had read all of the frame but what the pipe holds).
    var encoderStarted: Duration?
    var firstWrite: (begin: Duration, end: Duration)?
    /// What the pipe into ffmpeg holds (`PipeCapacity`).
    var pipeCapacity: Int?
    var wall: Duration = .zero

    mutating func add(_ frame: FrameScheduler.RenderedFrame, hostTime: Duration, deviceTime: Duration?, queueWait: Duration) {
        let (view, plan, uploaded, run) = (frame.view, frame.plan, frame.uploaded, frame.run)
        guard first != nil else {
            first = (plan.total, run, uploaded, frame.submit, frame.held, frame.collect)
            return
        }
        self.uploaded += uploaded
        frames += 1
        self.view += view
        layout += plan.layout
        lowering += plan.lowering
        rewrites += plan.rewrites
        rebinding += plan.rebinding
        if plan.reused { reused += 1 }
        if plan.rebound { rebound += 1 }
        self.run += run
        inFlight += hostTime
        if let deviceTime {
            device += deviceTime
            deviceFrames += 1
        }
        self.queueWait += queueWait
    }

    /// The breakdown as lines of text, milliseconds per frame.
    public var lines: [String] {
        func ms(_ d: Duration, _ n: Int) -> String {
            n > 0 ? String(format: "%.3f ms", d / .milliseconds(1) / Double(n)) : "-"
        }
        let planning = layout + lowering + rewrites + rebinding
        var lines = first.map {
            ["first frame (compiles kernels, makes pipelines): planning \(ms($0.planning, 1)), run \(ms($0.run, 1)) (recording and submitting \(ms($0.submit, 1)), collected \(ms($0.held, 1)) later in \(ms($0.collect, 1))), uploaded \(RenderError.bytes(Double($0.uploaded)))"]
        } ?? []
        lines += [
            "per frame (mean of the \(frames) after the first):",
            "  view (scene at its time)      \(ms(view, frames))",
            "  planning                      \(ms(planning, frames))  (layout \(ms(layout, frames)), lowering \(ms(lowering, frames)), rewrites \(ms(rewrites, frames)), rebinding \(ms(rebinding, frames)); plan reused for \(reused), rebound for \(rebound) of \(frames) frames)",
            "  run (record, submit, readback) \(ms(run, frames))  (in flight, submission to fence \(ms(inFlight, frames)); device \(deviceFrames > 0 ? ms(device, deviceFrames) : "- (not measured)"))",
            "  uploaded                       \(frames > 0 ? RenderError.bytes(Double(uploaded) / Double(frames)) : "-")  (images, and glyph atlas rows not yet resident)",
            "  waiting for the writer         \(ms(queueWait, frames))",
            "  encoding (writer threads)      \(ms(writer.encoding, written))",
            "  writing (writer threads)       \(ms(writer.writing, written))",
        ]
        if frames > 0, wall > .zero {
            lines.append(String(format: "  wall, all frames              %.3f ms  (%.1f frames/s)", wall / .milliseconds(1) / Double(frames + 1),
                                Double(frames + 1) / (wall / .seconds(1))))
        }
        if let firstFrame, wall > .zero {
            lines.append(String(format: "sequence: %.1f ms; the first frame handed to the writer after %.1f ms, the output finished %.1f ms after the last (beside it, letting go of the devices %.1f ms)",
                                wall / .milliseconds(1), firstFrame / .milliseconds(1), finishing / .milliseconds(1), releasing / .milliseconds(1)))
        }
        if let openingWait {
            lines.append(String(format: "the devices opened %.1f ms into the sequence, beside its first frame's planning and the output's start", openingWait / .milliseconds(1)))
        }
        if let timeline = encoderTimeline { lines.append(timeline) }
        return lines
    }

    /// A video's start in the order things happened, from the sequence's start: ffmpeg started, the devices opened,
    /// the first frame handed to the writer and written into ffmpeg's pipe.
    var encoderTimeline: String? {
        guard let encoderStarted else { return nil }
        func ms(_ d: Duration) -> String { String(format: "%.1f ms", d / .milliseconds(1)) }
        var events = [(encoderStarted, "ffmpeg started")]
        if let openingWait { events.append((openingWait, "the devices opened")) }
        if let firstFrame { events.append((firstFrame, "the first frame handed to the writer")) }
        if let firstWrite {
            events.append((firstWrite.begin, "its write into ffmpeg's pipe began"))
            events.append((firstWrite.end, "returned"))
        }
        let pipe = pipeCapacity.map { " (the pipe holds \(RenderError.bytes(Double($0))))" } ?? ""
        return "the video's start: " + events.sorted { $0.0 < $1.0 }.map { "\($0.1) at \(ms($0.0))" }.joined(separator: ", ") + pipe
    }
}
