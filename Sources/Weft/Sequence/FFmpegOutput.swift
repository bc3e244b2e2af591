import Foundation
import Glibc
import WeftPlanner

/// `-o out.mp4|.webm|.mov|.gif`: an `ffmpeg` reads the frames on its standard input and writes the file. Frames in a
/// pixel format the device writes (`YUVPlanes`) cross the pipe as YUV planes converted on the device; the rest as
/// straight-alpha RGBA that ffmpeg converts (`conversionFilter`). Each container has defaults that keep alpha where its
/// codec can (VP9 in WebM, ProRes 4444 in MOV); `codec`, `quality`, `preset`, `lossless` and `pixelFormat` replace them,
/// each checked against what the codec takes before the first frame renders. A GIF gets one palette made from all its
/// frames (palettegen, paletteuse with Sierra-2-4A dithering).
public struct FFmpegOutput: Sendable {
    public enum Container: String, CaseIterable, Sendable {
        case mp4, webm, mov, gif
    }

    public var path: String
    public var container: Container
    public var codec: String?
    /// Constant quality on the codec's own scale (`qualityScales`), lower is better: the constant rate factor of x264,
    /// x265, VP9 and SVT-AV1, ProRes's fixed quantiser.
    public var quality: Int?
    /// The encoder's speed preset: x264's and x265's names, VP9's deadline (`realtime`, `good`), SVT-AV1's 0–13.
    public var preset: String?
    /// Encode without loss where the codec can (x264, x265, VP9).
    public var lossless = false
    public var pixelFormat: String?
    /// The ffmpeg that encodes; empty until `SequenceRequest.preparingOutputs()` finds it on PATH.
    public var executable: String

    public init(path: String, container: Container, codec: String? = nil, quality: Int? = nil, preset: String? = nil,
                lossless: Bool = false, pixelFormat: String? = nil, executable: String = "") {
        self.path = path
        self.container = container
        self.codec = codec
        self.quality = quality
        self.preset = preset
        self.lossless = lossless
        self.pixelFormat = pixelFormat
        self.executable = executable
    }

    public static let extensions = Container.allCases.map { "." + $0.rawValue }

    /// The container `path` names by its extension, or nil.
    public static func container(of path: String) -> Container? {
        Container(rawValue: (path as NSString).pathExtension.lowercased())
    }

