/// Why a sequence cannot be rendered as asked; thrown before any frame renders.
public enum SequenceError: Error, Sendable, Equatable, CustomStringConvertible {
    case frames(ClosedRange<Int>)
    case fps(Double)
    /// All frames of a scene that does not play (a still scene, or one that repeats forever without a `"duration"`).
    case noDuration(Double)
    case shard((index: Int, count: Int))
    /// PNG files need the frame number in their name.
    case noFrameNumber(output: String)
    case shardNeedsFiles
    case apngNeedsWholeSequence
    case apngPath(String)
    /// A speed preset the codec does not take (`presets`: those it takes; none for a codec without presets).
    case presetUnsupported(codec: String, presets: [String])
    /// Lossless encoding asked of a codec that has none.
    case losslessUnsupported(codec: String)
    /// A quality asked of a codec without a quality scale (`FFmpegOutput.qualityScales`).
    case qualityUnsupported(codec: String)
    /// A quality outside the codec's scale.
    case qualityOutOfRange(codec: String, quality: Int, range: ClosedRange<Int>)
    /// A quality and lossless encoding asked at once.
    case qualityWithLossless
    case ffmpegMissing
    /// The installed ffmpeg has no encoder `codec`; `alternatives` are the container's codecs it has.
    case encoderMissing(codec: String, alternatives: [String])
    case output(OutputFolder.Failure)
    /// A device of a render that opens its devices as it starts (`SequenceRender(starting:sequence:)`) could not be
    /// chosen or opened.
    case device(DeviceChoiceError)

    public var description: String {
        switch self {
        case .frames(let frames):
            "frames \(frames.lowerBound)...\(frames.upperBound): expected whole numbers from 0 to \(UInt32.max)"
        case .fps(let fps): "\(fps) frames a second: expected a positive number"
        case .noDuration(let duration):
            "the scene plays for \(duration) s, so it has no frames of its own: give it a \"duration\" (an animation that repeats forever needs one), or name the frames"
        case .shard(let shard): "shard \(shard.index)/\(shard.count): expected I/N with 0 ≤ I < N"
        case .noFrameNumber:
            "a sequence needs one %d or %0Nd in the file name, e.g. out/frame%04d.png, or a stream: "
                + (FFmpegOutput.extensions + [".rgba", "/dev/null"]).joined(separator: ", ")
        case .shardNeedsFiles: "a shard writes frame files that a later step joins; write to out/frame%04d.png"
        case .apngNeedsWholeSequence: "an animated PNG needs the whole sequence; it cannot be combined with a shard"
        case .apngPath(let path): "\(path): give the animated PNG file to write"
        case .presetUnsupported(let codec, let presets) where presets.isEmpty:
            "\(codec) has no speed presets; presets are for \(FFmpegOutput.presets.keys.sorted().joined(separator: ", "))"
        case .presetUnsupported(let codec, let presets): "\(codec) takes the presets \(presets.joined(separator: ", "))"
        case .losslessUnsupported(let codec):
            "\(codec) has no lossless mode; lossless is for \(FFmpegOutput.losslessCodecs.sorted().joined(separator: ", "))"
        case .qualityUnsupported(let codec):
            "\(codec) has no quality scale; quality is for \(FFmpegOutput.qualityScales.keys.sorted().joined(separator: ", "))"
        case .qualityOutOfRange(let codec, _, let range): "\(codec) takes a quality from \(range.lowerBound) (best) to \(range.upperBound)"
        case .qualityWithLossless: "a quality and lossless are two qualities; give one"
        case .encoderMissing(let codec, let alternatives):
            "the installed ffmpeg has no encoder \(codec)"
                + (alternatives.isEmpty ? "; install an ffmpeg built with it" : "; it has \(alternatives.joined(separator: ", ")) (choose one with --codec)")
        case .ffmpegMissing: "video and GIF outputs need ffmpeg, which is not installed: run `sudo apt-get install ffmpeg` (or `make deps`)"
        case .output(let failure): failure.description
        case .device(let error): error.description
        }
    }

    public static func == (a: SequenceError, b: SequenceError) -> Bool { a.description == b.description }
}
