import Testing
import WeftRuntime
import WeftTestSupport
@testable import WeftVulkan

/// VK_KHR_pipeline_executable_properties: statistics of each kernel a plan runs where the device reports them, a named
/// refusal where it does not; the plan still renders as before, with no validation messages.
@Suite(.requiresVulkan)
struct PipelineStatisticsTests {
    @Test func eachKernelOnceWithTheDriversStatisticsOrTheMissingExtension() throws {
        try withExecutor { executor in
            let (plan, b, c) = try PlanExecutionTests.chainPlan()
            let asked = Result { () throws(VulkanError) in try executor.pipelineStatistics(for: plan) }
            switch asked {
            case .success(let kernels):
                #expect(executor.vulkanDevice.info.pipelineExecutableInfo)
                // fill, then invert in RGBA16F and in RGBA8 (two kernels of one name).
                #expect(kernels.map(\.kernel) == ["stripes", "invert", "invert"])
                for (kernel, executables) in kernels {
                    let found = try #require(executables, "\(kernel) compiled with capture on")
                    #expect(!found.isEmpty && found.allSatisfy { !$0.statistics.isEmpty && !$0.statistics[0].name.isEmpty }, "\(kernel): \(found)")
                }
            case .failure(.extensionMissing(let name)):
                #expect(name == "VK_KHR_pipeline_executable_properties")
                #expect(!executor.vulkanDevice.info.pipelineExecutableInfo)
            case .failure(let other):
                Issue.record("pipelineStatistics failed: \(other)")
            }
            PlanExecutionTests.expectChain(try executor.execute(plan), b, c)
            expectNoValidationFailures(executor.validationMessages)
        }
    }
}
