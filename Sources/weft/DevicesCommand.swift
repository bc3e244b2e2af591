import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft devices`: every Vulkan device, the one Weft would choose, and why the others were not.
enum DevicesCommand: Command {
    static let name = "devices"
    static let summary = "List the Vulkan devices and the one Weft would render on."
    static let usage = "weft devices [--device NAME|cpu]"
    static let discussion = """
    Prints each Vulkan device with its limits and features; the one marked * is the one
    'weft render' and 'weft gallery' would use (the best usable device: discrete GPU, then
    integrated, virtual, then a CPU implementation such as lavapipe). --device NAME, or
    WEFT_DEVICE, restricts the choice to devices whose name or driver contains NAME.
    With no Vulkan driver or device this says so, and whether the CPU evaluator
    (--device cpu) is available. Exit status 0.
    """
    static let options: [OptionSpec] = [
        .value("device", "NAME|cpu", help: "Show which device this name (or 'cpu') would choose (default: $WEFT_DEVICE)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let choice = DeviceChoice(flag: arguments.value("device"))
        let cpu = "the CPU evaluator is available (--device cpu)"
        let survey = choice.survey()
        if let reason = survey.vulkanUnavailable {
            output.print("no Vulkan devices: \(reason)")
            output.print("(is a Vulkan driver installed? for CPU rendering through Vulkan: apt install mesa-vulkan-drivers)")
            output.print(choice == .automatic || choice == .cpu ? "weft would use: the CPU evaluator; " + cpu : "weft would use: nothing; " + cpu)
            return 0
        }
        output.print(survey.report)
        if choice == .cpu {
            output.print("weft would use: the CPU evaluator (--device cpu)")
        } else if let chosen = survey.chosen {
            output.print("weft would use: \(chosen.name) (\(chosen.kind.rawValue))")
        } else if choice == .automatic {
            output.print("weft would use: the CPU evaluator, having no usable Vulkan device; " + cpu)
        } else {
            output.print("weft would use: nothing (no device matches \(choice)); " + cpu)
        }
        return 0
    }
}
