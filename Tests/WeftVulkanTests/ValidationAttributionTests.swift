import CVulkan
import Foundation
import Synchronization
import Testing
import WeftRuntime
import WeftTestSupport
@testable import WeftVulkan

/// A render's validation reports are the messages logged during that render, not those of one it waited for.
@Suite(.requiresVulkan)
struct ValidationAttributionTests {
    /// Logs VUID-VkSamplerCreateInfo-anisotropyEnable-01070 on `device` (as `ValidationTests` provokes it).
    static func provokeAMessage(on device: VulkanDevice) {
        var info = VkSamplerCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO
        info.anisotropyEnable = VkBool32(VK_TRUE)
        info.maxAnisotropy = 4
        var sampler: VkSampler?
        _ = vkCreateSampler(device.handle, &info, nil, &sampler)
        if let sampler { vkDestroySampler(device.handle, sampler, nil) }
    }

    /// While the executor is busy (its lock held here, as a render holds it), a second caller asks for a clean render
    /// and waits; a message is logged before the busy render ends. The waiting render reports nothing: the message
    /// came before its turn.
    @Test func aRenderDoesNotReportMessagesLoggedWhileItWaited() throws {
        let executor = try makeExecutor()
        let (plan, _, _) = try PlanExecutionTests.chainPlan()
        _ = try executor.execute(plan)   // compiles the pipelines, so the second call has nothing of its own to report
        let reports = Mutex<[ExecutionReport]?>(nil)
        let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        executor.lock.withLock { _ in
            Thread.detachNewThread {
                started.signal()
                let result = try? executor.execute(plan)
                reports.withLock { $0 = result?.reports ?? [] }
                finished.signal()
            }
            started.wait()
            Thread.sleep(forTimeInterval: 0.3)   // the caller is in execute, waiting for the lock
            Self.provokeAMessage(on: executor.vulkanDevice)
        }
        finished.wait()
        let waited = try #require(reports.withLock { $0 })
        #expect(waited.filter { $0.check == "validation" }.isEmpty, "\(waited)")
        #expect(executor.validationMessages.contains { $0.idName.contains("anisotropyEnable") }, "the message was logged")
    }

    /// Frames in flight together (the executor's ring): a message logged after frame A was submitted and before frame B
    /// was belongs to A, one logged after B's submission to B, whichever is collected first, and neither is reported twice.
    @Test func overlappingFramesEachReportTheirOwnMessages() throws {
        let executor = try makeExecutor()
        let (plan, _, _) = try PlanExecutionTests.chainPlan()
        _ = try executor.execute(plan)   // compiles the pipelines
        let a = try executor.submit(plan, options: ExecutionOptions())
        Self.provokeAMessage(on: executor.vulkanDevice)
        let b = try executor.submit(plan, options: ExecutionOptions())
        Self.provokeAMessage(on: executor.vulkanDevice)
        Self.provokeAMessage(on: executor.vulkanDevice)
        let reportsOfB = try executor.collect(b).reports.filter { $0.check == "validation" }
        let reportsOfA = try executor.collect(a).reports.filter { $0.check == "validation" }
        // One provocation logs the same messages each time: B has twice A's.
        #expect(!reportsOfA.isEmpty && reportsOfA.allSatisfy { $0.message.contains("anisotropyEnable") }, "\(reportsOfA)")
        #expect(reportsOfB.count == 2 * reportsOfA.count && reportsOfB.allSatisfy { $0.message.contains("anisotropyEnable") }, "\(reportsOfB)")
        #expect(try executor.execute(plan).reports.isEmpty, "a later render reports none of them")
    }
}
