import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// What a `weft render` command line asks for. Everything the command line alone can get wrong
/// is found here, before any work: its shape (a usage error) and its values.
struct RenderRequest {
    /// One `--effect` and the options that belong to it.
    struct Effect {
        var name: String
        var arguments: [(name: String, value: WrittenArgument)] = []
        var maxSampleOffset: Size?
        var preset = false
    }

    enum Source {
        case image(path: String)
        case fill(ImageSize)
        case scene(path: String)
    }

    var source: Source
    var effects: [Effect] = []
    var shaderPaths: [String] = []
    var backdrop: String?
    var outputPath: String
    var device: String?
    /// `--devices`: a sequence's devices, rendering at once.
    var devices: DeviceList?
    var options: RenderOptions
    /// `--frame`, when given (a scene's own frame is used otherwise).
    var frame: UInt32?
    /// `--size` with a scene file: the size to render it at instead of its own.
    var sceneSize: ImageSize?
    var sixteenBit: Bool
    /// `--stats`: print the plan's totals and the caches' hits after rendering.
    var stats: Bool
    /// `--check`: run the checked kernels on a Vulkan device.
    var check: Bool
    /// `--threads N`: the CPU evaluator's worker threads (nil: every core).
    var threads: Int?
    /// `--confine DIR`: the folder every file a scene names must lie in.
    var confinement: SceneConfinement?

