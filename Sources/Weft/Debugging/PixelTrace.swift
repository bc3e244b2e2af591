import Foundation
import WeftCPU
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftViews

/// What one effect computed at one pixel, statement by statement of the author's source
/// (`PixelDebugger.trace`). Codable: `weft debug --json` prints it.
public struct PixelTrace: Sendable, Codable {
    /// A value with its GLSL type; `label` names a call argument.
    public struct Value: Sendable, Codable, Hashable, CustomStringConvertible {
        public var label: String?
        public var type: String
        public var components: [TraceScalar]

        public var description: String {
            components.count == 1 ? components[0].description : "(" + components.map(\.description).joined(separator: ", ") + ")"
        }
    }

    public struct Step: Sendable, Codable, Hashable {
        /// `value` (an instruction's result), `store` (to the variable `name`), `call` (of `name`,
        /// `values` are the arguments) or `return` (what the call of `name` returned).
        public var kind: String
        /// 1-based line and column in the author's file.
        public var line: Int
        public var column: Int
        /// The function of the author's file the step is in.
        public var function: String
        public var name: String?
        /// The SPIR-V id of the result (of the pointer stored through, for stores).
        public var id: UInt32
        /// The SPIR-V instruction, like `OpFMul`.
        public var instruction: String
        /// 1 the first time the step runs, then 2, 3, … (loop iterations).
        public var iteration: Int
        public var values: [Value]
    }

    /// Visits of one step beyond the trace's limit, which were counted but not recorded.
    public struct Omission: Sendable, Codable, Hashable {
        public var line: Int
        public var name: String
        public var count: Int
    }

    public var effect: String
    public var kind: String
    /// The author's file, as the library names it.
    public var file: String
    /// The pixel asked about, in the rendered picture.
    public var pixel: [Int]
    /// The pixel of the effect's own output (its layer, in the modified view's space) under that output pixel.
    public var effectPixel: [Int]
    /// Its centre in the modified view's points: the `position` the effect was given.
    public var point: [Float]
    /// Which run of a multi-pass effect (`weftPass()`); 0 for the others.
    public var run = 0
    /// The stitched kernel that runs the effect with others in a render (`a+b`), if it is stitched.
    public var stitchedInto: String?
    public var time: Double
    /// The stitchable function's arguments as the kernel passed them.
    public var arguments: [Value]
    /// What the function returned.
    public var result: Value?
    public var steps: [Step]
    public var omitted: [Omission]
    /// The text of every line a step is on, by line number (as strings, for JSON).
    public var sourceLines: [String: String]
    /// For a distortion: the color its layer gave at the position the function returned, which the effect writes.
    public var sampled: Value?

    init(effect: String, kind: String, file: String, pixel: [Int], point: [Float], time: Double, arguments: [Value],
         result: Value?, steps: [Step], omitted: [Omission], sourceLines: [String: String], sampled: Value?) {
        (self.effect, self.kind, self.file, self.pixel, self.effectPixel, self.point, self.time) = (effect, kind, file, pixel, pixel, point, time)
        (self.arguments, self.result, self.steps, self.omitted, self.sourceLines, self.sampled) = (arguments, result, steps, omitted, sourceLines, sampled)
    }

    /// The trace as an author reads it: each source line the pixel ran, then what it produced.
    public var text: String {
        var out = "\(effect)\(run > 0 ? " run \(run)" : "") (\(kind)) at pixel (\(pixel[0]), \(pixel[1])) — its layer's pixel "
            + "(\(effectPixel[0]), \(effectPixel[1])), point (\(point[0]), \(point[1])) — time \(time), on the CPU evaluator\n"
        if let stitchedInto { out += "  a stage of the stitched kernel \(stitchedInto) in the render\n" }
        if !arguments.isEmpty {
            out += "  called with " + arguments.map { "\($0.label ?? "?") = \($0)" }.joined(separator: ", ") + "\n"
        }
        out += "\(file):\n"
        var currentLine: Int?
        let width = String(steps.map(\.line).max() ?? 0).count
        for step in steps {
            if step.line != currentLine {
                currentLine = step.line
                let number = String(step.line)
                out += String(repeating: " ", count: width - number.count) + number + " | "
                    + (sourceLines[number] ?? "").trimmingCharacters(in: .whitespaces) + "\n"
            }
            out += String(repeating: " ", count: width) + " |     " + Self.describe(step) + "\n"
        }
        for omission in omitted {
            out += "  line \(omission.line): \(omission.name): \(omission.count) more visit\(omission.count == 1 ? "" : "s") not shown\n"
        }
        if let result { out += "  returns \(result) (\(result.type))\n" }
        if let sampled, let result { out += "  samples its layer at \(result): \(sampled) (premultiplied)\n" }
        return out
    }

    static func describe(_ step: Step) -> String {
        let again = step.iteration > 1 ? "  [#\(step.iteration)]" : ""
        switch step.kind {
        case "store":
            let value = step.values.first
            return "\(step.name ?? "%\(step.id)") = \(value?.description ?? "?")  (\(value?.type ?? "?"))\(again)"
        case "call":
            let arguments = step.values.map { "\($0.label ?? "?"): \($0)" }.joined(separator: ", ")
            return "call \(step.name ?? "?")(\(arguments))\(again)"
        case "return":
            return "\(step.name ?? "?") returned \(step.values.first?.description ?? "?")\(again)"
        default:
            let value = step.values.first
            return "%\(step.id) \(value?.type ?? "?") = \(value?.description ?? "?")  [\(step.instruction)]\(again)"
        }
    }
}
