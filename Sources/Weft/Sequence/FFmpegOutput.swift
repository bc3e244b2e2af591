import Foundation
import Glibc
import WeftPlanner

/// `-o out.mp4|.webm|.mov|.gif`: an `ffmpeg` reads the frames on its standard input and writes the file. Frames in a
/// 4:2:0 8-bit format (`YUVPlanes`) cross the pipe as YUV planes converted on the device; the rest as straight-alpha
/// RGBA that ffmpeg converts (BT.709, limited range). Each container has defaults that keep alpha where its codec can
/// (VP9 in WebM, ProRes 4444 in MOV); `codec`, `crf`, `preset`, `lossless` and `pixelFormat` replace them, each
/// checked against what the codec takes before the first frame renders. A GIF gets one palette made from all its
/// frames (palettegen, paletteuse with Sierra-2-4A dithering).
public struct FFmpegOutput: Sendable {
    public enum Container: String, CaseIterable, Sendable {
        case mp4, webm, mov, gif
    }

    public var path: String
    public var container: Container
    public var codec: String?
    /// Constant rate factor: lower is better (x264, x265, VP9 and SVT-AV1 each read it on their own scale).
    public var crf: Int?
    /// The encoder's speed preset: x264's and x265's names, VP9's deadline (`realtime`, `good`), SVT-AV1's 0–13.
    public var preset: String?
    /// Encode without loss where the codec can (x264, x265, VP9).
    public var lossless = false
    public var pixelFormat: String?
    /// The ffmpeg that encodes; empty until `SequenceRequest.preparingOutputs()` finds it on PATH.
    public var executable: String

    public init(path: String, container: Container, codec: String? = nil, crf: Int? = nil, preset: String? = nil,
                lossless: Bool = false, pixelFormat: String? = nil, executable: String = "") {
        self.path = path
        self.container = container
        self.codec = codec
        self.crf = crf
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

    /// The encoders `executable` has (`ffmpeg -encoders`), or nil when it cannot say.
    static func encoders(of executable: String) -> Set<String>? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-hide_banner", "-encoders"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        // " V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC": flags, then the name.
        let names = text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, fields[0].count == 6, fields[0].first == "V" else { return nil }
            return String(fields[1])
        }
        return Set(names)
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
            let even = YUVPlanes.evenSize(width: width, height: height)
            arguments += ["-pix_fmt", planes.rawValue, "-s", "\(even.width)x\(even.height)"] + Self.colorTags
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
        if planes == nil {
            // ffmpeg converts: BT.709 and limited range, as the tags say, and 4:2:0 chroma needs even sides (one
            // transparent row or column more).
            let pad = format.contains("420") && (width % 2 == 1 || height % 2 == 1) ? "pad=ceil(iw/2)*2:ceil(ih/2)*2," : ""
            arguments += ["-vf", pad + "scale=out_color_matrix=bt709:out_range=tv"]
        }
        arguments += Self.colorTags
        // Each 4:2:0 chroma sample is the mean of its 2 × 2 block (the device's kernel, and ffmpeg's conversion), centred.
        if format.contains("420") { arguments += ["-chroma_sample_location", "center"] }
        switch codec {
        case "libx264", "libx264rgb":
            arguments += lossless ? ["-qp", "0"] : ["-crf", String(crf ?? 18)]
            if let preset { arguments += ["-preset", preset] }
        case "libx265":
            arguments += lossless ? ["-x265-params", "lossless=1"] : ["-crf", String(crf ?? 20)]
            if let preset { arguments += ["-preset", preset] }
        case "libvpx-vp9":
            // Rows of tiles on every core; `good` at speed 4 unless `realtime` is asked for.
            arguments += lossless ? ["-lossless", "1"] : ["-crf", String(crf ?? 32), "-b:v", "0"]
            arguments += ["-row-mt", "1", "-deadline", preset ?? "good", "-cpu-used", preset == "realtime" ? "8" : "4"]
        case "libsvtav1":
            arguments += ["-crf", String(crf ?? 35), "-preset", preset ?? "8"]
        case "prores_ks":
            arguments += ["-profile:v", format.hasPrefix("yuva444") || format.hasPrefix("yuv444") ? "4444" : "hq"]
        default:
            if let crf { arguments += ["-crf", String(crf)] }
        }
        if container == .mp4 { arguments += ["-movflags", "+faststart"] }
        return arguments + [output]
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
