import CVulkan
import WeftRuntime

enum PlanDescriptors {
    /// Writes every pass's descriptor set in one `vkUpdateDescriptorSets`: exactly the bindings
    /// its kernel declares in its shape (a fragment pass has no binding 0). Samplers are
    /// immutable in the set layouts, so image writes carry only views and layouts.
    /// `frameSets` (descriptor set 1, by stage) hold the render's frame blocks: each pass binds its stage's at its own
    /// dynamic offset.
    static func write(device: VkDevice, plan: RenderPlan, shapes: [BindingShape], sets: [VkDescriptorSet], frameSets: [PassStage: VkDescriptorSet],
                      views: [VkImageView], uploadBuffer: VkBuffer, layout: HostLayout, checkBuffer: VkBuffer? = nil) {
        let imageInfoCount = plan.passes.reduce(0) { $0 + 1 + 2 + $1.images.count }
        let imageInfos = UnsafeMutableBufferPointer<VkDescriptorImageInfo>.allocate(capacity: max(imageInfoCount, 1))
        let bufferInfos = UnsafeMutableBufferPointer<VkDescriptorBufferInfo>.allocate(capacity: plan.passes.count * 3 + 2)
        defer {
            imageInfos.deallocate()
            bufferInfos.deallocate()
        }
        var writes: [VkWriteDescriptorSet] = []
        writes.reserveCapacity(imageInfoCount + plan.passes.count * 3 + 2)
        var nextImage = 0, nextBuffer = 0

        func write(_ set: VkDescriptorSet, _ binding: UInt32, _ type: VkDescriptorType,
                   image: VkDescriptorImageInfo? = nil, buffer: VkDescriptorBufferInfo? = nil) {
            var w = VkWriteDescriptorSet()
            w.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
            w.dstSet = set
            w.dstBinding = binding
            w.descriptorCount = 1
            w.descriptorType = type
            if let image {
                imageInfos[nextImage] = image
                w.pImageInfo = UnsafePointer(imageInfos.baseAddress! + nextImage)
                nextImage += 1
            }
            if let buffer {
                bufferInfos[nextBuffer] = buffer
                w.pBufferInfo = UnsafePointer(bufferInfos.baseAddress! + nextBuffer)
                nextBuffer += 1
            }
            writes.append(w)
        }
        func sampled(_ id: TextureID) -> VkDescriptorImageInfo {
            // The sampler is immutable in the set layout.
            VkDescriptorImageInfo(sampler: nil, imageView: views[id.index], imageLayout: VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)
        }

        for set in frameSets.values {
            write(set, KernelABI.frameBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
                  buffer: VkDescriptorBufferInfo(buffer: uploadBuffer, offset: 0, range: VkDeviceSize(FrameConstants.blockRange)))
        }
        for (i, pass) in plan.passes.enumerated() {
            let set = sets[i]
            let interface = pass.kernel.interface
            if shapes[i].writesStorageImage {
                write(set, KernelABI.outputBinding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                      image: VkDescriptorImageInfo(sampler: nil, imageView: views[pass.output.index], imageLayout: VK_IMAGE_LAYOUT_GENERAL))
            }
            if interface.readsLayer, let layer = pass.layer {
                write(set, KernelABI.layerBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, image: sampled(layer))
            }
            if interface.readsDestination, let destination = pass.destination {
                write(set, KernelABI.destinationBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, image: sampled(destination))
            }
            if let offset = layout.argumentOffsets[i] {
                write(set, KernelABI.argumentsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                      buffer: VkDescriptorBufferInfo(buffer: uploadBuffer, offset: VkDeviceSize(offset), range: VkDeviceSize(layout.argumentRanges[i])))
            }
            if let slot = layout.arrayRanges[i] {
                write(set, KernelABI.arraysBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                      buffer: VkDescriptorBufferInfo(buffer: uploadBuffer, offset: VkDeviceSize(slot.offset), range: VkDeviceSize(slot.size)))
            }
            for (k, image) in pass.images.enumerated() {
                write(set, KernelABI.firstImageBinding + UInt32(k), VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, image: sampled(image))
            }
            if shapes[i].checked, let checkBuffer {
                write(set, KernelABI.checkBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                      buffer: VkDescriptorBufferInfo(buffer: checkBuffer, offset: VkDeviceSize(i * CheckCounters.slotStride),
                                                     range: VkDeviceSize(CheckCounters.words * 4)))
            }
        }
        writes.withUnsafeBufferPointer { vkUpdateDescriptorSets(device, UInt32($0.count), $0.baseAddress, 0, nil) }
    }
}
