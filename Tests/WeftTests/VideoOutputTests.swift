import Foundation
import Synchronization
import Testing
@testable import Weft
import WeftCPU
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftTestSupport
import WeftVulkan

/// Videos decoded back with ffmpeg and measured against the frames alone: the device's YUV planes against ffmpeg's own
/// conversion of the same PNG, lossless videos against the planes, lossy ones by PSNR against the PNG frames.
@Suite struct VideoOutputTests {
    static let ffmpeg = "/usr/bin/ffmpeg"
    static let hasFFmpeg = FileManager.default.isExecutableFile(atPath: ffmpeg)
    let folder = temporaryFolder("weft-video-tests")

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// timeline-wave (gradients, shapes, a wave effect, text) at `scale` × its 320 × 180 points, or at `size` points.
    static func scene(scale: Float, size: Size? = nil) throws -> Scene {
        var scene = try Examples.load("timeline-wave.json")
        scene.scale = scale
        if let size { scene.size = size }
        return scene
    }

    /// The frame at `time` and its planes written by `weft.yuv` on `context`'s executor.
    static func frameAndPlanes(_ scene: Scene, at time: Double, planes: YUVPlanes = .yuv420p,
                               on context: RenderContext) throws -> (frame: PixelBuffer, planes: [UInt8]) {
        let shown = scene.frame(at: time)
        let planned = try context.plan(shown.view, size: shown.size, options: shown.options)
        let frame = try context.run(planned).pixels
        let packed = try context.run(try context.planner.convertingToYUV(planned, planes: planes)).pixels
        return (frame, Array(planes.bytes(ofPacked: packed, width: frame.width, height: frame.height)))
    }

    @discardableResult
    static func ffmpeg(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-v", "error", "-nostdin", "-y"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "ffmpeg \(arguments.joined(separator: " ")): \(said)")
        return data
    }

