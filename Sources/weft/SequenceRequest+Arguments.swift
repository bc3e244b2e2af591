import Weft

/// `weft render --frames A..B …`: the sequence a command line asks for.
extension SequenceRequest {
    static let options: [OptionSpec] = [
        .value("frames", "A..B|all", help: "Render frames A to B (inclusive) as a sequence, or all of a scene's from its start to its end (its duration × fps frames); -o holds %04d for the frame number."),
        .value("fps", "F", help: "Frames per second of the sequence: frame N is at N/F seconds (default 30)."),
        .value("shard", "I/N", help: "Render only every N-th frame of the sequence, from its I-th (0 ≤ I < N)."),
        .value("apng", "FILE.png", help: "Also write the sequence as one animated PNG."),
        .value("codec", "NAME", help: "ffmpeg's video codec for -o .mp4/.webm/.mov: libx264, libx265, libsvtav1, libvpx-vp9, prores_ks (default libx264, libvpx-vp9, prores_ks)."),
        .value("quality", "N", help: "Constant quality on the codec's scale, lower is better: CRF 0–51 for libx264 and libx265 (default 18, 20), 0–63 for VP9 and SVT-AV1 (default 32, 35), ProRes's quantiser 1–64 (default: the profile's bit rate)."),
        .flag("lossless", help: "Encode without loss (libx264, libx265, libvpx-vp9): the frames' YUV planes exactly."),
        .value("encoder-preset", "NAME", help: "The encoder's speed preset: ultrafast … veryslow for libx264 and libx265 (default medium), realtime or good for VP9 (default good), 0–13 for SVT-AV1 (default 8)."),
        .value("pix-fmt", "NAME", help: "ffmpeg's pixel format of the video (default yuv420p, yuva420p, yuva444p10le: alpha kept in WebM and MOV); yuv420p, yuva420p, yuv420p10le, yuv422p10le and yuva444p10le are converted on a GPU."),
    ]

    /// The options that only a video output takes.
    private static let videoOptions = ["codec", "quality", "encoder-preset", "pix-fmt", "lossless"]

    /// nil when the command line has no `--frames` (and none of the flags that need it). `duration` tells how long the
    /// scene plays, for `--frames all`.
    init?(_ arguments: ParsedArguments, outputPath: String, duration: () throws(UsageError) -> Double) throws(UsageError) {
        guard let text = arguments.value("frames") else {
            for option in ["fps", "shard", "apng"] + Self.videoOptions where arguments.value(option) != nil || arguments.has(option) {
                throw UsageError(message: "--\(option) belongs to a sequence; give --frames A..B")
            }
            return nil
        }
        var fps = 30.0
        if let f = arguments.value("fps") {
            guard let value = Double(f), value.isFinite, value > 0 else { throw .invalidValue("fps", f, "expected a positive number") }
            fps = value
        }
        let frames: ClosedRange<Int>
        if text == "all" {
            let seconds = try duration()
            do { frames = try Self.frames(lasting: seconds, fps: fps) } catch { throw .invalidValue("frames", text, error.description) }
        } else {
            let bounds = text.components(separatedBy: "..")
            guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, first <= last,
                  last <= Int(UInt32.max) else {
                throw .invalidValue("frames", text, "expected A..B, whole numbers with 0 ≤ A ≤ B, or all")
            }
            frames = first...last
        }
        var shard: (index: Int, count: Int)?
        if let s = arguments.value("shard") {
            let parts = s.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let i = parts[0], let n = parts[1], n > 0, (0..<n).contains(i) else {
                throw .invalidValue("shard", s, "expected I/N with 0 ≤ I < N")
            }
            shard = (i, n)
        }
        for option in ["time", "frame"] where arguments.value(option) != nil {
            throw UsageError(message: "--\(option) is for one frame; a sequence gives frame N the time N/fps and $frame N")
        }
        var video: FFmpegOutput?
        if let container = FFmpegOutput.container(of: outputPath) {
            var quality: Int?
            if let text = arguments.value("quality") {
                guard let value = Int(text) else { throw .invalidValue("quality", text, "expected a whole number on the codec's scale") }
                quality = value
            }
            video = FFmpegOutput(path: outputPath, container: container, codec: arguments.value("codec"), quality: quality,
                                 preset: arguments.value("encoder-preset"), lossless: arguments.has("lossless"),
                                 pixelFormat: arguments.value("pix-fmt"))
        } else {
            for option in Self.videoOptions where arguments.value(option) != nil || arguments.has(option) {
                throw UsageError(message: "--\(option) belongs to a video output (-o out.mp4, .webm, .mov)")
            }
        }
        do {
            try self.init(frames: frames, fps: fps, to: outputPath, video: video, shard: shard, apng: arguments.value("apng"))
        } catch {
            throw Self.usageError(error, output: outputPath, video: video)
        }
    }

    /// A sequence's refusal in the command line's words: a value that cannot be used, or a command line of the wrong shape.
    private static func usageError(_ error: SequenceError, output: String, video: FFmpegOutput?) -> UsageError {
        switch error {
        case .noFrameNumber: .invalidValue("output", output, error.description)
        case .apngPath(let path): .invalidValue("apng", path, "give the file to write")
        case .shardNeedsFiles: UsageError(message: "--shard writes frame files that a later step joins; give -o out/frame%04d.png")
        case .apngNeedsWholeSequence: UsageError(message: "--apng needs the whole sequence; it cannot be combined with --shard")
        case .presetUnsupported(_, let presets) where presets.isEmpty: UsageError(message: "--encoder-preset: \(error)")
        case .presetUnsupported: .invalidValue("encoder-preset", video?.preset ?? "", error.description)
        case .losslessUnsupported: UsageError(message: "--lossless: \(error)")
        case .qualityOutOfRange: .invalidValue("quality", String(video?.quality ?? 0), error.description)
        case .qualityUnsupported: UsageError(message: "--quality: \(error)")
        case .qualityWithLossless: UsageError(message: "--quality and --lossless are two qualities; give one")
        default: UsageError(message: error.description, isInvalidValue: true)
        }
    }
}
