import Foundation
import Synchronization
import Testing
@testable import Weft
import WeftRuntime
import WeftTestSupport

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
}
