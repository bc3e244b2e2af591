import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft check --render`: runs an effect over the test pattern at its declared defaults (the
/// `// @param` defaults, then its preset) and reports what the CPU evaluator's checks found —
/// premultiplication, samples beyond `maxSampleOffset`, NaN or infinity — and any annotated
/// parameter whose whole range leaves the picture unchanged.
public struct RenderCheck: Sendable {
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// `premultiplication`, `sample bound`, `non-finite`, `unused parameter` or `setup`.
        public var check: String
        public var message: String
        public var description: String { "\(check): \(message)" }
    }

    public struct Outcome: Sendable {
        public var effect: String
        public var kind: EffectKind
        public var findings: [Finding]
        /// Parameters whose range was swept; those without a range are not.
        public var sweptParameters: [String]
        public var renders: Int
        public var passed: Bool { findings.isEmpty }
    }

    public var catalog: EffectCatalog
    public var pattern: PixelBuffer
    /// Must run a `CPUExecutor` with its checks on: the findings are its reports.
    public var context: RenderContext
    /// Pixels per point. The checks measure in points, so a quarter of the pattern's pixels
    /// (128×96) finds the same problems at a sixteenth of the cost of evaluating every one.
    public var scale: Float

    public init(catalog: EffectCatalog, pattern: PixelBuffer = TestPattern.make(), context: RenderContext, scale: Float = 0.25) {
        self.catalog = catalog
        self.pattern = pattern
        self.context = context
        self.scale = scale
    }

    /// The effect's annotated defaults, as scene values (binding adds the preset's for the rest).
    public func declaredArguments(of function: StitchableFunction) -> [String: ArgumentValue] {
        var arguments: [String: ArgumentValue] = [:]
        for annotation in function.annotations { arguments[annotation.name] = annotation.defaultArgument }
        return arguments
    }

    public func check(effect name: String) -> Outcome {
        var outcome = Outcome(effect: name, kind: .fill, findings: [], sweptParameters: [], renders: 0)
        do {
            let (folder, function) = try catalog.lookUp(name)
            outcome.kind = function.kind
            let defaults = declaredArguments(of: function)
            let preset = folder.presets[name]
            let offset = preset?.maxSampleOffset ?? .zero
            let shader = try catalog.bind(function, in: folder, given: defaults, texts: [:],
                                          preset: preset ?? EffectPreset(arguments: [:], maxSampleOffset: nil))
            let reference = try render(shader, maxSampleOffset: offset)
            outcome.renders += 1
            let pixelNote = scale == 1 ? "" : " (pixels of the check's render at \(scale) pixels per point)"
            outcome.findings += reference.reports.map { Finding(check: $0.check, message: $0.message + pixelNote) }

            for parameter in function.parameters {
                guard let annotation = function.annotation(named: parameter.name), let range = annotation.range,
                      range.lowerBound < range.upperBound else { continue }
                let components: Int = switch parameter.type {
                case .float, .int: 1
                case .vec2: 2
                case .vec3: 3
                case .vec4: 4
                default: 0
                }
                guard components > 0 else { continue }
                outcome.sweptParameters.append(parameter.name)
                let half = (range.lowerBound + range.upperBound) / 2
                let middle = parameter.type == .int ? half.rounded(.down) : half
                var changed = false
                for value in [range.lowerBound, range.upperBound, middle] {
                    var arguments = defaults
                    arguments[parameter.name] = components == 1 ? .number(value) : .numbers(Array(repeating: value, count: components))
                    let swept = try catalog.bind(function, in: folder, given: arguments, texts: [:],
                                                 preset: preset ?? EffectPreset(arguments: [:], maxSampleOffset: nil))
                    let rendering = try render(swept, maxSampleOffset: offset)
                    outcome.renders += 1
                    if rendering.pixels != reference.pixels { changed = true; break }
                }
                if !changed {
                    outcome.findings.append(Finding(check: "unused parameter",
                        message: "'\(parameter.name)' changes nothing across its declared range \(range.lowerBound)..\(range.upperBound) (\(function.file):\(annotation.line))"))
                }
            }
        } catch {
            outcome.findings.append(Finding(check: "setup", message: "\(error)"))
        }
        return outcome
    }

    private func render(_ shader: Shader, maxSampleOffset: Size) throws -> Rendering {
        let view = try Gallery.view(of: EffectStep(shader: shader, maxSampleOffset: maxSampleOffset), over: pattern)
        return try context.render(view, size: Size(width: Float(pattern.width), height: Float(pattern.height)),
                                  options: RenderOptions(scale: scale))
    }
}
