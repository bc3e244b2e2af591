import Testing
import WeftImage
import WeftRuntime
import WeftShaders
@testable import WeftVulkan

/// Which devices run derivative kernels how, as made-up device values and on the real device.
@Suite struct FragmentPassChoiceTests {
    static func device(computeDerivatives: Bool = false, dynamicRendering: Bool = false, graphics: Bool = true) -> VulkanDeviceInfo {
        VulkanDeviceInfo(name: "GPU", kind: .discreteGPU, computeDerivatives: computeDerivatives, dynamicRendering: dynamicRendering,
                         computeQueueHasGraphics: graphics)
    }

    @Test func fragmentPassesOnlyWithoutComputeDerivativesAndWithGraphics() {
        #expect(!Self.device(computeDerivatives: true, dynamicRendering: true).fragmentPassFallback)
        #expect(Self.device(dynamicRendering: true).fragmentPassFallback)
        #expect(Self.device(dynamicRendering: false).fragmentPassFallback)
        #expect(!Self.device(dynamicRendering: true, graphics: false).fragmentPassFallback)
    }

    @Test func theReportSaysHowDerivativeKernelsRun() {
        func line(_ d: VulkanDeviceInfo) -> String? {
            d.formattedReport().split(separator: "\n").first { $0.contains("derivative kernels:") }.map(String.init)
        }
        #expect(line(Self.device(computeDerivatives: true))?.hasSuffix("compute") == true)
        #expect(line(Self.device(dynamicRendering: true))?.contains("fragment passes (VK_KHR_dynamic_rendering)") == true)
        #expect(line(Self.device())?.contains("fragment passes (render passes)") == true)
        #expect(line(Self.device(graphics: false))?.contains("not supported") == true)
    }

    @Test(.enabled(if: FragmentPassEnvironment.available, FragmentPassEnvironment.comment))
    func withoutGraphicsOnTheQueueDerivativeKernelsAreRefused() throws {
        let instance = try VulkanInstance(.init(validation: true, minimumMessageSeverity: .info))
        var info = try DeviceSelector(requestedName: nil).select(from: instance.devices)
        info.computeQueueHasGraphics = false
        let executor = try VulkanExecutor(device: try VulkanDevice(instance: instance, device: info), pipelineCache: .none)
        let kernel = try libraryKernel(FragmentDerivativeTests.source, function: "slopes")
        var plan = RenderPlan()
        let out = plan.addTexture(TextureDescriptor(width: 2, height: 2, format: .rgba16Float))
        plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: (2, 2))))
        #expect {
            try executor.execute(plan)
        } throws: { error in
            guard case let ExecutionError.backend(_, name?, _, reason) = error else { return false }
            return name == "slopes" && reason.contains("no graphics")
        }
        expectNoValidationFailures(executor.validationMessages)
    }
}
