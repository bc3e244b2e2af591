/// What `weft render --frames A..B` asks for: which frames, at what rate, which shard of them,
/// and where each goes. Found whole before anything renders.
struct SequenceRequest {
    /// Every frame of the sequence, first to last.
    var frames: ClosedRange<Int>
    var fps: Double
    /// `--shard I/N`: this run renders the frames whose offset from the first is I modulo N.
    var shard: (index: Int, count: Int)
    /// Whether `--shard` was given: the shard then leaves a manifest beside its frames (`ShardManifest`).
    var sharded = false
    /// The output path: PNG files with one `%d` or `%0Nd` for the frame number, or one stream (`destination`).
    var pattern: String
    var apngPath: String?
    var destination: Destination

    /// Where the frames go, by the output's name.
    enum Destination {
        /// One PNG file per frame, and a shard manifest beside them.
        case files
        /// A raw `.rgba` stream, or `/dev/null`.
        case raw
        /// A video or GIF through ffmpeg.
        case video(FFmpegOutput)
    }

    static let options: [OptionSpec] = [
        .value("frames", "A..B", help: "Render frames A to B (inclusive) as a sequence; -o holds %04d for the frame number."),
        .value("fps", "F", help: "Frames per second of the sequence: frame N is at N/F seconds (default 30)."),
        .value("shard", "I/N", help: "Render only every N-th frame of the sequence, from its I-th (0 ≤ I < N)."),
        .value("apng", "FILE.png", help: "Also write the sequence as one animated PNG."),
        .value("codec", "NAME", help: "ffmpeg's video codec for -o .mp4/.webm/.mov (default libx264, libvpx-vp9, prores_ks)."),
        .value("crf", "N", help: "Constant rate factor for -o .mp4/.webm (default 18, 32; lower is better)."),
        .value("encoder-preset", "NAME", help: "The encoder's speed preset for -o .mp4/.mov with libx264 or libx265 (ultrafast … veryslow; default the encoder's own, medium)."),
        .value("pix-fmt", "NAME", help: "ffmpeg's pixel format of the video (default yuv420p, yuva420p, yuva444p10le: alpha kept in WebM and MOV)."),
    ]

    /// The frames this shard renders, in order.
    var shardFrames: [Int] {
        frames.filter { ($0 - frames.lowerBound) % shard.count == shard.index }
    }

    /// Frame `n`'s time in seconds, as the single-frame `--time` would read it: `Float(n / fps)`.
    func time(ofFrame n: Int) -> Double { Double(n) / fps }

    /// The output file of frame `n` (a file sequence).
    func path(ofFrame n: Int) -> String { Self.fill(pattern, with: n) ?? pattern }

    /// nil when the command line has no `--frames` (and none of the flags that need it).
    init?(_ arguments: ParsedArguments, outputPath: String) throws(UsageError) {
        guard let text = arguments.value("frames") else {
            for option in ["fps", "shard", "apng", "codec", "crf", "encoder-preset", "pix-fmt"] where arguments.value(option) != nil {
                throw UsageError(message: "--\(option) belongs to a sequence; give --frames A..B")
            }
            return nil
        }
        let bounds = text.components(separatedBy: "..")
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, first <= last,
              last <= Int(UInt32.max) else {
            throw .invalidValue("frames", text, "expected A..B, whole numbers with 0 ≤ A ≤ B")
        }
        frames = first...last
        fps = 30
        if let f = arguments.value("fps") {
            guard let value = Double(f), value.isFinite, value > 0 else { throw .invalidValue("fps", f, "expected a positive number") }
            fps = value
        }
        shard = (0, 1)
        if let s = arguments.value("shard") {
            let parts = s.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let i = parts[0], let n = parts[1], n > 0, (0..<n).contains(i) else {
                throw .invalidValue("shard", s, "expected I/N with 0 ≤ I < N")
            }
            shard = (i, n)
            sharded = true
        }
        for option in ["time", "frame"] where arguments.value(option) != nil {
            throw UsageError(message: "--\(option) is for one frame; a sequence gives frame N the time N/fps and $frame N")
        }
        let lowered = outputPath.lowercased()
        if let container = FFmpegOutput.container(of: outputPath) {
            var crf: Int?
            if let text = arguments.value("crf") {
                guard let value = Int(text), (0...63).contains(value) else { throw .invalidValue("crf", text, "expected a whole number from 0 to 63") }
                crf = value
            }
            let video = FFmpegOutput(path: outputPath, container: container, codec: arguments.value("codec"), crf: crf,
                                     preset: arguments.value("encoder-preset"), pixelFormat: arguments.value("pix-fmt"), executable: "")
            if video.preset != nil, !FFmpegOutput.presetCodecs.contains(video.effectiveCodec) {
                throw UsageError(message: "--encoder-preset is for libx264 and libx265 (this video is encoded with \(video.effectiveCodec))")
            }
            destination = .video(video)
        } else if lowered.hasSuffix(".rgba") || outputPath == "/dev/null" {
            destination = .raw
        } else {
            guard Self.fill(outputPath, with: 0) != nil else {
                throw .invalidValue("output", outputPath, "a sequence needs one %d or %0Nd in the file name, e.g. out/frame%04d.png, or a stream: "
                                    + (FFmpegOutput.extensions + [".rgba", "/dev/null"]).joined(separator: ", "))
            }
            destination = .files
        }
        if case .video = destination {} else {
            for option in ["codec", "crf", "encoder-preset", "pix-fmt"] where arguments.value(option) != nil {
                throw UsageError(message: "--\(option) belongs to a video output (-o out.mp4, .webm, .mov)")
            }
        }
        if case .files = destination {} else if shard.count > 1 && outputPath != "/dev/null" {
            throw UsageError(message: "--shard writes frame files that a later step joins; give -o out/frame%04d.png")
        }
        pattern = outputPath
        apngPath = arguments.value("apng")
        if let apngPath {
            guard shard.count == 1 else { throw UsageError(message: "--apng needs the whole sequence; it cannot be combined with --shard") }
            guard !apngPath.isEmpty, !apngPath.hasSuffix("/") else { throw .invalidValue("apng", apngPath, "give the file to write") }
        }
    }

    /// `pattern` with its single `%d` / `%0Nd` replaced by `n`; nil when it has none, more than
    /// one, or another `%` directive (`%%` is a percent sign).
    static func fill(_ pattern: String, with n: Int) -> String? {
        var result = ""
        var placeholders = 0
        var chars = pattern[...]
        while let c = chars.popFirst() {
            guard c == "%" else { result.append(c); continue }
            if chars.first == "%" { chars.removeFirst(); result.append("%"); continue }
            let width = chars.prefix { $0.isASCII && $0.isNumber }
            chars = chars.dropFirst(width.count)
            guard chars.popFirst() == "d", width.count <= 2, width.isEmpty || width.first == "0" else { return nil }
            placeholders += 1
            let digits = String(n)
            let pad = width.first == "0" ? Int(width) ?? 0 : 0
            result += String(repeating: "0", count: max(pad - digits.count, 0)) + digits
        }
        return placeholders == 1 ? result : nil
    }
}
