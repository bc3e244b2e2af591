import CVulkan
import WeftRuntime

extension KernelPipelines {
    /// The graphics pipeline of a kernel's fragment-pass fallback: `KernelABI.fragmentPassVertexSPIRV`
    /// draws one triangle that covers the viewport, the kernel's `fragmentSPIRV` shades every
    /// pixel in 2×2 quads (so derivatives work) and writes colour attachment 0 in the kernel's
    /// output format, for dynamic rendering (or, without it, for the format's render pass).
    /// Viewport and scissor are dynamic, so one pipeline serves every output size; no
    /// blending, no culling, no depth.
    func fragmentPipeline(for kernel: CompiledKernel, layout: Layout) throws(VulkanError) -> VkPipeline {
        guard let fragmentSPIRV = kernel.fragmentSPIRV else {
            preconditionFailure("\(kernel.name): a fragment pipeline without fragment SPIR-V")
        }
        let vertexModule = try shaderModule(KernelABI.fragmentPassVertexSPIRV, kernel: kernel)
        defer { vkDestroyShaderModule(device.handle, vertexModule, nil) }
        let fragmentModule = try shaderModule(fragmentSPIRV, kernel: kernel)
        defer { vkDestroyShaderModule(device.handle, fragmentModule, nil) }

        // Create-info structs point at each other; they live in `arena` until the call returns.
        let arena = PointerArena()
        defer { arena.release() }
        let entry = arena.cString("main")
        var stages = [VkPipelineShaderStageCreateInfo](repeating: VkPipelineShaderStageCreateInfo(), count: 2)
        for (i, (stage, module)) in [(VK_SHADER_STAGE_VERTEX_BIT, vertexModule), (VK_SHADER_STAGE_FRAGMENT_BIT, fragmentModule)].enumerated() {
            stages[i].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
            stages[i].stage = stage
            stages[i].module = module
            stages[i].pName = entry
        }
        var vertexInput = VkPipelineVertexInputStateCreateInfo()
        vertexInput.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO
        var inputAssembly = VkPipelineInputAssemblyStateCreateInfo()
        inputAssembly.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO
        inputAssembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST
        var viewport = VkPipelineViewportStateCreateInfo()
        viewport.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO
        viewport.viewportCount = 1
        viewport.scissorCount = 1
        var rasterization = VkPipelineRasterizationStateCreateInfo()
        rasterization.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO
        rasterization.polygonMode = VK_POLYGON_MODE_FILL
        rasterization.cullMode = vkFlags(VK_CULL_MODE_NONE)
        rasterization.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE
        rasterization.lineWidth = 1
        var multisample = VkPipelineMultisampleStateCreateInfo()
        multisample.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO
        multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT
        var blendAttachment = VkPipelineColorBlendAttachmentState()
        blendAttachment.blendEnable = VkBool32(VK_FALSE)
        blendAttachment.colorWriteMask = vkFlags(VK_COLOR_COMPONENT_R_BIT, VK_COLOR_COMPONENT_G_BIT,
                                                 VK_COLOR_COMPONENT_B_BIT, VK_COLOR_COMPONENT_A_BIT)
        var blend = VkPipelineColorBlendStateCreateInfo()
        blend.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO
        blend.attachmentCount = 1
        blend.pAttachments = arena.keep([blendAttachment])
        let dynamicStates = [VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR]
        var dynamic = VkPipelineDynamicStateCreateInfo()
        dynamic.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO
        dynamic.dynamicStateCount = UInt32(dynamicStates.count)
        dynamic.pDynamicStates = arena.keep(dynamicStates)
        var rendering = VkPipelineRenderingCreateInfo()
        rendering.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO
        rendering.colorAttachmentCount = 1
        rendering.pColorAttachmentFormats = arena.keep([kernel.outputFormat.vkFormat])

        var info = VkGraphicsPipelineCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO
        if device.dynamicRendering != nil {
            info.pNext = UnsafeRawPointer(arena.keep([rendering]))
        } else {
            info.renderPass = try renderPass(for: kernel.outputFormat)
            info.subpass = 0
        }
        info.stageCount = UInt32(stages.count)
        info.pStages = arena.keep(stages)
        info.pVertexInputState = arena.keep([vertexInput])
        info.pInputAssemblyState = arena.keep([inputAssembly])
        info.pViewportState = arena.keep([viewport])
        info.pRasterizationState = arena.keep([rasterization])
        info.pMultisampleState = arena.keep([multisample])
        info.pColorBlendState = arena.keep([blend])
        info.pDynamicState = arena.keep([dynamic])
        info.layout = layout.pipelineLayout
        var pipeline: VkPipeline?
        let r = vkCreateGraphicsPipelines(device.handle, cache, 1, &info, nil, &pipeline)
        guard r == VK_SUCCESS, let pipeline else { throw .pipelineCreation(kernel: kernel.name, result: VkResultCode(r)) }
        device.created(.pipeline(pipeline))
        return pipeline
    }

    private func shaderModule(_ words: [UInt32], kernel: CompiledKernel) throws(VulkanError) -> VkShaderModule {
        var module: VkShaderModule?
        let r: VkResult = words.withUnsafeBufferPointer { words in
            var info = VkShaderModuleCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
            info.codeSize = words.count * 4
            info.pCode = words.baseAddress
            return vkCreateShaderModule(device.handle, &info, nil, &module)
        }
        guard r == VK_SUCCESS, let module else { throw .pipelineCreation(kernel: kernel.name, result: VkResultCode(r)) }
        return module
    }
}

/// Heap copies of values that C create-info structs point to, freed together by `release()`.
private final class PointerArena {
    private var allocations: [UnsafeMutableRawPointer] = []

    /// A stable copy of `values`, valid until `release()`.
    func keep<T>(_ values: [T]) -> UnsafePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
        pointer.initialize(from: values, count: values.count)
        allocations.append(UnsafeMutableRawPointer(pointer))
        return UnsafePointer(pointer)
    }

    func cString(_ string: String) -> UnsafePointer<CChar> {
        keep(Array(string.utf8CString))
    }

    /// The values are plain C structs and scalars: freeing the memory is all there is to do.
    func release() {
        for allocation in allocations { allocation.deallocate() }
        allocations.removeAll()
    }
}