    /// The `ffmpeg` on PATH, or why there is none.
    static func findExecutable() throws(SequenceError) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/ffmpeg", X_OK) == 0 {
            return "\(folder)/ffmpeg"
        }
        throw .ffmpegMissing
    }

    /// Refuses, before anything renders, a codec `executable` lacks and options the codec does not take.
    func checked(encoders: Set<String>?) throws(SequenceError) {
        let codec = effectiveCodec
        if let encoders, !encoders.contains(codec) {
            let alternatives = Self.codecs(for: container).filter { encoders.contains($0) }
            throw .encoderMissing(codec: codec, alternatives: alternatives)
        }
        if let preset, !(Self.presets[codec]?.contains(preset) ?? false) {
            throw .presetUnsupported(codec: codec, presets: Self.presets[codec] ?? [])
        }
        if lossless && !Self.losslessCodecs.contains(codec) { throw .losslessUnsupported(codec: codec) }
        if let quality {
            if lossless { throw .qualityWithLossless }
            guard let scale = Self.qualityScales[codec] else { throw .qualityUnsupported(codec: codec) }
            guard scale.range.contains(quality) else { throw .qualityOutOfRange(codec: codec, quality: quality, range: scale.range) }
        }
    }

    /// Beside the output, with its extension, so ffmpeg picks the container by name.
    var temporaryPath: String {
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent + ".weft-\(getpid())-tmp." + container.rawValue
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The pixel format the video is encoded in: `pixelFormat`, or the container's default.
    public var effectivePixelFormat: String { pixelFormat ?? defaults.pixelFormat }

    /// The YUV planes the device writes for this video (frames of `sixteenBit` false), or nil when ffmpeg reads RGBA.
    public var devicePlanes: YUVPlanes? { container == .gif ? nil : YUVPlanes(rawValue: effectivePixelFormat) }

    /// ffmpeg's command line for frames of `width × height` pixels arriving as `planes` (nil: RGBA rows, 16-bit with
    /// `sixteenBit`).
    func arguments(width: Int, height: Int, fps: Double, planes: YUVPlanes?, sixteenBit: Bool, writingTo output: String) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo"]
        if let planes {
            let padded = planes.paddedSize(width: width, height: height)
            arguments += ["-pix_fmt", planes.rawValue, "-s", "\(padded.width)x\(padded.height)"] + Self.colorTags
        } else {
            arguments += ["-pix_fmt", sixteenBit ? "rgba64be" : "rgba", "-s", "\(width)x\(height)"]
        }
        arguments += ["-framerate", String(fps), "-i", "-"]
        guard container != .gif else {
            return arguments + ["-filter_complex", "[0:v]split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=alpha_threshold=128:dither=sierra2_4a",
                                "-loop", "0", output]
        }
        let codec = effectiveCodec, format = effectivePixelFormat
        arguments += ["-c:v", codec, "-pix_fmt", format]
        if planes == nil { arguments += ["-vf", Self.conversionFilter(to: format)] }
        arguments += Self.colorTags
        // Chroma on the left column of each pair (the device's kernel, and ffmpeg's conversion), as H.264 has it when a
        // stream does not say.
        if format.contains("420") || format.contains("422") { arguments += ["-chroma_sample_location", "left"] }
        // The constant rate factor of x264, x265, VP9 and SVT-AV1, each of which has a default (`qualityScales`).
        func crf() -> [String] { ["-crf", String(quality ?? Self.qualityScales[codec]!.default!)] }
        switch codec {
        case "libx264", "libx264rgb":
            arguments += lossless ? ["-qp", "0"] : crf()
            if let preset { arguments += ["-preset", preset] }
        case "libx265":
            arguments += lossless ? ["-x265-params", "lossless=1"] : crf()
            if let preset { arguments += ["-preset", preset] }
        case "libvpx-vp9":
            // Rows of tiles on every core (ffmpeg gives libvpx a thread per core, and libvpx as many tile columns as the
            // width holds); `good` at speed 4 unless `realtime`: speed 5, its fastest on paper, used less CPU but
            // fewer cores at once and took longer on a 16-core host (docs/benchmarks.md).
            arguments += lossless ? ["-lossless", "1"] : crf() + ["-b:v", "0"]
            arguments += ["-row-mt", "1", "-deadline", preset ?? "good", "-cpu-used", preset == "realtime" ? "8" : "4"]
        case "libsvtav1":
            arguments += crf() + ["-preset", preset ?? "8"]
        case "prores_ks":
            arguments += ["-profile:v", format.hasPrefix("yuva444") || format.hasPrefix("yuv444") ? "4444" : "hq"]
            if let quality { arguments += ["-qscale:v", String(quality)] }
        default:
            break
        }
        if container == .mp4 { arguments += ["-movflags", "+faststart"] }
        return arguments + [output]
    }

    /// ffmpeg's filter that converts RGBA frames to the YUV pixel format `format` as the device's kernel `weft.yuv` does:
    /// BT.709, limited range, chroma that halves the columns sited on the left column of each pair (and in 4:2:0 between
    /// the rows) by the area filter, after a transparent column or row more where chroma halves an odd side. The frames
    /// then say BT.709 themselves, as the device's planes do, for encoders (ProRes) that tag the stream from its frames.
    public static func conversionFilter(to format: String) -> String {
        let columns = format.contains("420") || format.contains("422"), rows = format.contains("420")
        let pad = "pad=\(columns ? "ceil(iw/2)*2" : "iw"):\(rows ? "ceil(ih/2)*2" : "ih"):color=black@0,"
        let siting = columns ? ":flags=area:out_h_chr_pos=0:out_v_chr_pos=\(rows ? 128 : 0)" : ""
        return (columns ? pad : "") + "scale=out_color_matrix=bt709:out_range=tv" + siting
            + ",setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"
    }

    /// The colors Weft writes: BT.709 primaries, matrix and transfer, limited range, so players show what PNGs show.
    static let colorTags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    /// The codec ffmpeg encodes with: `codec`, or the container's default.
    public var effectiveCodec: String { codec ?? defaults.codec }

    /// The speed presets each codec takes.
    public static let presets: [String: [String]] = {
        let x26x = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        return ["libx264": x26x, "libx264rgb": x26x, "libx265": x26x, "libvpx-vp9": ["realtime", "good"],
                "libsvtav1": (0...13).map(String.init)]
    }()

    /// A codec's quality scale: the values `quality` takes (lower is better) and the one used when none is given (nil:
    /// the codec's own rate control).
    public struct QualityScale: Sendable {
        public let range: ClosedRange<Int>
        public let `default`: Int?
    }

    /// The codecs `quality` is for: x264's and x265's CRF 0–51, VP9's and SVT-AV1's 0–63, and ProRes's fixed
    /// quantiser 1–64 (`-qscale:v`; without one, the profile's own bit rate).
    public static let qualityScales: [String: QualityScale] = [
        "libx264": QualityScale(range: 0...51, default: 18), "libx264rgb": QualityScale(range: 0...51, default: 18),
        "libx265": QualityScale(range: 0...51, default: 20), "libvpx-vp9": QualityScale(range: 0...63, default: 32),
        "libsvtav1": QualityScale(range: 0...63, default: 35), "prores_ks": QualityScale(range: 1...64, default: nil),
    ]

    /// Codecs `lossless` encodes without loss.
    public static let losslessCodecs: Set<String> = ["libx264", "libx264rgb", "libx265", "libvpx-vp9"]

    /// The codecs Weft sets up for `container`, its default first.
    static func codecs(for container: Container) -> [String] {
        switch container {
        case .mp4: ["libx264", "libx265", "libsvtav1"]
        case .webm: ["libvpx-vp9", "libsvtav1"]
        case .mov: ["prores_ks", "libx264", "libx265"]
        case .gif: ["gif"]
        }
    }

    /// Codec and pixel format of each container when not given.
    private var defaults: (codec: String, pixelFormat: String) {
        switch container {
        case .mp4: ("libx264", "yuv420p")
        case .webm: ("libvpx-vp9", "yuva420p")
        case .mov: ("prores_ks", "yuva444p10le")
        case .gif: ("gif", "pal8")
        }
    }
}
