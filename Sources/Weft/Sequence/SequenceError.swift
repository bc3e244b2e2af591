/// Why a sequence cannot be rendered as asked; thrown before any frame renders.
public enum SequenceError: Error, Sendable, Equatable, CustomStringConvertible {
    case frames(ClosedRange<Int>)
    case fps(Double)
    case shard((index: Int, count: Int))
    /// PNG files need the frame number in their name.
    case noFrameNumber(output: String)
    case shardNeedsFiles
    case apngNeedsWholeSequence
    case apngPath(String)
    /// `--encoder-preset` for a codec that has none.
    case presetUnsupported(codec: String)
    case ffmpegMissing
    case output(OutputFolder.Failure)

    public var description: String {
        switch self {
        case .frames(let frames):
            "frames \(frames.lowerBound)...\(frames.upperBound): expected whole numbers from 0 to \(UInt32.max)"
        case .fps(let fps): "\(fps) frames a second: expected a positive number"
        case .shard(let shard): "shard \(shard.index)/\(shard.count): expected I/N with 0 ≤ I < N"
        case .noFrameNumber:
            "a sequence needs one %d or %0Nd in the file name, e.g. out/frame%04d.png, or a stream: "
                + (FFmpegOutput.extensions + [".rgba", "/dev/null"]).joined(separator: ", ")
        case .shardNeedsFiles: "a shard writes frame files that a later step joins; write to out/frame%04d.png"
        case .apngNeedsWholeSequence: "an animated PNG needs the whole sequence; it cannot be combined with a shard"
        case .apngPath(let path): "\(path): give the animated PNG file to write"
        case .presetUnsupported(let codec): "an encoder preset is for libx264 and libx265 (this video is encoded with \(codec))"
        case .ffmpegMissing: "video and GIF outputs need ffmpeg, which is not installed: run `sudo apt-get install ffmpeg` (or `make deps`)"
        case .output(let failure): failure.description
        }
    }

    public static func == (a: SequenceError, b: SequenceError) -> Bool { a.description == b.description }
}
