import Foundation
import Glibc

/// `-o out.mp4|.webm|.mov|.gif`: Debian's `ffmpeg` reads the frames as raw RGBA on its standard input and writes the
/// file. Each container has defaults that keep alpha where its codec can (VP9 in WebM, ProRes 4444 in MOV);
/// `--codec`, `--crf`, `--encoder-preset` and `--pix-fmt` replace them. A GIF gets a palette made from all its frames (palettegen,
/// paletteuse).
public struct FFmpegOutput: Sendable {
    public enum Container: String, CaseIterable, Sendable {
        case mp4, webm, mov, gif
    }

    public var path: String
    public var container: Container
    public var codec: String?
    public var crf: Int?
    /// x264's and x265's speed preset (`SequenceRequest` refuses it for other codecs, which ffmpeg would ignore).
    public var preset: String?
    public var pixelFormat: String?
    /// The ffmpeg that encodes; empty until `SequenceRequest.preparingOutputs()` finds it on PATH.
    public var executable: String

    public init(path: String, container: Container, codec: String? = nil, crf: Int? = nil, preset: String? = nil,
                pixelFormat: String? = nil, executable: String = "") {
        self.path = path
        self.container = container
        self.codec = codec
        self.crf = crf
        self.preset = preset
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

    /// Beside the output, with its extension, so ffmpeg picks the container by name.
    var temporaryPath: String {
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent + ".weft-\(getpid())-tmp." + container.rawValue
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    func arguments(width: Int, height: Int, fps: Double, sixteenBit: Bool, writingTo output: String) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-f", "rawvideo", "-pix_fmt", sixteenBit ? "rgba64be" : "rgba", "-s", "\(width)x\(height)",
                         "-framerate", String(fps), "-i", "-"]
        switch container {
        case .gif:
            arguments += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=alpha_threshold=128",
                          "-loop", "0"]
        case .mp4, .webm, .mov:
            let (_, defaultFormat, defaultCRF) = defaults
            let format = pixelFormat ?? defaultFormat
            arguments += ["-c:v", effectiveCodec, "-pix_fmt", format]
            if let quality = crf ?? defaultCRF { arguments += ["-crf", String(quality)] }
            if let preset { arguments += ["-preset", preset] }
            if container == .webm && effectiveCodec == "libvpx-vp9" { arguments += ["-b:v", "0", "-row-mt", "1"] }
            if container == .mov && effectiveCodec == "prores_ks" { arguments += ["-profile:v", "4444"] }
            if container == .mp4 { arguments += ["-movflags", "+faststart"] }
            // 4:2:0 chroma needs even sides: one transparent row or column more.
            if format.contains("420") && (width % 2 == 1 || height % 2 == 1) {
                arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
            }
        }
        return arguments + [output]
    }

    /// The codec ffmpeg encodes with: `--codec`, or the container's default.
    public var effectiveCodec: String { codec ?? defaults.codec }

    /// Codecs that take `-preset` (ultrafast … veryslow).
    public static let presetCodecs: Set<String> = ["libx264", "libx264rgb", "libx265"]

    /// Codec, pixel format and CRF of each container when not given.
    private var defaults: (codec: String, pixelFormat: String, crf: Int?) {
        switch container {
        case .mp4: ("libx264", "yuv420p", 18)
        case .webm: ("libvpx-vp9", "yuva420p", 32)
        case .mov: ("prores_ks", "yuva444p10le", nil)
        case .gif: ("gif", "pal8", nil)
        }
    }
}
