import Foundation
import Synchronization
import Testing
@testable import Weft
import WeftRuntime
import WeftTestSupport
import WeftVulkan

/// A sequence whose devices open as it starts (`ContextStart`, `SequenceRender(starting:sequence:)`): the video it writes
/// decodes to the planes of one rendered on an open device, and a failure on either side — the device, ffmpeg — ends
/// the render before any frame, or with the stream named, and leaves no file.
@Suite struct SequenceStartTests {
    let folder = temporaryFolder("weft-sequence-start-tests")

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A start of the test backend's device: lavapipe with the validation layer (skipped without Vulkan), or the CPU evaluator.
    static func start(_ backend: Backend) throws -> ContextStart {
        switch backend {
        case .vulkan:
            try VulkanAvailability.require()
            return ContextStart { () throws(DeviceChoiceError) in [try DeviceChoice.automatic.choose(validation: true, pipelineCache: .none)] }
        case .cpu:
            return ContextStart { () throws(DeviceChoiceError) in [try DeviceChoice.cpu.choose()] }
        }
    }

    /// A start that chooses the test backend's device as `start` does and opens it with `open`.
    static func start(_ backend: Backend,
                      open: @escaping @Sendable (ChosenDevice) throws(DeviceChoiceError) -> (executor: any Executor, notice: String?)) throws -> ContextStart {
        if backend == .vulkan { try VulkanAvailability.require() }
        return ContextStart(choose: { () throws(DeviceChoiceError) in
            [backend == .vulkan ? try DeviceChoice.automatic.choose(validation: true, pipelineCache: .none) : try DeviceChoice.cpu.choose()]
        }, open: open)
    }

    /// The frames a source was asked for.
    final class Asked: Sendable {
        let frames = Mutex<[UInt32]>([])
    }

    static func source(_ scene: Scene, asked: Asked = Asked()) -> SequenceRender.FrameSource {
        { time, frame in
            asked.frames.withLock { $0.append(frame) }
            let shown = scene.frame(at: time, index: frame)
            return (shown.view, shown.size, shown.options)
        }
    }

    /// Lossless H.264 of timeline-wave, once from an open device and once from a start, decoded by ffmpeg: the same
    /// planes byte for byte, every frame there, and no validation message on lavapipe.
    @Test(.enabled(if: VideoOutputTests.hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), arguments: Backend.allCases)
    func aVideoStartedWhileItsDeviceOpensDecodesAsOneFromAnOpenDevice(backend: Backend) throws {
        let scene = try VideoOutputTests.scene(scale: backend == .cpu ? 1 : 4)
        let frames = backend == .cpu ? 0...1 : 0...5, fps = 8.0
        var decoded: [Data] = []
        for started in [false, true] {
            let output = path("wave-\(backend)-\(started).mp4")
            let video = FFmpegOutput(path: output, container: .mp4, lossless: true)
            let sequence = try SequenceRequest(frames: frames, fps: fps, to: output, video: video)
            var render = started ? SequenceRender(starting: try Self.start(backend), sequence: sequence)
                : SequenceRender(context: RenderContext(executor: try BackendFactory.executor(for: backend)), sequence: sequence)
            render.conversion = .device
            var reports: [ExecutionReport] = []
            let result = try render.run(Self.source(scene)) { event in
                if case .rendered(_, _, let rendering, _, _, _) = event { reports += rendering.reports }
            }
            #expect(result.failed.isEmpty && result.writeFailures.isEmpty, "\(result.writeFailures)")
            #expect(reports.isEmpty, "\(reports)")
            #expect((result.statistics.openingWait != nil) == started)
            decoded.append(try VideoOutputTests.ffmpeg(["-i", output, "-pix_fmt", "yuv420p", "-f", "rawvideo", "-"]))
        }
        let size = (width: Int(scene.size.width * scene.scale), height: Int(scene.size.height * scene.scale))
        #expect(decoded[1].count == frames.count * size.width * size.height * 3 / 2, "\(decoded[1].count) bytes decoded")
        #expect(decoded[0] == decoded[1], "\(backend): the video from a start decodes to other planes")
    }

