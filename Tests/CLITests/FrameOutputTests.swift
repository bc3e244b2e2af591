import Foundation
import Testing
import WeftImage

/// Where a sequence's frames go: pipelined PNG files equal to frames rendered alone, a raw stream in frame order,
/// failures that name the frame and leave no half-written file (a full disk, a read-only folder), ffmpeg's video and
/// GIF read back with ffprobe, and `weft verify` over the shards of a folder.
struct FrameOutputTests {
    let tests = SequenceTests()

    func path(_ name: String) -> String { tests.path(name) }

    static let hasFFmpeg = ["ffmpeg", "ffprobe"].allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }

    /// Every frame of a pipelined sequence (written on several threads) is the frame rendered alone, pixel for pixel.
    @Test(arguments: SequenceTests.devices)
    func pipelinedFramesEqualFramesRenderedAlone(device: String) throws {
        let scene = try tests.writeScene()
        let run = try CLI.weft(["render", scene, "--frames", "0..7", "--fps", "20", "--device", device, "-o", path("seq/%d.png")])
        #expect(run.status == 0, "\(run)")
        var frames: [PixelBuffer] = []
        for n in 0...7 {
            let alone = try CLI.weft(["render", scene, "--time", "\(Double(n) / 20)", "--frame", "\(n)", "--device", device, "-o", path("alone\(n).png")])
            #expect(alone.status == 0, "\(alone)")
            let frame = try PNGFile.load(path: path("seq/\(n).png"))
            #expect(frame == (try PNGFile.load(path: path("alone\(n).png"))), "frame \(n)")
            frames.append(frame)
        }
        #expect(Set(frames.map(\.bytes)).count > 2, "the frames differ over time")
        #expect(try tests.frameFiles(in: "seq") == (0...7).map { "\($0).png" }, "no temporary file is left")
    }

    /// A raw stream holds the frames' straight-alpha RGBA rows in frame order, one after the other.
    @Test func aRawStreamHoldsTheFramesInOrder() throws {
        let scene = try tests.writeScene()
        let files = try CLI.weft(["render", scene, "--frames", "0..7", "--fps", "20", "--device", "cpu", "-o", path("seq/%d.png")])
        #expect(files.status == 0, "\(files)")
        let raw = try CLI.weft(["render", scene, "--frames", "0..7", "--fps", "20", "--device", "cpu", "-o", path("all.rgba")])
        #expect(raw.status == 0, "\(raw)")
        #expect(raw.stdout.contains("all.rgba: 8 frames"), "\(raw)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("all.rgba"))))
        let frameBytes = 24 * 8 * 4
        #expect(bytes.count == 8 * frameBytes)
        for n in 0...7 {
            let rows = PNGRawImage(straightRGBAOf: try PNGFile.load(path: path("seq/\(n).png"))).rows
            #expect(Array(bytes[n * frameBytes..<(n + 1) * frameBytes]) == rows, "frame \(n) is in its place")
        }
    }

    /// Runs `weft ARGUMENTS` in a mount namespace of its own with a tmpfs at `mountPoint` (`options`: its size, `ro`),
    /// or nil when this machine cannot make one (no `unshare`, or user namespaces off).
    func weftOnTmpfs(_ mountPoint: String, options: String, _ arguments: [String]) throws -> CLI.Run? {
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-rm", "mount", "-t", "tmpfs", "-o", options, "none", mountPoint]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { return nil }
        let quoted = ([CLI.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try CLI.shell("mount -t tmpfs -o \(options) none '\(mountPoint)' && \(quoted); status=$?; ls -A '\(mountPoint)' >&2; exit $status",
                             wrappedIn: ["/usr/bin/unshare", "-rm"])
    }

    /// A disk that fills up mid-sequence: the frames that did not fit are named, and no file is left half-written
    /// (what the folder holds is whole PNGs, no temporary files).
    @Test func aFullDiskNamesTheFramesAndLeavesNoPartialFile() throws {
        let scene = try tests.writeScene()
        let disk = path("small")
        // 48 KiB: the first frames fit, the later ones (24×8 pixels, ~0.5 KiB each, 64 frames) do not all.
        guard let run = try weftOnTmpfs(disk, options: "size=48k", ["render", scene, "--frames", "0..199", "--scale", "4", "--device", "cpu",
                                                                     "-o", disk + "/f%03d.png"]) else {
            print("skipped: cannot mount a tmpfs here (unshare -rm mount failed)")
            return
        }
        #expect(run.status != 0, "\(run)")
        #expect(run.stderr.contains("No space left on device"), "\(run)")
        #expect(run.stderr.contains("frames failed"), "\(run)")
        // The listing printed inside the namespace: only whole frames.
        let listed = run.stderr.split(separator: "\n").filter { $0.hasPrefix("f") && !$0.contains(" ") }
        #expect(!listed.isEmpty && listed.allSatisfy { $0.hasSuffix(".png") }, "\(listed)")
    }

    /// A read-only folder: every frame fails with the reason, and the exit status counts them.
    @Test func aReadOnlyFolderFailsEveryFrameByName() throws {
        let scene = try tests.writeScene()
        let disk = path("readonly")
        guard let run = try weftOnTmpfs(disk, options: "ro", ["render", scene, "--frames", "0..2", "--device", "cpu", "-o", disk + "/f%d.png"]) else {
            print("skipped: cannot mount a tmpfs here (unshare -rm mount failed)")
            return
        }
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("frame 1 (t="), "\(run)")
        #expect(run.stderr.contains("Read-only file system"), "\(run)")
        #expect(run.stderr.contains("3 frames failed: 0, 1, 2"), "\(run)")
    }

    /// ffprobe reads back what ffmpeg made: frame count, size and duration of an MP4 and a GIF; alpha kept in WebM.
    @Test func videoAndGIFReadBackWithFFprobe() throws {
        guard Self.hasFFmpeg else {
            print("skipped: ffmpeg or ffprobe is not installed (apt-get install ffmpeg)")
            return
        }
        let scene = try tests.writeScene()
        for name in ["v.mp4", "v.gif", "v.webm"] {
            let run = try CLI.weft(["render", scene, "--frames", "0..11", "--fps", "24", "--scale", "4", "--device", "cpu", "-o", path(name)])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("\(name): 12 frames at 24.0 frames/s"), "\(run)")
        }
        for name in ["v.mp4", "v.gif"] {
            let probe = try CLI.shell("ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames,width,height:format=duration -of default=noprint_wrappers=1 '\(path(name))'")
            #expect(probe.status == 0, "\(probe)")
            let fields = Dictionary(uniqueKeysWithValues: probe.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            })
            #expect(fields["width"] == "96" && fields["height"] == "32", "\(name): \(fields)")
            #expect(fields["nb_read_frames"] == "12", "\(name): \(fields)")
            let duration = Double(fields["duration"] ?? "") ?? 0
            #expect(abs(duration - 0.5) < 0.03, "\(name): 12 frames at 24 frames/s last 0.5 s, not \(duration)")
        }
        let alpha = try CLI.shell("ffprobe -v error -show_entries stream_tags=alpha_mode -of default=noprint_wrappers=1 '\(path("v.webm"))'")
        #expect(alpha.stdout.contains("alpha_mode=1"), "VP9 in WebM keeps alpha: \(alpha)")
    }

    /// `--stats` on a video tells the command's time outside the frames: before the sequence (the scene, then the
    /// output; the device chosen beside them, then opened beside the sequence's start) and the sequence's own (the
    /// device open, its first frame, and after its last the encoder finishing, with the device let go of beside it;
    /// the video's start in order, to the first frame's write into ffmpeg's pipe). The device converts the frames on the CPU evaluator here, and its YUV planes raise no
    /// premultiplication warning (they are bytes, not colour).
    @Test func statsTellTheTimeOutsideTheFrames() throws {
        guard Self.hasFFmpeg else {
            print("skipped: ffmpeg or ffprobe is not installed (apt-get install ffmpeg)")
            return
        }
        let run = try CLI.weft(["render", "examples/timeline-wave.json", "--frames", "0..2", "--device", "cpu", "--stats", "-o", path("s.mp4")],
                               environment: ["WEFT_VIDEO_CONVERSION": "device"])
        #expect(run.status == 0, "\(run)")
        #expect(!run.stderr.contains("premultiplication"), "\(run.stderr)")
        func milliseconds(after label: String) -> Double? {
            guard let range = run.stdout.range(of: label) else { return nil }
            return Double(run.stdout[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        let total = try #require(milliseconds(after: "before the sequence: "), "\(run.stdout)")
        let scene = try #require(milliseconds(after: "scene and its shaders "))
        let output = try #require(milliseconds(after: "then the output "))
        let choosing = try #require(milliseconds(after: "choosing the device "))
        #expect(milliseconds(after: "then opening the device ") != nil, "\(run.stdout)")
        // One after the other on the command's thread; the device chosen beside them, and waited for. Printed to 0.1 ms.
        #expect(scene + output <= total + 0.2 && choosing <= total + 0.2, "\(run.stdout)")
        let sequence = try #require(milliseconds(after: "\nsequence: "), "\(run.stdout)")
        let first = try #require(milliseconds(after: "the first frame handed to the writer after "))
        let finishing = try #require(milliseconds(after: "the output finished "))
        #expect(first > 0 && first + finishing <= sequence + 0.2, "\(run.stdout)")
        // The device opened before its first frame could run.
        let opened = try #require(milliseconds(after: "the devices opened "), "\(run.stdout)")
        #expect(opened <= first + 0.2, "\(run.stdout)")
        // The device is let go of beside the encoder's end, and waited for before the sequence ends.
        let releasing = try #require(milliseconds(after: "letting go of the devices "), "\(run.stdout)")
        #expect(first + releasing <= sequence + 0.2, "\(run.stdout)")
        // The video's start, in order: the first frame was written into ffmpeg's pipe after it was handed to the
        // writer; the pipe says what it holds.
        let started = try #require(milliseconds(after: "ffmpeg started at "), "\(run.stdout)")
        let handed = try #require(milliseconds(after: "the first frame handed to the writer at "), "\(run.stdout)")
        let written = try #require(milliseconds(after: "its write into ffmpeg's pipe began at "), "\(run.stdout)")
        let returned = try #require(milliseconds(after: ", returned at "), "\(run.stdout)")
        #expect(started <= written && abs(handed - first) <= 0.1 && handed <= written + 0.1 && written <= returned + 0.1, "\(run.stdout)")
        #expect(run.stdout.contains("(the pipe holds "), "\(run.stdout)")
    }

    /// Every video says BT.709 and limited range whoever converts its frames (ffmpeg, or the device's kernel), and H.264
    /// says its 4:2:0 chroma is sited left: MP4 (H.264), HEVC main10, WebM (VP9) and MOV (ProRes 4444, 422).
    @Test func everyVideoSaysItsColours() throws {
        guard Self.hasFFmpeg else {
            print("skipped: ffmpeg or ffprobe is not installed (apt-get install ffmpeg)")
            return
        }
        let scene = try tests.writeScene()
        let videos: [(name: String, options: [String])] = [
            ("h264.mp4", []), ("main10.mp4", ["--codec", "libx265", "--pix-fmt", "yuv420p10le"]), ("vp9.webm", []),
            ("prores.mov", []), ("prores422.mov", ["--pix-fmt", "yuv422p10le"]),
        ]
        for conversion in ["ffmpeg", "device"] {
            for (name, options) in videos {
                let file = path("\(conversion)-\(name)")
                let run = try CLI.weft(["render", scene, "--frames", "0..1", "--scale", "4", "--device", "cpu"] + options + ["-o", file],
                                       environment: ["WEFT_VIDEO_CONVERSION": conversion])
                #expect(run.status == 0, "\(run)")
                let probe = try CLI.shell("ffprobe -v error -select_streams v:0 -show_entries stream=color_space,color_primaries,color_transfer,color_range,chroma_location -of default=noprint_wrappers=1 '\(file)'")
                for tag in ["color_space=bt709", "color_primaries=bt709", "color_transfer=bt709", "color_range=tv"] {
                    #expect(probe.stdout.contains(tag), "\(conversion) \(name): \(tag) in \(probe.stdout)")
                }
                if name == "h264.mp4" { #expect(probe.stdout.contains("chroma_location=left"), "\(conversion) \(name): \(probe.stdout)") }
            }
        }
    }

    /// `--encoder-preset` reaches x264 (ultrafast turns CABAC off; x264 writes its settings into the stream); a preset the
    /// codec does not take, and a codec without presets, are refused before anything renders.
    @Test func presetReachesTheEncoder() throws {
        guard Self.hasFFmpeg else {
            print("skipped: ffmpeg is not installed (apt-get install ffmpeg)")
            return
        }
        let scene = try tests.writeScene()
        for (preset, cabac) in [("ultrafast", "cabac=0"), ("veryslow", "cabac=1")] {
            let name = "\(preset).mp4"
            let run = try CLI.weft(["render", scene, "--frames", "0..3", "--device", "cpu", "--encoder-preset", preset, "-o", path(name)])
            #expect(run.status == 0, "\(run)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path(name)))
            #expect(bytes.range(of: Data(cabac.utf8)) != nil, "\(preset): x264's settings in the stream hold \(cabac)")
        }
        let unknown = try CLI.weft(["render", scene, "--frames", "0..3", "--device", "cpu", "--encoder-preset", "no-such-preset", "-o", path("bad.mp4")])
        #expect(unknown.status == 1 && unknown.stderr.contains("no-such-preset") && unknown.stderr.contains("veryslow"), "\(unknown)")
        #expect(!unknown.stdout.contains("frames rendered"), "refused before the first frame: \(unknown)")
        let webm = try CLI.weft(["render", scene, "--frames", "0..3", "--device", "cpu", "--encoder-preset", "fast", "-o", path("v.webm")])
        #expect(webm.status == 1 && webm.stderr.contains("libvpx-vp9 takes the presets realtime, good"), "\(webm)")
        let prores = try CLI.weft(["render", scene, "--frames", "0..3", "--device", "cpu", "--encoder-preset", "fast", "-o", path("v.mov")])
        #expect(prores.status == 2 && prores.stderr.contains("prores_ks has no speed presets"), "\(prores)")
    }

    /// `--quality` reaches the encoder on its own scale (x264 writes its CRF into the stream; a finer ProRes quantiser
    /// makes a larger file); a value off the codec's scale, a codec without one and a quality beside `--lossless` are
    /// refused before anything renders.
    @Test func qualityReachesTheEncoder() throws {
        guard Self.hasFFmpeg else {
            print("skipped: ffmpeg is not installed (apt-get install ffmpeg)")
            return
        }
        let scene = try tests.writeScene()
        for (quality, crf) in [(nil, "crf=18.0"), ("30", "crf=30.0"), ("51", "crf=51.0")] {
            let name = "q\(quality ?? "default").mp4"
            let run = try CLI.weft(["render", scene, "--frames", "0..3", "--device", "cpu", "-o", path(name)] + (quality.map { ["--quality", $0] } ?? []))
            #expect(run.status == 0, "\(run)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path(name)))
            #expect(bytes.range(of: Data(" \(crf) ".utf8)) != nil, "quality \(quality ?? "default"): x264's settings in the stream hold \(crf)")
        }
        var sizes: [Int] = []
        for quality in ["1", "64"] {
            let run = try CLI.weft(["render", "examples/timeline-wave.json", "--frames", "0..1", "--device", "cpu", "--quality", quality,
                                    "-o", path("q\(quality).mov")])
            #expect(run.status == 0, "\(run)")
            sizes.append((try FileManager.default.attributesOfItem(atPath: path("q\(quality).mov"))[.size] as? Int) ?? 0)
        }
        #expect(sizes[0] > 2 * sizes[1], "ProRes at quantiser 1 holds more than at 64: \(sizes) bytes")
        for (arguments, output, status, message) in [
            (["--quality", "52"], "bad.mp4", 1, "--quality \"52\": libx264 takes a quality from 0 (best) to 51"),
            (["--quality", "0"], "bad.mov", 1, "--quality \"0\": prores_ks takes a quality from 1 (best) to 64"),
            (["--quality", "20", "--lossless"], "bad.mp4", 2, "--quality and --lossless are two qualities; give one"),
        ] {
            let run = try CLI.weft(["render", scene, "--frames", "0..3", "--device", "cpu"] + arguments + ["-o", path(output)])
            #expect(run.status == status && run.stderr.contains(message) && !run.stdout.contains("frames rendered"), "\(arguments): \(run)")
        }
        let gif = try CLI.weft(["render", scene, "--frames", "0..3", "--device", "cpu", "--quality", "20", "-o", path("bad.gif")])
        #expect(gif.status == 2 && gif.stderr.contains("gif has no quality scale"), "\(gif)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tests.folder.path).allSatisfy { !$0.hasPrefix("bad") })
    }

    /// ffmpeg's own failure reaches the user, and no file is left; a codec it lacks is named before anything renders.
    @Test func ffmpegsErrorReachesTheUser() throws {
        guard Self.hasFFmpeg else {
            print("skipped: ffmpeg is not installed (apt-get install ffmpeg)")
            return
        }
        let run = try CLI.weft(["render", try tests.writeScene(), "--frames", "0..3", "--device", "cpu", "--pix-fmt", "no-such-format", "-o", path("bad.mp4")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("ffmpeg said:") && run.stderr.contains("no-such-format"), "\(run)")
        let codec = try CLI.weft(["render", try tests.writeScene(), "--frames", "0..3", "--device", "cpu", "--codec", "no-such-codec", "-o", path("bad.mp4")])
        #expect(codec.status == 1 && codec.stderr.contains("the installed ffmpeg has no encoder no-such-codec; it has libx264"), "\(codec)")
        #expect(!codec.stdout.contains("frames rendered"), "refused before the first frame: \(codec)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tests.folder.path).allSatisfy { !$0.hasPrefix("bad") })
    }

    /// Two shards into one folder are whole; a frame deleted, or a shard that never finished, is named.
    @Test func verifyFindsAMissingFrameAndAMissingShard() throws {
        let scene = try tests.writeScene()
        for shard in 0..<2 {
            let run = try CLI.weft(["render", scene, "--frames", "0..5", "--shard", "\(shard)/2", "--device", "cpu", "-o", path("shared/f%02d.png")])
            #expect(run.status == 0, "\(run)")
        }
        let whole = try CLI.weft(["verify", path("shared")])
        #expect(whole.status == 0, "\(whole)")
        #expect(whole.stdout.contains("frames 0..5 (6), 24x8, all 2 shards finished"), "\(whole)")

        try FileManager.default.removeItem(atPath: path("shared/f03.png"))
        let missing = try CLI.weft(["verify", path("shared")])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("frame 3: f03.png: missing"), "\(missing)")

        try FileManager.default.removeItem(atPath: path("shared/weft-shard-0-of-2.json"))
        let noShard = try CLI.weft(["verify", path("shared")])
        #expect(noShard.stderr.contains("shard 0 of 2: no manifest"), "\(noShard)")

        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: path("shared/f01.png")))
        #expect(try CLI.weft(["verify", path("shared")]).stderr.contains("frame 1: f01.png: not a PNG"))
    }
}

extension CLI {
    /// Runs `command` with `/bin/sh -c` (after `wrappedIn`, e.g. `unshare -rm`), with the tests' SPIR-V cache.
    static func shell(_ command: String, wrappedIn wrapper: [String] = []) throws -> Run {
        let process = Process()
        let line = wrapper + ["/bin/sh", "-c", command]
        process.executableURL = URL(fileURLWithPath: line[0])
        process.arguments = Array(line.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (stdout, stderr) = outputs(of: process, out, err)
        return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
}