    /// `requireOutput` false reads the same command line without `-o` (as `weft bench` does).
    init(_ arguments: ParsedArguments, requireOutput: Bool = true) throws(UsageError) {
        var effects: [Effect] = []
        for (option, value) in arguments.occurrences {
            switch option {
            case "shaders": shaderPaths.append(value ?? "")
            case "effect": effects.append(Effect(name: value ?? ""))
            case "arg", "max-sample-offset", "preset":
                guard !effects.isEmpty else {
                    throw UsageError(message: "--\(option)\(value.map { " \($0)" } ?? "") comes before any --effect; write it after the --effect it belongs to")
                }
                switch option {
                case "arg": effects[effects.count - 1].arguments.append(try Self.argument(value ?? ""))
                case "preset": effects[effects.count - 1].preset = true
                default: effects[effects.count - 1].maxSampleOffset = try Self.offset(value ?? "")
                }
            default: break
            }
        }
        self.effects = effects
        guard let outputPath = arguments.value("output") ?? (requireOutput ? nil : "") else {
            throw UsageError(message: "missing -o OUT.png")
        }
        if requireOutput {
            guard !outputPath.trimmingCharacters(in: .whitespaces).isEmpty else { throw .invalidValue("output", outputPath, "give the PNG file to write") }
            guard !outputPath.hasSuffix("/") else { throw .invalidValue("output", outputPath, "is a folder; give a file name such as out.png") }
        }
        self.outputPath = outputPath
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "one input at most, got \(arguments.positionals.joined(separator: " "))")
        }
        backdrop = arguments.value("backdrop")
        switch (arguments.positionals.first, arguments.value("size")) {
        case (let input?, let size) where input.lowercased().hasSuffix(".json"):
            guard effects.isEmpty, shaderPaths.isEmpty, backdrop == nil else {
                throw UsageError(message: "a scene file brings its own effects and shader folders; --effect, --shaders and --backdrop do not apply to it")
            }
            source = .scene(path: input)
            if let size {
                do { sceneSize = try ImageSize(parsing: size) } catch { throw UsageError(message: "--size: \(error)", isInvalidValue: true) }
            }
        case (let input?, nil):
            guard !effects.isEmpty else { throw UsageError(message: "give at least one --effect NAME") }
            source = .image(path: input)
        case (nil, let size?):
            guard !effects.isEmpty else { throw UsageError(message: "--size needs a fill --effect") }
            do { source = .fill(try ImageSize(parsing: size)) } catch { throw UsageError(message: "--size: \(error)", isInvalidValue: true) }
        case (.some, .some):
            throw UsageError(message: "--size is for fills without an input image; give one or the other")
        case (nil, nil):
            throw UsageError(message: "missing INPUT.png, SCENE.json or --size WxH")
        }
        confinement = try Self.confinement(arguments)
        if confinement != nil {
            guard case .scene = source else { throw Self.confineWithoutScene }
        }
        device = arguments.value("device")
        if let device, device.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .invalidValue("device", device, "give a device name (see weft devices) or cpu")
        }
        if let device, let problem = DeviceChoice.problem(with: device) { throw .invalidValue("device", device, problem) }
        if let list = arguments.value("devices") {
            guard arguments.value("frames") != nil else {
                throw UsageError(message: "--devices renders a sequence on several devices at once; give --frames A..B (one frame renders on one --device)")
            }
            guard device == nil else { throw UsageError(message: "--device and --devices conflict: name every device in --devices") }
            do { devices = try DeviceList(parsing: list) } catch {
                guard case .invalidDeviceList(_, let reason) = error else { throw .invalidValue("devices", list, "\(error)") }
                throw .invalidValue("devices", list, reason)
            }
        }
        let scale = try Self.number("scale", arguments.value("scale"), positive: true)
        let time = try Self.number("time", arguments.value("time"), positive: false, as: Double.self)
        sixteenBit = arguments.has("16bit")
        stats = arguments.has("stats")
        check = arguments.has("check")
        threads = try Self.threads(arguments.value("threads"))
        frame = try Self.frame(arguments.value("frame"))
        options = RenderOptions(scale: scale ?? 1, frame: FrameContext(time: time ?? 0, index: frame ?? 0, reduceMotion: arguments.has("reduce-motion")),
                                outputFormat: sixteenBit ? .rgba16Float : .rgba8Unorm, keepOverflow: arguments.has("keep-overflow"),
                                fusion: !arguments.has("no-fuse"))
    }

    /// `--backdrop`, `--scale`, `--time`: how the view is rendered, shared by `render`, `plan` and `debug`.
    static let viewOptions: [OptionSpec] = [
        .value("backdrop", "FILE.png|COLOR", help: "What blend effects blend over (default: transparent)."),
        .value("scale", "S", help: "Pixels per point of the output (default 1; a scene's own scale times S)."),
        .value("time", "T", help: "Seconds, for effects that animate ($time; default 0)."),
    ]

    /// `--frame N` and `--reduce-motion`, shared by `render`, `gallery` and `bench`.
    static let frameOptions: [OptionSpec] = [
        .value("frame", "N", help: "The frame index, for effects that animate ($frame; default 0, or the scene's)."),
        .flag("reduce-motion", help: "Ask effects to reduce motion ($reduceMotion; default off, or the scene's)."),
    ]

    /// `--device`, shared by `render` and `gallery`.
    static let deviceOption = OptionSpec.value(
        "device", "NAME|uuid:GPU-…|index:N|cpu",
        help: "A Vulkan device: part of its name, its UUID as nvidia-smi -L prints it, or the Nth GPU in PCI bus order (nvidia-smi's numbering); or cpu, the CPU evaluator (default: $WEFT_DEVICE, else the first GPU of $CUDA_VISIBLE_DEVICES, else of $NVIDIA_VISIBLE_DEVICES, else automatic).")

    /// `--devices`, for sequences.
    static let devicesOption = OptionSpec.value(
        "devices", "all|cpu|DEVICE,…",
        help: "Render a sequence on these devices at once, a render context each, frames handed to whichever frees a slot; the files are those one device writes: all (every usable GPU, those of $CUDA_VISIBLE_DEVICES or $NVIDIA_VISIBLE_DEVICES where set), cpu (the CPU evaluator), or devices as --device names them, separated by commas.")

    /// `--check`, shared by `render` and `gallery`.
    static let checkOption = OptionSpec.flag("check", help: "On a Vulkan device, run the effects as their checked kernels and report premultiplication, sample-bound and non-finite findings (the CPU evaluator always checks).")

    /// `--threads N`, shared by `render`, `gallery`, `preview`, `debug` and `check --render`.
    static let threadsOption = OptionSpec.value("threads", "N", help: "CPU evaluator worker threads, 1 to \(DeviceChoice.maxCPUThreads) (default: every core; more than the cores is allowed).")

    /// `--threads N`, when given.
    static func threads(_ text: String?) throws(UsageError) -> Int? {
        guard let text else { return nil }
        return try threadCount(text)
    }

    /// A thread count: a whole number in 1…`DeviceChoice.maxCPUThreads`.
    static func threadCount(_ text: String) throws(UsageError) -> Int {
        guard let value = Int(text), (1...DeviceChoice.maxCPUThreads).contains(value) else {
            throw .invalidValue("threads", text, "expected a whole number from 1 to \(DeviceChoice.maxCPUThreads)")
        }
        return value
    }

    /// `--no-fuse`, shared by `render`, `plan`, `gallery` and `bench`.
    static let noFuseOption = OptionSpec.flag("no-fuse", help: "Run every effect as a pass of its own (no stitching) and the passes in lowering order (no scheduling), to compare.")

    /// `--confine DIR`, shared by every command that reads scene files.
    static let confineOption = OptionSpec.value("confine", "DIR", help: "Read only files inside DIR, links resolved: every image, shader folder and font file the scene names (for scenes from someone else; docs/reliability.md).")

    static let confineWithoutScene = UsageError(message: "--confine holds the files a scene names to a folder; give a SCENE.json")

    /// The folder `--confine` names, which must exist.
    static func confinement(_ arguments: ParsedArguments) throws(UsageError) -> SceneConfinement? {
        guard let folder = arguments.value("confine") else { return nil }
        guard let confinement = SceneConfinement(folder: folder) else { throw .invalidValue("confine", folder, "is not a folder") }
        return confinement
    }

    /// `--frame N`: a whole number in 0…2³² − 1.
    static func frame(_ text: String?) throws(UsageError) -> UInt32? {
        guard let text else { return nil }
        guard let value = UInt32(text) else {
            throw UsageError(message: "--frame \(text): expected a whole number from 0 to \(UInt32.max)")
        }
        return value
    }

    /// `NAME=VALUE`, split at the first `=`.
    static func argument(_ text: String) throws(UsageError) -> (name: String, value: WrittenArgument) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw .invalidValue("arg", text, "expected NAME=VALUE")
        }
        return (String(text[..<equals]), .text(String(text[text.index(after: equals)...])))
    }

    /// `X` (both axes) or `X,Y`, points ≥ 0.
    static func offset(_ text: String) throws(UsageError) -> Size {
        guard let offset = SampleOffset(text: text) else {
            throw .invalidValue("max-sample-offset", text, "expected \(SampleOffset.expected)")
        }
        return Size(width: offset.x, height: offset.y)
    }

    static func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ option: String, _ text: String?, positive: Bool,
                                                                                  as type: Number.Type = Float.self) throws(UsageError) -> Number? {
        guard let text else { return nil }
        guard let value = Number(text), value.isFinite, !positive || value > 0 else {
            throw .invalidValue(option, text, "expected \(positive ? "a positive" : "a") finite number")
        }
        return value
    }
}
