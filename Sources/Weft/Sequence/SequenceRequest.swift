import Foundation

/// A sequence to render: which frames, at what rate, which shard of them, and where each goes. Found whole before
/// anything renders.
public struct SequenceRequest: Sendable {
    /// Every frame of the sequence, first to last.
    public var frames: ClosedRange<Int>
    public var fps: Double
    /// This run renders the frames whose offset from the first is `shard.index` modulo `shard.count`.
    public var shard: (index: Int, count: Int)
    /// Whether the sequence is sharded: the shard then leaves a manifest beside its frames (`ShardManifest`).
    public var sharded = false
    /// The output path: PNG files with one `%d` or `%0Nd` for the frame number, or one stream (`destination`).
    public var pattern: String
    /// Also write the frames as one animated PNG here.
    public var apngPath: String?
    public var destination: Destination

    /// Where the frames go, by the output's name.
    public enum Destination: Sendable {
        /// One PNG file per frame, and a shard manifest beside them when sharded.
        case files
        /// A raw `.rgba` stream, or `/dev/null`.
        case raw
        /// A video or GIF through ffmpeg.
        case video(FFmpegOutput)
    }

    /// Frames `frames` at `fps` to `output` (`destination(of:)` says what its name means; `video` sets a video's
    /// encoder). `shard` (I, N) renders every N-th frame from the I-th; `apng` also writes one animated PNG.
    public init(frames: ClosedRange<Int>, fps: Double = 30, to output: String, video: FFmpegOutput? = nil,
                shard: (index: Int, count: Int)? = nil, apng: String? = nil) throws(SequenceError) {
        guard frames.lowerBound >= 0, frames.upperBound <= Int(UInt32.max) else { throw .frames(frames) }
        guard fps.isFinite, fps > 0 else { throw .fps(fps) }
        self.frames = frames
        self.fps = fps
        self.shard = shard ?? (0, 1)
        sharded = shard != nil
        guard self.shard.count > 0, (0..<self.shard.count).contains(self.shard.index) else { throw .shard(self.shard) }
        pattern = output
        destination = try Self.destination(of: output, video: video)
        if case .files = destination {} else if self.shard.count > 1 && output != "/dev/null" { throw .shardNeedsFiles }
        apngPath = apng
        if let apng {
            guard self.shard.count == 1 else { throw .apngNeedsWholeSequence }
            guard !apng.isEmpty, !apng.hasSuffix("/") else { throw .apngPath(apng) }
        }
    }

    /// What an output's name asks for: a video by its container's extension (encoded as `video` says, else by the
    /// container's defaults), raw frames for `.rgba` or `/dev/null`, else PNG files named by one `%d` or `%0Nd`.
    public static func destination(of output: String, video: FFmpegOutput? = nil) throws(SequenceError) -> Destination {
        if let container = FFmpegOutput.container(of: output) {
            var settings = video ?? FFmpegOutput(path: output, container: container)
            settings.path = output
            settings.container = container
            try settings.checked(encoders: nil)
            return .video(settings)
        }
        if output.lowercased().hasSuffix(".rgba") || output == "/dev/null" { return .raw }
        guard fill(output, with: 0) != nil else { throw .noFrameNumber(output: output) }
        return .files
    }

    /// Every frame of something that plays for `duration` seconds at `fps`: 0 to ⌈duration × fps⌉ − 1, so the video lasts
    /// the duration and a loop's last frame is not its first again.
    public static func frames(lasting duration: Double, fps: Double) throws(SequenceError) -> ClosedRange<Int> {
        guard duration.isFinite, duration > 0 else { throw .noDuration(duration) }
        guard fps.isFinite, fps > 0 else { throw .fps(fps) }
        // A product a rounding error above a whole number (0.7 × 30 = 21.000000000000004) is that number.
        let count = Int((duration * fps * (1 - 1e-12)).rounded(.up))
        guard count <= Int(UInt32.max) else { throw .frames(0...count) }
        return 0...max(count - 1, 0)
    }

    /// The frames this shard renders, in order.
    public var shardFrames: [Int] {
        frames.filter { ($0 - frames.lowerBound) % shard.count == shard.index }
    }

    /// Frame `n`'s time in seconds, as the single-frame `--time` would read it: `Float(n / fps)`.
    public func time(ofFrame n: Int) -> Double { Double(n) / fps }

    /// The output file of frame `n` (a file sequence).
    public func path(ofFrame n: Int) -> String { Self.fill(pattern, with: n) ?? pattern }

    /// Makes the output's folders, and for a video finds ffmpeg and asks it once for its encoders; throws before any
    /// frame renders when the output can never be written.
    public func preparingOutputs() throws(SequenceError) -> SequenceRequest {
        var prepared = self
        do {
            if pattern != "/dev/null" { try OutputFolder.prepare(for: pattern) }
            if let apngPath { try OutputFolder.prepare(for: apngPath) }
        } catch {
            throw .output(error)
        }
        if case .video(var video) = destination, video.executable.isEmpty {
            video.executable = try FFmpegOutput.findExecutable()
            try video.checked(encoders: FFmpegEncoderList.encoders(of: video.executable))
            prepared.destination = .video(video)
        }
        return prepared
    }

    /// `pattern` with its single `%d` / `%0Nd` replaced by `n`; nil when it has none, more than
    /// one, or another `%` directive (`%%` is a percent sign).
    public static func fill(_ pattern: String, with n: Int) -> String? {
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
