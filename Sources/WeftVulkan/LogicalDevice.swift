import CVulkan

/// `vkCreateDevice` with one queue of `family` at priority 1 and `extensions` enabled; `features` is the create info's
/// `pNext` chain (nil for none), which must stay valid for the call. Shared by the executor's device and the preview's.
func createLogicalDevice(_ physical: VkPhysicalDevice, family: UInt32, extensions: [String],
                         features: UnsafeRawPointer?, into device: inout VkDevice?) -> VkResult {
    var priority: Float = 1
    return withUnsafePointer(to: &priority) { priorityPtr in
        var queueInfo = VkDeviceQueueCreateInfo()
        queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
        queueInfo.queueFamilyIndex = family
        queueInfo.queueCount = 1
        queueInfo.pQueuePriorities = priorityPtr
        return withUnsafePointer(to: &queueInfo) { queuePtr in
            withCStringArray(extensions) { names in
                names.withUnsafeBufferPointer { namesPtr in
                    var createInfo = VkDeviceCreateInfo()
                    createInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
                    createInfo.pNext = features
                    createInfo.queueCreateInfoCount = 1
                    createInfo.pQueueCreateInfos = queuePtr
                    createInfo.enabledExtensionCount = UInt32(namesPtr.count)
                    createInfo.ppEnabledExtensionNames = namesPtr.baseAddress
                    return vkCreateDevice(physical, &createInfo, nil, &device)
                }
            }
        }
    }
}
