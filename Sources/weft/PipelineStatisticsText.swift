import Weft
import WeftRuntime
import WeftVulkan

/// `--pipeline-stats`: the driver's statistics of each kernel a plan runs, as the driver names them.
enum PipelineStatisticsText {
    /// Prints the statistics of `plan`'s kernels on `executor`'s device; false (with the reason on standard error)
    /// where there are none to print.
    static func print(_ plan: RenderPlan, on executor: any Executor, to output: inout Output) -> Bool {
        guard let vulkan = executor as? VulkanExecutor else {
            output.printError("weft: --pipeline-stats needs a Vulkan device; the CPU evaluator compiles no pipelines")
            return false
        }
        let device = vulkan.vulkanDevice.info.name
        let kernels: [(kernel: String, executables: [PipelineExecutableStatistics]?)]
        do {
            kernels = try vulkan.pipelineStatistics(for: plan)
        } catch .extensionMissing {
            output.printError("weft: \(device) does not report pipeline statistics (no VK_KHR_pipeline_executable_properties)")
            return false
        } catch {
            output.printError("weft: pipeline statistics on \(device): \(error)")
            return false
        }
        output.print("")
        output.print("pipeline statistics (\(device)):")
        for (kernel, executables) in kernels {
            output.print("  \(kernel)")
            guard let executables else {
                output.print("    (compiled before statistics were asked for)")
                continue
            }
            for executable in executables {
                let subgroup = executable.subgroupSize > 0 ? ", subgroup \(executable.subgroupSize)" : ""
                output.print("    \(executable.name)\(subgroup): " + executable.statistics.map { "\($0.name) \($0.value)" }.joined(separator: ", "))
            }
        }
        return true
    }
}
