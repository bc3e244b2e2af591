import SPIRV

/// Why the CPU evaluator could not compile or run a kernel.
public enum CPUError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SPIR-V module itself is malformed.
    case invalidModule(SPIRVError)
    /// The module has no compute entry point with this name.
    case missingEntryPoint(String)
    /// An instruction the evaluator does not implement, or uses in a way it does not support.
    case unsupported(offset: Int, opcode: Opcode, message: String)
    /// A GLSL.std.450 (or other extended-set) instruction the evaluator does not implement.
    case unsupportedExtendedInstruction(offset: Int, set: String, number: UInt32)
    /// The module is valid SPIR-V but breaks a rule the evaluator relies on.
    case invalidKernel(offset: Int, message: String)
    /// An invocation batch ran more instructions than the budget allows (a runaway loop).
    case instructionBudgetExceeded(budget: Int, function: String, block: String)
    /// A kernel run by `CPUExecutor` (an effect, by name) ran past the instruction budget.
    case kernelRanPastBudget(kernel: String, budget: Int, function: String, block: String)
    /// Control reached `OpUnreachable`.
    case reachedUnreachable(function: String, block: String)
    /// The kernel declares a resource that the dispatch did not bind.
    case missingBinding(binding: UInt32, what: String)
    /// A bound resource does not fit what the kernel declares.
    case bindingMismatch(binding: UInt32, message: String)

    public var description: String {
        switch self {
        case .invalidModule(let e): "invalid SPIR-V module: \(e)"
        case .missingEntryPoint(let name): "the module has no GLCompute entry point named \"\(name)\""
        case .unsupported(let offset, let opcode, let message): "word \(offset): \(opcode.described): not supported by the CPU evaluator: \(message)"
        case .unsupportedExtendedInstruction(let offset, let set, let number):
            "word \(offset): extended instruction \(number) of \"\(set)\" is not supported by the CPU evaluator"
        case .invalidKernel(let offset, let message): "word \(offset): \(message)"
        case .instructionBudgetExceeded(let budget, let function, let block):
            "instruction budget of \(budget) per invocation exceeded (runaway loop?) in function \(function), block \(block)"
        case .kernelRanPastBudget(let kernel, let budget, let function, let block):
            "kernel '\(kernel)' stopped: it ran past the CPU evaluator's instruction budget of \(budget) per batch of \(Lanes.count) pixels "
                + "(a runaway shader: an endless or very long loop?) in function \(function), block \(block); WEFT_CPU_BUDGET=N raises the limit"
        case .reachedUnreachable(let function, let block): "reached OpUnreachable in function \(function), block \(block)"
        case .missingBinding(let binding, let what): "binding \(binding) (\(what)) is declared by the kernel but not bound"
        case .bindingMismatch(let binding, let message): "binding \(binding): \(message)"
        }
    }
}
