import Foundation
import WeftCPU
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftViews
import WeftVulkan

/// How long one render may run before it is stopped as a runaway shader (an endless or very long
/// loop): the CPU evaluator's instruction budget per batch of pixels, and how long a Vulkan
/// submission may take per repetition (`submissionTimeout`, plus `timeoutPerMegapixel` for every
/// million pixels written). `WEFT_CPU_BUDGET=N` sets the budget; `WEFT_GPU_TIMEOUT=SECONDS` sets a
/// fixed timeout (no allowance per pixel).
public struct RunawayLimits: Sendable, Hashable {
    public var instructionBudget: Int
    public var submissionTimeout: Duration
    public var timeoutPerMegapixel: Duration

    public init(instructionBudget: Int = KernelProgram.defaultInstructionBudget,
                submissionTimeout: Duration = VulkanExecutor.defaultSubmissionTimeout,
                timeoutPerMegapixel: Duration = VulkanExecutor.defaultTimeoutPerMegapixel) {
        self.instructionBudget = instructionBudget
        self.submissionTimeout = submissionTimeout
        self.timeoutPerMegapixel = timeoutPerMegapixel
    }

    static let budgetVariable = "WEFT_CPU_BUDGET"
    static let timeoutVariable = "WEFT_GPU_TIMEOUT"

    /// The defaults, changed by `WEFT_CPU_BUDGET` (a whole number ≥ 1) and `WEFT_GPU_TIMEOUT`
    /// (seconds > 0, fractions allowed); a value that is not one is an error naming the variable.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(DeviceChoiceError) -> RunawayLimits {
        var limits = RunawayLimits()
        if let text = environment[budgetVariable], !text.isEmpty {
            guard let budget = Int(text), budget >= 1 else {
                throw .invalidSetting(variable: budgetVariable, value: text, expected: "a whole number of instructions, at least 1")
            }
            limits.instructionBudget = budget
        }
        if let text = environment[timeoutVariable], !text.isEmpty {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 1e9 else {
                throw .invalidSetting(variable: timeoutVariable, value: text, expected: "a number of seconds greater than 0")
            }
            limits.submissionTimeout = .nanoseconds(Int64((seconds * 1e9).rounded()))
            limits.timeoutPerMegapixel = .zero
        }
        return limits
    }
}
