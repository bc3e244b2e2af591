/// One parser Weft feeds with outside input, as a fuzz target: bytes in, and either a value
/// or a thrown error out. A trap, a hang or a sanitizer report is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `Module.decode`: the SPIR-V decoder and validator.
    case spirv
    /// `KernelProgram(spirv:)`: decoding, then the CPU evaluator's translation of the module.
    case cpuTranslator = "cpu-translator"
    /// `PNGFile.load`: libpng through Weft's reader, then conversion to a pixel buffer.
    case png
    /// `JPEGFile.decode`: libjpeg-turbo through Weft's reader (EXIF orientation, CMYK conversion).
    case jpeg
    /// `Scene.parse`, then `Scene.frame(at:size:)` and `Planner.plan`: JSON scene files, with a small stitchable library
    /// for shader references, through to a checked render plan.
    case scene
    /// `EffectPresets.parse`: a shader folder's `presets.json`.
    case presets
    /// `ShaderLibrary(source:)`: the stitchable marker and signature parser and kind classifier.
    case signature
    /// `Path(svgData:)`: SVG path data, then the outline filled and stroked and covered by exact area.
    case svgPath = "svg-path"

    /// Feeds one input to the target. Errors thrown by the parser are expected outcomes.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .spirv: SPIRVFuzzing.decode(bytes)
        case .cpuTranslator: SPIRVFuzzing.translate(bytes)
        case .png: PNGFuzzing.load(bytes)
        case .jpeg: JPEGFuzzing.decode(bytes)
        case .scene: _ = SceneFuzzing.run(bytes)
        case .presets: _ = PresetsFuzzing.parse(bytes)
        case .signature: SignatureFuzzing.parse(bytes)
        case .svgPath: _ = SVGPathFuzzing.run(bytes)
        }
    }

    /// Compiles what the target's first inputs would otherwise compile while timed (the scene target's kernels).
    public func warmUp() {
        if self == .scene { SceneFuzzing.warmUp() }
    }

    /// Whether mutations should keep 4-byte words aligned (SPIR-V is a stream of words).
    public var isWordStream: Bool {
        switch self {
        case .spirv, .cpuTranslator: true
        case .png, .jpeg, .scene, .presets, .signature, .svgPath: false
        }
    }
}