    /// The largest difference between two runs of bytes of one length.
    static func largestDifference(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// PSNR in dB of `decoded` RGB24 against the straight RGB of `frame`.
    static func psnr(_ decoded: some Collection<UInt8>, against frame: PixelBuffer) -> Double {
        let straight = PNGRawImage(straightRGBAOf: frame).rows
        var squares = 0.0
        var count = 0
        for (i, value) in decoded.enumerated() {
            let pixel = i / 3, channel = i % 3
            let difference = Double(Int(value) - Int(straight[4 * pixel + channel]))
            squares += difference * difference
            count += 1
        }
        let mean = squares / Double(max(count, 1))
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }

    /// The samples of planes of `bitDepth` bits: bytes, or little-endian pairs of bytes.
    static func samples(_ bytes: some Collection<UInt8>, bitDepth: Int) -> [Int] {
        let bytes = Array(bytes)
        guard bitDepth > 8 else { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
    }

    /// The kernel's planes in every format it writes are ffmpeg's own conversion of the frame's PNG to that format
    /// (`FFmpegOutput.conversionFilter`: BT.709, limited range, chroma sited left by its area filter) within one code value
    /// of the format's bit depth, at a screen's size and at odd sides (a side the chroma halves rounded up to even with
    /// transparent black, as ffmpeg's pad filter does).
    @Test(.enabled(if: hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), arguments: Backend.allCases)
    func planesAreFFmpegsOwnConversionWithinOneCodeValue(backend: Backend) throws {
        let context = try backend.makeContext()
        // The CPU evaluator runs the kernel at a smaller size: the suite's time, not the rule, differs.
        let scenes = [try Self.scene(scale: backend == .cpu ? 1 : 6), try Self.scene(scale: 1, size: Size(width: 321, height: 181))]
        for scene in scenes {
            let shown = scene.frame(at: 0.7)
            let planned = try context.plan(shown.view, size: shown.size, options: shown.options)
            let frame = try context.run(planned).pixels
            try PNGFile.write(frame, to: path("frame.png"))
            for format in YUVPlanes.allCases {
                let packed = try context.run(try context.planner.convertingToYUV(planned, planes: format)).pixels
                let planes = Self.samples(format.bytes(ofPacked: packed, width: frame.width, height: frame.height), bitDepth: format.bitDepth)
                let halves = format.halvesChroma
                let converted = Self.samples(try Self.ffmpeg(["-i", path("frame.png"), "-vf", FFmpegOutput.conversionFilter(to: format.rawValue),
                                                              "-pix_fmt", format.rawValue, "-f", "rawvideo", "-"]), bitDepth: format.bitDepth)
                let label = "\(backend) \(format) \(frame.width)x\(frame.height)"
                #expect(converted.count == planes.count, "\(label): \(planes.count) samples, ffmpeg's \(converted.count)")
                let padded = format.paddedSize(width: frame.width, height: frame.height)
                let luma = padded.width * padded.height
                let chroma = (halves.columns ? padded.width / 2 : padded.width) * (halves.rows ? padded.height / 2 : padded.height)
                var ranges = [("Y", 0..<luma), ("U", luma..<luma + chroma), ("V", luma + chroma..<luma + 2 * chroma)]
                if format.hasAlpha { ranges.append(("A", luma + 2 * chroma..<2 * luma + 2 * chroma)) }
                for (name, range) in ranges where converted.count == planes.count {
                    let difference = zip(planes[range], converted[range]).reduce(0) { max($0, abs($1.0 - $1.1)) }
                    #expect(difference <= 1, "\(label): \(name) differs from ffmpeg's by \(difference)")
                }
            }
        }
    }

    /// A lossless video holds the device's planes exactly: H.264 (yuv420p) in MP4, VP9 with alpha (yuva420p) in WebM,
    /// HEVC main10 (yuv420p10le) in MP4.
    @Test(.enabled(if: hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), arguments: Backend.allCases)
    func losslessVideosHoldTheDevicePlanesExactly(backend: Backend) throws {
        let context = try backend.makeContext()
        let scene = try Self.scene(scale: backend == .cpu ? 1 : 4)
        let frames = backend == .cpu ? 0...1 : 0...3, fps = 8.0
        let encoders = FFmpegEncoderList.encoders(of: Self.ffmpeg) ?? []
        let cases: [(name: String, planes: YUVPlanes, codec: String?, decoder: [String])] = [
            ("lossless.mp4", .yuv420p, nil, []), ("lossless.webm", .yuva420p, nil, ["-c:v", "libvpx-vp9"]),
            ("main10.mp4", .yuv420p10le, "libx265", []),
        ]
        for (name, planes, codec, decoder) in cases where codec.map(encoders.contains) ?? true {
            let container = FFmpegOutput.container(of: name)!
            let video = FFmpegOutput(path: path(name), container: container, codec: codec, lossless: true, pixelFormat: planes.rawValue)
            let sequence = try SequenceRequest(frames: frames, fps: fps, to: path(name), video: video)
            var render = SequenceRender(context: context, sequence: sequence)
            render.conversion = .device
            let result = try render.run { time, frame in
                let shown = scene.frame(at: time, index: frame)
                return (shown.view, shown.size, shown.options)
            }
            #expect(result.failed.isEmpty && result.writeFailures.isEmpty, "\(name): \(result.writeFailures)")
            let decoded = try Self.ffmpeg(decoder + ["-i", path(name), "-pix_fmt", planes.rawValue, "-f", "rawvideo", "-"])
            var expected: [UInt8] = []
            for n in frames { expected += try Self.frameAndPlanes(scene, at: Double(n) / fps, planes: planes, on: context).planes }
            #expect(decoded.count == expected.count, "\(name): \(decoded.count) bytes decoded, \(expected.count) expected")
            #expect(Self.largestDifference(decoded, expected) == 0, "\(backend) \(name): the decoded planes differ from the device's")
        }
    }

    /// Each lossy codec at its default quality decodes (BT.709, limited range, as tagged) to within 40 dB PSNR of the PNG
    /// frames, converted on the device and by ffmpeg, at 1280 × 720. (4:2:0 alone costs this scene's text and edges
    /// more at small sizes: its round trip without a codec measured 37.3 dB at 320 × 180, 40.5 dB at 640 × 360.)
    @Test(.enabled(if: hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), arguments: Backend.allCases)
    func lossyVideosAreWithin40dBOfThePNGFrames(backend: Backend) throws {
        let context = try backend.makeContext()
        let scene = try Self.scene(scale: 4)
        let frames = backend == .cpu ? 0...1 : 0...2, fps = 6.0
        let encoders = FFmpegEncoderList.encoders(of: Self.ffmpeg) ?? []
        let all: [(name: String, codec: String?, conversion: SequenceRender.VideoConversion)] = [
            ("device.mp4", nil, .device), ("ffmpeg.mp4", nil, .ffmpeg), ("x265.mp4", "libx265", .device),
            ("svtav1.mp4", "libsvtav1", .device), ("vp9.webm", nil, .device), ("prores.mov", nil, .automatic),
        ]
        // On the CPU evaluator ffmpeg converts, as it does there by default (the kernel's planes are checked above).
        let cases = (backend == .cpu ? all.filter { $0.conversion != .device || $0.codec != nil }.map { ($0.name, $0.codec, .ffmpeg) } : all)
            .filter { $0.codec.map(encoders.contains) ?? true }
        let originals = try frames.map { n in try context.render(scene, at: Double(n) / fps).pixels }
        // Each case encodes the frames rendered above, shown again as images: the encoders are under test, not the scene.
        let size = Size(width: Float(originals[0].width), height: Float(originals[0].height))
        for (name, codec, conversion) in cases {
            let container = FFmpegOutput.container(of: name)!
            let sequence = try SequenceRequest(frames: frames, fps: fps, to: path(name),
                                               video: FFmpegOutput(path: path(name), container: container, codec: codec))
            var render = SequenceRender(context: context, sequence: sequence)
            render.conversion = conversion
            let result = try render.run { time, frame in
                (try Image(originals[Int(frame) - frames.lowerBound], scale: 1).node, size, RenderOptions(frame: FrameContext(time: time, index: frame)))
            }
            #expect(result.failed.isEmpty && result.writeFailures.isEmpty, "\(name): \(result.writeFailures)")
            let decoded = try Self.ffmpeg(["-i", path(name), "-vf", "scale=in_color_matrix=bt709:in_range=tv", "-pix_fmt", "rgb24", "-f", "rawvideo", "-"])
            let frameBytes = originals[0].pixelCount * 3
            #expect(decoded.count == frameBytes * originals.count, "\(name): \(decoded.count) bytes decoded")
            for (n, original) in originals.enumerated() where decoded.count >= (n + 1) * frameBytes {
                let psnr = Self.psnr(decoded[(n * frameBytes)..<((n + 1) * frameBytes)], against: original)
                #expect(psnr >= 40, "\(backend) \(name) frame \(n): PSNR \(psnr) dB")
            }
        }
    }

    /// The YUV pass packs bytes, not colour: on the CPU evaluator with its checks on, its planes raise no
    /// premultiplication finding, while the same pass taken for colour is flagged (its bytes have "RGB" above "A"), so
    /// the check still runs where the output is colour.
    @Test func thePremultiplicationCheckSkipsTheYUVPlanes() throws {
        let context = RenderContext(executor: CPUExecutor(options: CPUExecutor.Options(threads: 3, checks: .all)))
        let shown = try Self.scene(scale: 1).frame(at: 0.7)
        let planned = try context.plan(shown.view, size: shown.size, options: shown.options)
        for format in YUVPlanes.allCases {
            var converted = try context.planner.convertingToYUV(planned, planes: format)
            let yuv = converted.plan.passes.count - 1
            #expect(converted.plan.passes[yuv].kernel.name == "weft.yuv" && !converted.plan.passes[yuv].outputIsColor)
            let reports = try context.run(converted).reports
            #expect(reports.isEmpty, "\(format): \(reports)")
            converted.plan.passes[yuv].outputIsColor = true
            let taken = try context.run(converted).reports
            #expect(taken.contains { $0.kernel == "weft.yuv" && $0.check == "premultiplication" }, "\(format): \(taken)")
        }
    }

    /// Frames the source built in `aCodecTheInstalledFFmpegLacksIsRefusedBeforeTheFirstFrame` (its source runs on a
    /// rendering thread).
    static let framesBuiltForMissingCodec = Atomic<Int>(0)

    /// A codec the installed ffmpeg lacks is named before the first frame renders, and no file is left.
    @Test(.enabled(if: hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"))
    func aCodecTheInstalledFFmpegLacksIsRefusedBeforeTheFirstFrame() throws {
        let context = try Backend.cpu.makeContext()
        let video = FFmpegOutput(path: path("v.mp4"), container: .mp4, codec: "libweft-no-such-encoder")
        let sequence = try SequenceRequest(frames: 0...3, to: path("v.mp4"), video: video)
        #expect {
            _ = try SequenceRender(context: context, sequence: sequence).run { _, _ in
                Self.framesBuiltForMissingCodec.add(1, ordering: .relaxed)
                throw CancellationError()
            }
        } throws: { error in
            guard case SequenceError.encoderMissing(let codec, let alternatives) = error else { return false }
            return codec == "libweft-no-such-encoder" && alternatives.first == "libx264"
        }
        #expect(Self.framesBuiltForMissingCodec.load(ordering: .relaxed) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The encoder list is asked of an ffmpeg once and then read from the cache folder, until that ffmpeg changes; the
    /// installed ffmpeg's list read back is the one it gives.
    @Test func theEncoderListIsKeptUntilFFmpegChanges() throws {
        let cache = folder.appendingPathComponent("cache")
        let script = path("ffmpeg")
        func write(_ encoders: [String]) throws {
            let lines = encoders.map { "echo ' V....D \($0)   an encoder'" }.joined(separator: "\n")
            try "#!/bin/sh\necho asked >> '\(path("asked"))'\n\(lines)\n".write(toFile: script, atomically: true, encoding: .utf8)
            #expect(chmod(script, 0o755) == 0)
        }
        func asked() -> Int { ((try? String(contentsOfFile: path("asked"), encoding: .utf8)) ?? "").split(separator: "\n").count }
        try write(["libweft-a", "libweft-b"])
        #expect(FFmpegEncoderList.encoders(of: script, cachingIn: cache) == ["libweft-a", "libweft-b"])
        #expect(FFmpegEncoderList.encoders(of: script, cachingIn: cache) == ["libweft-a", "libweft-b"])
        #expect(asked() == 1, "asked once, then read from the cache folder")
        try write(["libweft-a", "libweft-b", "libweft-c"])
        #expect(FFmpegEncoderList.encoders(of: script, cachingIn: cache) == ["libweft-a", "libweft-b", "libweft-c"])
        #expect(asked() == 2, "a changed ffmpeg is asked again")
        if Self.hasFFmpeg {
            let installed = try #require(FFmpegEncoderList.asked(Self.ffmpeg))
            #expect(FFmpegEncoderList.encoders(of: Self.ffmpeg, cachingIn: cache) == installed)
            #expect(FFmpegEncoderList.encoders(of: Self.ffmpeg, cachingIn: cache) == installed, "read back")
            #expect(installed.contains("libx264"))
        }
    }

    /// A video stream opened ahead of its first frame (ffmpeg starts while that frame renders) and ended without one
    /// leaves no file, not even a temporary one.
    @Test(.enabled(if: hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"))
    func aStreamOpenedAheadAndEndedWithoutFramesLeavesNoFile() throws {
        let video = FFmpegOutput(path: path("none.mp4"), container: .mp4, executable: Self.ffmpeg)
        let stream = FrameStream(target: .ffmpeg(video), sixteenBit: false, fps: 30, planes: .yuv420p)
        stream.prepare(width: 64, height: 36)
        try stream.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// An executable file in the test's folder holding `script`.
    func executable(_ name: String, _ script: String) throws -> String {
        let file = path(name)
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(chmod(file, 0o755) == 0)
        return file
    }

    /// A small still picture as every frame of a sequence: cheap to render, so the encoder is what is under test.
    static func stillSource() throws -> SequenceRender.FrameSource {
        let picture = try PixelBuffer(width: 80, height: 46, format: .rgba8Unorm, bytes: (0..<80 * 46 * 4).map { UInt8(truncatingIfNeeded: $0 | 3) })
        let view = try Image(picture, scale: 1).node
        return { time, frame in (view, Size(width: 80, height: 46), RenderOptions(frame: FrameContext(time: time, index: frame))) }
    }

    /// ffmpeg writing far more to its standard error than a pipe holds (its trace log, about 1 KiB a frame) while frames
    /// are written, and stopping after 100 of 300 frames: neither side stops on the other, and the video fails with the
    /// broken stream named and the end of what ffmpeg said; no file is left.
    @Test(.enabled(if: hasFFmpeg, "ffmpeg is not installed (apt-get install ffmpeg)"), .timeLimit(.minutes(2)))
    func ffmpegSayingMuchAndStoppingEarlyEndsWithTheStreamNamed() throws {
        // Weft's arguments after its "-hide_banner -loglevel error", with the output's 100 frames at most.
        let ffmpeg = try executable("ffmpeg-trace", """
            #!/bin/bash
            exec \(Self.ffmpeg) -hide_banner -loglevel trace -debug_ts "${@:4:$#-4}" -frames:v 100 "${@: -1}"
            """)
        let output = path("stopped.mp4")
        let sequence = try SequenceRequest(frames: 0...299, fps: 30, to: output, video: FFmpegOutput(path: output, container: .mp4, executable: ffmpeg))
        let result = try SequenceRender(context: try Backend.cpu.makeContext(), sequence: sequence).run(try Self.stillSource())
        let failure = try #require(result.writeFailures.first { $0.frame == nil }, "\(result.writeFailures)")
        #expect(failure.message.hasPrefix("\(output): writing frame ") && failure.message.contains(": Broken pipe; ffmpeg said: (its earlier output left out)\n"),
                "\(failure.message.prefix(300))")
        #expect(failure.message.contains("Statistics:"), "ffmpeg's last lines: \(failure.message.suffix(300))")
        #expect(result.written >= 100 && result.written < 300, "\(result.written)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains(".weft-") })
    }

    /// Once the last frame is rendered, the render lets go of its context while the encoder finishes: a context only
    /// the render held is torn down (its executor released, on lavapipe its device destroyed) before an encoder that
    /// takes half a second after its last frame has ended, and `run` returns with the video written.
    @Test(arguments: Backend.allCases)
    func theContextIsLetGoWhileTheEncoderFinishes(backend: Backend) throws {
        // An "ffmpeg" that reads every frame, then takes half a second and writes an empty output.
        let encoder = try executable("slow-encoder-\(backend)", """
            #!/bin/bash
            cat > /dev/null; sleep 0.5; : > "${@: -1}"
            """)
        let output = path("slow-\(backend).mp4")
        let sequence = try SequenceRequest(frames: 0...5, fps: 30, to: output, video: FFmpegOutput(path: output, container: .mp4, executable: encoder))
        let release = ObservedExecutor.Release()
        let render = SequenceRender(context: RenderContext(executor: ObservedExecutor(try BackendFactory.executor(for: backend), release: release)),
                                    sequence: sequence)
        let result = try (consume render).run(try Self.stillSource())
        let returned = ContinuousClock.now
        #expect(result.written == 6 && result.writeFailures.isEmpty, "\(result.writeFailures)")
        #expect(FileManager.default.fileExists(atPath: output))
        let letGo = try #require(release.instant.withLock { $0 }, "the executor was not released")
        #expect(returned - letGo > .milliseconds(300), "released \(returned - letGo) before run returned")
        #expect(result.statistics.finishing >= .milliseconds(500))
    }

    /// A video's frames are read back through the host buffers of the executor's ring of frames in flight, made once
    /// and reused: over a 1920 × 1080 sequence converted to YUV on lavapipe, no device memory, buffer or image is made
    /// after the first frames.
    @Test func readbacksReuseTheRingsBuffers() throws {
        try VulkanAvailability.require()
        let executor = try VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none))
        let encoder = try executable("reading-encoder", """
            #!/bin/bash
            cat > /dev/null; : > "${@: -1}"
            """)
        let output = path("ring.mp4")
        let scene = try Self.scene(scale: 6)
        let sequence = try SequenceRequest(frames: 0...11, fps: 30, to: output, video: FFmpegOutput(path: output, container: .mp4, executable: encoder))
        var render = SequenceRender(context: RenderContext(executor: executor), sequence: sequence)
        render.conversion = .device
        var counts: [Int: VulkanExecutor.Statistics] = [:]
        let result = try render.run({ time, frame in
            let shown = scene.frame(at: time, index: frame)
            return (shown.view, shown.size, shown.options)
        }, observe: { event in
            if case .rendered(let frame, _, _, let size, _, _) = event {
                #expect(size.width == 1920 && size.height == 1080)
                counts[frame] = executor.statistics
            }
        })
        #expect(result.written == 12 && result.writeFailures.isEmpty, "\(result.writeFailures)")
        let (early, last) = try (#require(counts[3]), #require(counts[11]))
        #expect(last.deviceMemoryAllocations == early.deviceMemoryAllocations, "\(early) → \(last)")
        #expect(last.liveObjects.buffers == early.liveObjects.buffers && last.liveObjects.images == early.liveObjects.images, "\(early.liveObjects) → \(last.liveObjects)")
        #expect(executor.validationMessages.isEmpty, "\(executor.validationMessages)")
    }

    /// The Swift API writes PNG files that hold the frames rendered alone, and a scene's whole duration.
    @Test func renderSequenceWritesTheFramesAndAllOfAScene() throws {
        let context = try Backend.cpu.makeContext()
        var scene = try Self.scene(scale: 0.5)
        let some = try context.renderSequence(scene, frames: 2...4, fps: 10, to: path("some/f%02d.png"))
        #expect(some.failed.isEmpty && some.written == 3)
        for n in 2...4 {
            let alone = try context.render(scene, at: Double(n) / 10).pixels
            #expect(try PNGFile.load(path: path("some/f0\(n).png")) == alone, "frame \(n)")
        }
        scene.playTime = 0.7
        let all = try context.renderSequence(scene, fps: 10, to: path("all/f%02d.png"))
        #expect(all.written == 7 && all.failed.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("all")).sorted() == (0..<7).map { "f0\($0).png" })
        scene.playTime = nil
        scene.timeline = nil
        #expect(throws: SequenceError.noDuration(0)) { try context.renderSequence(scene, fps: 10, to: path("none/f%02d.png")) }
    }
}

/// An executor that runs plans on another and notes when it is released.
private final class ObservedExecutor: Executor {
    /// When the executor was released.
    final class Release: Sendable {
        let instant = Mutex<ContinuousClock.Instant?>(nil)
    }

    let inner: any Executor
    let release: Release

    init(_ inner: any Executor, release: Release) {
        self.inner = inner
        self.release = release
    }

    deinit { release.instant.withLock { $0 = .now } }

    var device: DeviceDescription { inner.device }
    var capabilities: ExecutorCapabilities { inner.capabilities }
    var isLost: Bool { inner.isLost }
    func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionResult { try inner.execute(plan, options: options) }
    func submit(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionTicket { try inner.submit(plan, options: options) }
    func collect(_ ticket: ExecutionTicket) throws(ExecutionError) -> ExecutionResult { try inner.collect(ticket) }
}
