import CVulkan
import WeftRuntime

/// Where a render's output goes instead of back to the host (`VulkanExecutor.execute(_:presenting:into:)`): a swapchain
/// image of the executor's own device, blitted to at the end of the render's submission — nearest filtering at one to
/// one, with the format conversion (RGBA to BGRA) the blit does — after the submission has waited for `acquired`. The
/// image is left in `TRANSFER_DST_OPTIMAL`, black beyond the output; the presenter makes it presentable.
public struct SwapchainCopy: @unchecked Sendable {
    let image: VkImage
    let width: Int
    let height: Int
    let acquired: VkSemaphore

    /// Records the blit of `source` (in `TRANSFER_SRC_OPTIMAL`, `sourceWidth`×`sourceHeight`) into the image.
    func record(into cmd: VkCommandBuffer, from source: VkImage, sourceWidth: Int, sourceHeight: Int) {
        var range = DeviceTexture.colorRange
        // From the acquire semaphore's wait (transfer stage), whatever the image held is discarded.
        Self.barrier(cmd, image, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                     access: (0, vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)))
        let w = min(sourceWidth, width), h = min(sourceHeight, height)
        if w < width || h < height {
            var black = VkClearColorValue()
            black.float32 = (0, 0, 0, 1)
            vkCmdClearColorImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &range)
            Self.barrier(cmd, image, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                         access: (vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT), vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)))
        }
        guard w > 0, h > 0 else { return }
        var blit = VkImageBlit()
        blit.srcSubresource.aspectMask = vkFlags(VK_IMAGE_ASPECT_COLOR_BIT)
        blit.srcSubresource.layerCount = 1
        blit.dstSubresource = blit.srcSubresource
        blit.srcOffsets.1 = VkOffset3D(x: Int32(w), y: Int32(h), z: 1)
        blit.dstOffsets.1 = VkOffset3D(x: Int32(w), y: Int32(h), z: 1)
        vkCmdBlitImage(cmd, source, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit,
                       VK_FILTER_NEAREST)
    }

    /// A swapchain image's layout change around transfers (or to present), recorded in `cmd`: the one barrier the
    /// device copy and the presenter's host path both record.
    static func barrier(_ cmd: VkCommandBuffer, _ image: VkImage, from old: VkImageLayout, to new: VkImageLayout,
                        access: (source: VkAccessFlags, destination: VkAccessFlags)) {
        var b = VkImageMemoryBarrier()
        b.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        b.oldLayout = old
        b.newLayout = new
        b.srcAccessMask = access.source
        b.dstAccessMask = access.destination
        b.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        b.image = image
        b.subresourceRange = DeviceTexture.colorRange
        let toPresent = new == VK_IMAGE_LAYOUT_PRESENT_SRC_KHR
        vkCmdPipelineBarrier(cmd, vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT),
                             toPresent ? vkFlags(VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT) : vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT),
                             0, 0, nil, 0, nil, 1, &b)
    }
}