    /// A device that cannot be chosen throws `SequenceError.device` naming it before any frame is asked for; no file is left.
    @Test func aDeviceThatCannotBeChosenEndsTheRenderBeforeAnyFrame() throws {
        let output = path("no-device.mp4")
        let start = ContextStart { () throws(DeviceChoiceError) in [try DeviceChoice.named("no-such-device-anywhere").choose()] }
        let sequence = try SequenceRequest(frames: 0...9, fps: 30, to: output, video: FFmpegOutput(path: output, container: .mp4))
        let asked = Asked()
        #expect {
            _ = try SequenceRender(starting: start, sequence: sequence).run(Self.source(try VideoOutputTests.scene(scale: 1), asked: asked))
        } throws: { error in
            guard case .device(let reason) = error as? SequenceError else { return false }
            return reason.description.contains("no-such-device-anywhere")
        }
        #expect(asked.frames.withLock { $0 }.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A codec the installed ffmpeg lacks is refused before any frame is asked for, while the device may still be
    /// opening; the start is waited for and let go of (its notices answer), and no file is left.
    @Test(.enabled(if: VideoOutputTests.hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), arguments: Backend.allCases)
    func aCodecFFmpegLacksEndsTheStartBeforeAnyFrame(backend: Backend) throws {
        let output = path("no-codec-\(backend).mp4")
        let start = try Self.start(backend)
        let video = FFmpegOutput(path: output, container: .mp4, codec: "libweft-no-such-codec")
        let sequence = try SequenceRequest(frames: 0...9, fps: 30, to: output, video: video)
        let asked = Asked()
        #expect {
            _ = try SequenceRender(starting: start, sequence: sequence).run(Self.source(try VideoOutputTests.scene(scale: 1), asked: asked))
        } throws: { error in
            guard case .encoderMissing(let codec, _) = error as? SequenceError else { return false }
            return codec == "libweft-no-such-codec"
        }
        #expect(asked.frames.withLock { $0 }.isEmpty)
        #expect(start.notices.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// An encoder that exits as it starts, before the device has opened: the render ends with the stream named and what
    /// the encoder said, and no file is left.
    @Test(arguments: Backend.allCases)
    func anEncoderThatExitsAtItsStartEndsTheRenderWithTheStreamNamed(backend: Backend) throws {
        let encoder = path("failing-encoder-\(backend)")
        try "#!/bin/bash\necho 'no encoder here' >&2; exit 3\n".write(toFile: encoder, atomically: true, encoding: .utf8)
        #expect(chmod(encoder, 0o755) == 0)
        let output = path("failed-\(backend).mp4")
        let sequence = try SequenceRequest(frames: 0...19, fps: 30, to: output, video: FFmpegOutput(path: output, container: .mp4, executable: encoder))
        let result = try SequenceRender(starting: try Self.start(backend), sequence: sequence).run(try VideoOutputTests.stillSource())
        let failure = try #require(result.writeFailures.first { $0.frame == nil }, "\(result.writeFailures)")
        #expect(failure.message.hasPrefix("\(output): ") && failure.message.contains("no encoder here"), "\(failure.message)")
        #expect(result.written == 0)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains(".weft-") })
    }

