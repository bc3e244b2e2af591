import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// A render-time check's finding as the commands print it: labelled `warning:`, naming the author's effects that ran
/// in the kernel (not Weft's composites stitched into it) with the arguments the command line gave them.
enum CheckReportText {
    static func line(_ report: ExecutionReport, command: String, effects: [RenderRequest.Effect] = []) -> String {
        guard report.check != "validation" else { return "\(command): warning: \(report)" }
        let stages = report.kernel.split(separator: "+").map(String.init)
        let authors = stages.filter { !$0.hasPrefix("weft.") }.map { stage -> String in
            // A multi-pass effect's kernels are NAME.passN.
            let name = stage.range(of: ".pass").map { String(stage[..<$0.lowerBound]) } ?? stage
            guard let effect = effects.first(where: { $0.name == name }), !effect.arguments.isEmpty else { return name }
            return name + " (" + effect.arguments.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + ")"
        }
        guard !authors.isEmpty else { return "\(command): warning: \(report.check) in \(report.kernel): \(report.messageWithFix)" }
        let together = authors.count > 1 ? " (stitched into one kernel: the check cannot tell which)" : ""
        return "\(command): warning: \(report.check) in \(authors.joined(separator: " then "))\(together): \(report.messageWithFix)"
    }
}
