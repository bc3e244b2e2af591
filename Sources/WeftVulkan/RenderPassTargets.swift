import CVulkan
import WeftImage

/// Where a fragment pass draws on a device without dynamic rendering: a render pass of the
/// output's format and a framebuffer over the output texture (made for one render, retired
/// after it).
struct RenderPassTarget {
    let renderPass: VkRenderPass
    let framebuffer: VkFramebuffer
}

extension KernelPipelines {
    /// The render pass of fragment passes writing `format`: one colour attachment kept in
    /// COLOR_ATTACHMENT_OPTIMAL (the executor's barriers do every transition), not loaded —
    /// every pixel is drawn — and stored; one subpass. Created on first use.
    func renderPass(for format: PixelFormat) throws(VulkanError) -> VkRenderPass {
        if let renderPass = renderPasses[format] { return renderPass }
        var attachment = VkAttachmentDescription()
        attachment.format = format.vkFormat
        attachment.samples = VK_SAMPLE_COUNT_1_BIT
        attachment.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE
        attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE
        attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE
        attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE
        attachment.initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL
        attachment.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL
        var reference = VkAttachmentReference(attachment: 0, layout: VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL)
        var renderPass: VkRenderPass?
        let r: VkResult = withUnsafePointer(to: &reference) { referencePtr in
            var subpass = VkSubpassDescription()
            subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS
            subpass.colorAttachmentCount = 1
            subpass.pColorAttachments = referencePtr
            return withUnsafePointer(to: &subpass) { subpassPtr in
                var info = VkRenderPassCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO
                info.attachmentCount = 1
                info.subpassCount = 1
                info.pSubpasses = subpassPtr
                return withUnsafePointer(to: &attachment) { attachmentPtr in
                    info.pAttachments = attachmentPtr
                    return vkCreateRenderPass(device.handle, &info, nil, &renderPass)
                }
            }
        }
        try vkCheck(r, "vkCreateRenderPass")
        if let renderPass { device.created(.renderPass(renderPass)) }
        renderPasses[format] = renderPass!
        return renderPass!
    }

    /// A framebuffer over one output texture, for one render (retire it after the submission).
    func framebuffer(_ renderPass: VkRenderPass, view: VkImageView, width: Int, height: Int) throws(VulkanError) -> VkFramebuffer {
        var attachment: VkImageView? = view
        var framebuffer: VkFramebuffer?
        let r: VkResult = withUnsafePointer(to: &attachment) { attachmentPtr in
            var info = VkFramebufferCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO
            info.renderPass = renderPass
            info.attachmentCount = 1
            info.pAttachments = attachmentPtr
            info.width = UInt32(width)
            info.height = UInt32(height)
            info.layers = 1
            return vkCreateFramebuffer(device.handle, &info, nil, &framebuffer)
        }
        try vkCheck(r, "vkCreateFramebuffer")
        if let framebuffer { device.created(.framebuffer(framebuffer)) }
        return framebuffer!
    }
}
