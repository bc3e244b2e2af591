import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft devices`: every Vulkan device, the one Weft would choose, and why the others were not.
enum DevicesCommand: Command {
    static let name = "devices"
    static let summary = "List the Vulkan devices and the one Weft would render on."
    static let usage = "weft devices [--device NAME|uuid:GPU-…|index:N|cpu]"
    static let discussion = """
    Prints each Vulkan device with its UUID, PCI address, limits and features, the GPUs
    numbered in PCI bus order as nvidia-smi numbers them; the one marked * is the one
    'weft render' and 'weft gallery' would use, and what chose it. --device, or WEFT_DEVICE,
    names a device: NAME (part of its name or driver's), uuid:GPU-… (as nvidia-smi -L prints
    it, or enough of its first digits) or index:N (the Nth GPU in PCI bus order). Without one,
    the GPUs a scheduler gave the job are used, the first it lists first: CUDA_VISIBLE_DEVICES
    (Slurm), else NVIDIA_VISIBLE_DEVICES (Kubernetes' NVIDIA device plugin), each holding GPU
    indices or GPU-… UUIDs separated by commas, all, or none; without them, the best usable
    device (discrete GPU, then integrated, virtual, then a CPU implementation such as lavapipe).
    With no Vulkan driver or device this says so, and whether the CPU evaluator
    (--device cpu) is available. Exit status 0.
    """
    static let options: [OptionSpec] = [
        .value("device", "NAME|uuid:…|index:N|cpu", help: "Show which device this (or 'cpu') would choose (default: $WEFT_DEVICE)."),
    ]

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let flag = arguments.value("device")
        let choice = DeviceChoice(flag: flag)
        let cpu = "the CPU evaluator is available (--device cpu)"
        let survey = choice.survey(basis: DeviceChoice.basis(flag: flag))
        if let reason = survey.vulkanUnavailable {
            output.print("no Vulkan devices: \(reason)")
            output.print("(is a Vulkan driver installed? for CPU rendering through Vulkan: apt install mesa-vulkan-drivers)")
            output.print(choice == .automatic || choice == .cpu ? "weft would use: the CPU evaluator; " + cpu : "weft would use: nothing; " + cpu)
            return 0
        }
        output.print(survey.report)
        if choice == .cpu {
            output.print("weft would use: the CPU evaluator (--device cpu)")
        } else if survey.selectionError != nil {
            output.print("weft would use: nothing (see the error above); " + cpu)
        } else if let chosen = survey.chosen {
            output.print("weft would use: \(chosen.name) (\(chosen.kind.rawValue)), chosen by \(survey.basis)")
        } else if choice == .automatic {
            output.print("weft would use: the CPU evaluator, having no usable Vulkan device; " + cpu)
        } else {
            output.print("weft would use: nothing (no device matches \(choice)); " + cpu)
        }
        return 0
    }
}