    /// The first frame of a video started while its device opens is planned once, ahead, and its context runs that plan:
    /// its upload counts the glyph atlas rows its text needs — what a fresh planner's plan of that frame uploads — as a
    /// render on an open device does, where a second plan of the frame found those rows planned already and counted none.
    /// The videos decode to the same planes, with no validation message on lavapipe.
    @Test(.enabled(if: VideoOutputTests.hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), arguments: Backend.allCases)
    func theFirstFramesUploadCountsItsGlyphsWhenPlannedAhead(backend: Backend) throws {
        let scene = try VideoOutputTests.scene(scale: 2)
        let shown = scene.frame(at: 0, index: 0)
        let fresh = try RenderContext(executor: BackendFactory.executor(for: backend)).plan(shown.view, size: shown.size, options: shown.options)
        let glyphRows = fresh.plan.residents.values.reduce(0) { $0 + $1.bytes(of: $1.plannedRows) }
        #expect(glyphRows > 0 && fresh.plan.residents.values.allSatisfy { $0.plannedRows == 0..<$0.pixels.height },
                "a first plan uploads every row of the glyph atlas its text needs: \(glyphRows) bytes")
        var decoded: [Data] = []
        for started in [false, true] {
            let output = path("uploads-\(backend)-\(started).mp4")
            let sequence = try SequenceRequest(frames: 0...2, fps: 8, to: output, video: FFmpegOutput(path: output, container: .mp4, lossless: true))
            let render = started ? SequenceRender(starting: try Self.start(backend), sequence: sequence)
                : SequenceRender(context: RenderContext(executor: try BackendFactory.executor(for: backend)), sequence: sequence)
            let asked = Asked()
            var reports: [ExecutionReport] = []
            let result = try render.run(Self.source(scene, asked: asked)) { event in
                if case .rendered(_, _, let rendering, _, _, _) = event { reports += rendering.reports }
            }
            #expect(result.failed.isEmpty && result.writeFailures.isEmpty, "\(result.writeFailures)")
            #expect(reports.isEmpty, "\(reports)")
            let first = try #require(result.statistics.first)
            #expect(first.uploaded == fresh.plan.uploadedBytes, "started: \(started); the first frame uploaded \(first.uploaded) bytes")
            #expect(asked.frames.withLock { $0 }.filter { $0 == 0 }.count == 1, "frame 0 was built more than once")
            decoded.append(try VideoOutputTests.ffmpeg(["-i", output, "-pix_fmt", "yuv420p", "-f", "rawvideo", "-"]))
        }
        #expect(!decoded[0].isEmpty && decoded[0] == decoded[1], "\(backend): the video from a start decodes to other planes")
    }

    /// ffmpeg as Weft runs it, saying its process id into `pidFile` first (written whole, then moved into place);
    /// asked for its encoders, it only answers. Returns the script's path.
    func ffmpegSayingItsPid(named name: String, into pidFile: String) throws -> String {
        let encoder = path(name)
        try """
        #!/bin/bash
        for argument in "$@"; do [ "$argument" = -encoders ] && exec \(VideoOutputTests.ffmpeg) "$@"; done
        echo $$ > \(pidFile).tmp && mv \(pidFile).tmp \(pidFile)
        exec \(VideoOutputTests.ffmpeg) "$@"
        """.write(toFile: encoder, atomically: true, encoding: .utf8)
        #expect(chmod(encoder, 0o755) == 0)
        return encoder
    }

    /// Waits until `file` exists, or `seconds` have passed.
    static func waitFor(_ file: String, seconds: Int) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !FileManager.default.fileExists(atPath: file) && ContinuousClock.now < deadline { usleep(2_000) }
    }

    /// A device chosen and then failing to open once ffmpeg is running (the opening waits for ffmpeg's process, then
    /// fails): the render ends with the opening's error as `SequenceError.device`, having built no frame but the first,
    /// the ffmpeg it started has ended and been waited for (no such process is left, not even a zombie), and neither the
    /// video nor its temporary file is left.
    @Test(.enabled(if: VideoOutputTests.hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), .timeLimit(.minutes(1)),
          arguments: Backend.allCases)
    func aDeviceFailingToOpenAfterFFmpegStartedEndsTheRenderWithItsError(backend: Backend) throws {
        let pidFile = path("ffmpeg-\(backend).pid")
        let encoder = try ffmpegSayingItsPid(named: "ffmpeg-saying-its-pid-\(backend)", into: pidFile)
        let failure = VulkanError.noMemoryType(purpose: "the test's device, which fails as it opens")
        let start = try Self.start(backend) { _ throws(DeviceChoiceError) in
            Self.waitFor(pidFile, seconds: 30)
            throw .vulkan(failure)
        }
        let output = path("never-opened-\(backend).mp4")
        let sequence = try SequenceRequest(frames: 0...29, fps: 30, to: output, video: FFmpegOutput(path: output, container: .mp4, executable: encoder))
        let asked = Asked()
        #expect {
            _ = try SequenceRender(starting: start, sequence: sequence).run(Self.source(try VideoOutputTests.scene(scale: 1), asked: asked))
        } throws: { error in
            guard case .device(let reason) = error as? SequenceError else { return false }
            return reason.description == failure.description
        }
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)),
                               "ffmpeg had not started when the device failed to open")
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "ffmpeg (process \(pid)) is still there")
        #expect(asked.frames.withLock { $0 } == [0])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!left.contains { $0.hasPrefix("never-opened-\(backend)") }, "\(left)")
    }

    /// A video whose device opens only once ffmpeg has started (the opening waits for ffmpeg's process, then opens the
    /// device): `--stats`' timeline says so in order — ffmpeg started, the devices opened, the first frame handed to
    /// the writer and its write into ffmpeg's pipe — and the pipe holds more than a pipe's default 64 KiB.
    @Test(.enabled(if: VideoOutputTests.hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), .timeLimit(.minutes(1)),
          arguments: Backend.allCases)
    func theStatisticsTimelineShowsFFmpegStartedBeforeTheDeviceOpened(backend: Backend) throws {
        let pidFile = path("ffmpeg-started-\(backend).pid")
        let encoder = try ffmpegSayingItsPid(named: "ffmpeg-noting-its-start-\(backend)", into: pidFile)
        let start = try Self.start(backend) { device throws(DeviceChoiceError) in
            Self.waitFor(pidFile, seconds: 20)
            return try device.open()
        }
        let output = path("timeline-\(backend).mp4")
        let sequence = try SequenceRequest(frames: 0...2, fps: 30, to: output, video: FFmpegOutput(path: output, container: .mp4, executable: encoder))
        let result = try SequenceRender(starting: start, sequence: sequence).run(Self.source(try VideoOutputTests.scene(scale: 1)))
        #expect(result.written == 3 && result.writeFailures.isEmpty, "\(result.writeFailures)")
        let statistics = result.statistics
        let started = try #require(statistics.encoderStarted), opened = try #require(statistics.openingWait)
        let rendered = try #require(statistics.firstFrame), written = try #require(statistics.firstWrite)
        #expect(started < opened && opened < rendered && rendered <= written.begin && written.begin <= written.end,
                "ffmpeg started \(started), the devices opened \(opened), the first frame rendered \(rendered), written \(written)")
        let line = try #require(statistics.encoderTimeline)
        let order = ["ffmpeg started at", "the devices opened at", "the first frame handed to the writer at",
                     "its write into ffmpeg's pipe began at", "returned at"]
        let places = order.compactMap { line.range(of: $0)?.lowerBound }
        #expect(places.count == order.count && places == places.sorted(), "\(line)")
        #expect((statistics.pipeCapacity ?? 0) > 64 << 10, "\(line)")
    }
}
