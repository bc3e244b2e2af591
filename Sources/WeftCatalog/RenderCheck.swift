import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft check --render`: runs an effect over the test pattern at its declared defaults (the
/// `// @param` defaults, then its preset, then a default by type) and across its parameters' ranges, and reports
/// what the CPU evaluator's checks found — premultiplication, samples beyond `maxSampleOffset`, NaN or infinity —
/// with the parameter values they were found at and what to change, and any parameter whose whole range leaves the
/// picture unchanged.
public struct RenderCheck: Sendable {
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// `premultiplication`, `sample bound`, `non-finite`, `unused parameter` or `setup`.
        public var check: String
        public var message: String
        /// What to change; nil only for `setup`, whose message is the error that says it.
        public var fix: String?
        public var description: String { "\(check): \(message)" + (fix.map { "; to fix: \($0)" } ?? "") }
    }

    public struct Outcome: Sendable {
        public var effect: String
        public var kind: EffectKind
        public var findings: [Finding]
        /// Parameters whose range was swept; those without a range are not.
        public var sweptParameters: [String]
        /// What the check assumed or measured that is no failure: a range derived from a default, the reach of an effect
        /// that declares no maxSampleOffset. Each ends with what to declare.
        public var notes: [String] = []
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

    /// What a parameter with neither a `// @param` default nor a preset value gets (docs/authoring.md, "Checking and
    /// debugging an effect"): a float 0.5, an int 1, a vec2 the pattern's centre, a vec3 0.5 each, a vec4 opaque
    /// mid-gray, arrays three values or two colors, an image the pattern.
    public func typeDefault(_ type: ParameterType) -> ArgumentValue {
        switch type {
        case .float: .number(0.5)
        case .int: .number(1)
        case .vec2: .numbers([Float(pattern.width) / 2, Float(pattern.height) / 2])
        case .vec3: .numbers([0.5, 0.5, 0.5])
        case .vec4: .numbers([0.5, 0.5, 0.5, 1])
        case .floatArray: .numbers([0.25, 0.5, 0.75])
        case .colorArray: .colors([Color(red: 1, green: 0.23, blue: 0.19, alpha: 1), Color(red: 0, green: 0.48, blue: 1, alpha: 1)])
        case .image: .image(pattern)
        }
    }

    /// The range a `float` or `int` without a declared range is swept over, derived from its default `d`: a quarter of
    /// it to four times it (the same scale of value, on the same side of zero, where a size or a count keeps meaning),
    /// whole numbers for an int; 0..1 (an int 0..4) when the default is 0.
    public static func derivedRange(around d: Float, type: ParameterType) -> ClosedRange<Float> {
        let isInt = type == .int
        guard d != 0 else { return isInt ? 0...4 : 0...1 }
        let (a, b) = (d / 4, d * 4)
        let (low, high) = isInt ? (a.rounded(.towardZero), b.rounded(.towardZero)) : (a, b)
        return min(low, high)...max(low, high)
    }

    /// One parameter's sweep: its range, how many components it has, and the line that declared the range (nil for a
    /// default range by type).
    private struct Sweep {
        var parameter: StitchableFunction.Parameter
        var range: ClosedRange<Float>
        var components: Int
        var line: Int?

        func value(_ x: Float) -> ArgumentValue {
            let x = parameter.type == .int ? x.rounded(.down) : x
            return components == 1 ? .number(x) : .numbers(Array(repeating: x, count: components))
        }
    }

    /// Renders the effect at its defaults, then with each swept parameter at the low and high ends and the middle of
    /// its range (the others at their defaults), then with all of them at their low ends and all at their high ends
    /// together. The first finding of each check, in any of these renders, is reported with the parameter values it
    /// was found at; a parameter whose whole range changes nothing is reported too.
    public func check(effect name: String) -> Outcome {
        var outcome = Outcome(effect: name, kind: .fill, findings: [], sweptParameters: [], renders: 0)
        do {
            let (folder, function) = try catalog.lookUp(name)
            outcome.kind = function.kind
            let preset = folder.presets[name]
            var defaults = declaredArguments(of: function)
            var sweeps = [Sweep]()
            for parameter in function.parameters {
                let declared = function.annotation(named: parameter.name)
                let components: Int = switch parameter.type {
                case .float, .int: 1
                case .vec2: 2
                case .vec3: 3
                case .vec4: 4
                default: 0
                }
                if defaults[parameter.name] == nil, preset?.arguments[parameter.name] == nil {
                    // The middle of a declared range, else the default by type.
                    if let range = declared?.range, components > 0 {
                        defaults[parameter.name] = Sweep(parameter: parameter, range: range, components: components, line: nil)
                            .value((range.lowerBound + range.upperBound) / 2)
                    } else {
                        defaults[parameter.name] = typeDefault(parameter.type)
                    }
                }
                var range = declared?.range
                let number: Float? = if case .number(let x)? = defaults[parameter.name] { x }
                    else if case .number(let x)? = preset?.arguments[parameter.name] { Float(x) } else { nil }
                if range == nil, components == 1, let d = number {
                    let derived = Self.derivedRange(around: d, type: parameter.type)
                    range = derived
                    outcome.notes.append("'\(parameter.name)' declares no range: swept over \(Self.number(derived.lowerBound))..\(Self.number(derived.upperBound)), "
                        + (d == 0 ? "as its default is 0" : "a quarter to four times its default \(Self.number(d))")
                        + "; declare its own with // @param \(parameter.name) LOW..HIGH = DEFAULT  MEANING")
                }
                guard components > 0, let range, range.lowerBound < range.upperBound else { continue }
                sweeps.append(Sweep(parameter: parameter, range: range, components: components, line: declared?.line))
            }
            // At its defaults the effect is padded as its preset says; across its ranges, as its file declares for every
            // value (`// @maxSampleOffset`), else as the preset says. With neither, there is no bound to break: how far
            // it reaches is measured and noted, since whoever uses it must declare that much.
            let declared = function.maxSampleOffset.map { Size(width: $0.x, height: $0.y) }
            let bounded = preset?.maxSampleOffset != nil || declared != nil
            let offset = preset?.maxSampleOffset ?? declared ?? .zero
            let sweepOffset = declared ?? offset
            var reach = SIMD2<Float>.zero
            func rendering(_ arguments: [String: ArgumentValue], swept: Bool = true) throws -> Rendering {
                let shader = try catalog.bind(function, in: folder, given: arguments, texts: [:],
                                              preset: preset ?? EffectPreset(arguments: [:], maxSampleOffset: nil))
                outcome.renders += 1
                return try render(shader, maxSampleOffset: swept ? sweepOffset : offset)
            }
            let pixelNote = scale == 1 ? "" : " (pixels of the check's render at \(scale) pixels per point)"
            var reported = Set<String>()
            func collect(_ result: Rendering, at values: String) {
                for report in result.reports {
                    if !bounded, let farthest = report.sampleReach {
                        reach = pointwiseMax(reach, farthest)
                        continue
                    }
                    guard reported.insert(report.check).inserted else { continue }
                    outcome.findings.append(Finding(check: report.check, message: report.message + values + pixelNote, fix: report.fix))
                }
            }
            let reference = try rendering(defaults, swept: false)
            collect(reference, at: "")

            for sweep in sweeps {
                outcome.sweptParameters.append(sweep.parameter.name)
                var changed = false
                for x in [sweep.range.lowerBound, sweep.range.upperBound, (sweep.range.lowerBound + sweep.range.upperBound) / 2] {
                    var arguments = defaults
                    arguments[sweep.parameter.name] = sweep.value(x)
                    let result = try rendering(arguments)
                    collect(result, at: " at \(sweep.parameter.name) = \(Self.number(sweep.parameter.type == .int ? x.rounded(.down) : x))")
                    if result.pixels != reference.pixels { changed = true }
                }
                // Only a declared range promises a change: a default range by type may lie where the effect clamps.
                if !changed, let line = sweep.line {
                    outcome.findings.append(Finding(check: "unused parameter",
                        message: "'\(sweep.parameter.name)' changes nothing across its declared range \(sweep.range.lowerBound)..\(sweep.range.upperBound) (\(function.file):\(line))",
                        fix: "use it in the function, or correct the range its // @param line declares"))
                }
            }
            if sweeps.count > 1 {
                for (end, words) in [(\ClosedRange<Float>.lowerBound, "low"), (\ClosedRange<Float>.upperBound, "high")] {
                    var arguments = defaults
                    for sweep in sweeps { arguments[sweep.parameter.name] = sweep.value(sweep.range[keyPath: end]) }
                    let values = sweeps.map { "\($0.parameter.name) = \(Self.number($0.range[keyPath: end]))" }.joined(separator: ", ")
                    collect(try rendering(arguments), at: " at every parameter's \(words) end (\(values))")
                }
            }
            if reach != .zero {
                outcome.notes.append("samples up to (\(reach.x), \(reach.y)) points from the pixel and declares no maxSampleOffset; "
                    + "to use it, " + ExecutionReport.maxSampleOffsetFix(reach: reach))
            }
        } catch {
            outcome.findings.append(Finding(check: "setup", message: "\(error)"))
        }
        return outcome
    }

    /// `4`, `0.5`: a parameter value as an author writes it.
    static func number(_ x: Float) -> String {
        x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : "\(x)"
    }

    private func render(_ shader: Shader, maxSampleOffset: Size) throws -> Rendering {
        let view = try Gallery.view(of: EffectStep(shader: shader, maxSampleOffset: maxSampleOffset), over: pattern)
        return try context.render(view, size: Size(width: Float(pattern.width), height: Float(pattern.height)),
                                  options: RenderOptions(scale: scale))
    }
}
