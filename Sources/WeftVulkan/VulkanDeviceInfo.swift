import CVulkan
import WeftRuntime

/// What Weft needs to know about one physical device: identity, driver, the limits that
/// matter for kernels, format support and timestamps. A plain value, so device selection is
/// a pure function that tests can feed with made-up devices.
public struct VulkanDeviceInfo: Sendable, Hashable {
    /// Position in the instance's enumeration order.
    public var index: Int
    public var name: String
    public var kind: DeviceKind
    public var vendorID: UInt32
    public var deviceID: UInt32
    /// `VkDriverId` (0 when the device does not report one).
    public var driverID: UInt32
    public var driverName: String
    public var driverInfo: String
    /// Packed Vulkan version the device supports.
    public var apiVersion: UInt32
    public var pipelineCacheUUID: [UInt8]
    /// `VkPhysicalDeviceIDProperties.deviceUUID`: on NVIDIA's driver the UUID `nvidia-smi -L` prints (`uuidString`).
    public var deviceUUID: [UInt8]
    /// Where the device sits on the PCI bus (VK_EXT_pci_bus_info); nil where the driver does not say (lavapipe).
    public var pciAddress: PCIAddress?

    public var maxImageDimension2D: UInt32
    public var maxComputeWorkGroupInvocations: UInt32
    public var maxComputeWorkGroupSize: [UInt32]
    public var maxComputeWorkGroupCount: [UInt32]
    public var maxPushConstantsSize: UInt32
    public var minUniformBufferOffsetAlignment: UInt64
    public var minStorageBufferOffsetAlignment: UInt64
    public var nonCoherentAtomSize: UInt64

    /// Storage-image support (STORAGE_IMAGE format feature, optimal tiling).
    public var storageRGBA8: Bool
    public var storageRGBA16F: Bool
    /// Sampled with linear filtering (SAMPLED_IMAGE_FILTER_LINEAR, optimal tiling).
    public var sampledLinearRGBA8: Bool
    public var sampledLinearRGBA16F: Bool

    /// VK_NV_compute_shader_derivatives with quad derivative groups: kernels that use
    /// `dFdx`/`dFdy`/`fwidth` can run as compute.
    public var computeDerivatives: Bool
    /// VK_KHR_dynamic_rendering with its feature: colour attachments can be drawn without
    /// render-pass and framebuffer objects.
    public var dynamicRendering: Bool
    /// The chosen compute queue family also has graphics (needed for fragment passes).
    public var computeQueueHasGraphics: Bool
    /// VK_KHR_pipeline_executable_properties with `pipelineExecutableInfo`: the driver reports statistics of the code
    /// it compiled (registers, instructions; names and values are the driver's own).
    public var pipelineExecutableInfo: Bool

    /// Index of a queue family with compute support, preferring one without graphics; nil if none.
    public var computeQueueFamily: UInt32?
    public var timestampValidBits: UInt32
    /// Nanoseconds per timestamp tick.
    public var timestampPeriod: Float

    public init(index: Int = 0, name: String, kind: DeviceKind, vendorID: UInt32 = 0, deviceID: UInt32 = 0,
                driverID: UInt32 = 0, driverName: String = "", driverInfo: String = "",
                apiVersion: UInt32 = (1 << 22) | (3 << 12), pipelineCacheUUID: [UInt8] = Array(repeating: 0, count: 16),
                deviceUUID: [UInt8] = Array(repeating: 0, count: 16), pciAddress: PCIAddress? = nil,
                maxImageDimension2D: UInt32 = 16384, maxComputeWorkGroupInvocations: UInt32 = 1024,
                maxComputeWorkGroupSize: [UInt32] = [1024, 1024, 64], maxComputeWorkGroupCount: [UInt32] = [65535, 65535, 65535],
                maxPushConstantsSize: UInt32 = 128, minUniformBufferOffsetAlignment: UInt64 = 256,
                minStorageBufferOffsetAlignment: UInt64 = 256, nonCoherentAtomSize: UInt64 = 256,
                storageRGBA8: Bool = true, storageRGBA16F: Bool = true,
                sampledLinearRGBA8: Bool = true, sampledLinearRGBA16F: Bool = true,
                computeDerivatives: Bool = false, dynamicRendering: Bool = false, computeQueueHasGraphics: Bool = true,
                pipelineExecutableInfo: Bool = false, computeQueueFamily: UInt32? = 0, timestampValidBits: UInt32 = 64, timestampPeriod: Float = 1) {
        self.index = index
        self.name = name
        self.kind = kind
        self.vendorID = vendorID
        self.deviceID = deviceID
        self.driverID = driverID
        self.driverName = driverName
        self.driverInfo = driverInfo
        self.apiVersion = apiVersion
        self.pipelineCacheUUID = pipelineCacheUUID
        self.deviceUUID = deviceUUID
        self.pciAddress = pciAddress
        self.maxImageDimension2D = maxImageDimension2D
        self.maxComputeWorkGroupInvocations = maxComputeWorkGroupInvocations
        self.maxComputeWorkGroupSize = maxComputeWorkGroupSize
        self.maxComputeWorkGroupCount = maxComputeWorkGroupCount
        self.maxPushConstantsSize = maxPushConstantsSize
        self.minUniformBufferOffsetAlignment = minUniformBufferOffsetAlignment
        self.minStorageBufferOffsetAlignment = minStorageBufferOffsetAlignment
        self.nonCoherentAtomSize = nonCoherentAtomSize
        self.storageRGBA8 = storageRGBA8
        self.storageRGBA16F = storageRGBA16F
        self.sampledLinearRGBA8 = sampledLinearRGBA8
        self.sampledLinearRGBA16F = sampledLinearRGBA16F
        self.computeDerivatives = computeDerivatives
        self.dynamicRendering = dynamicRendering
        self.computeQueueHasGraphics = computeQueueHasGraphics
        self.pipelineExecutableInfo = pipelineExecutableInfo
        self.computeQueueFamily = computeQueueFamily
        self.timestampValidBits = timestampValidBits
        self.timestampPeriod = timestampPeriod
    }

    public var apiVersionString: String { vkVersionString(apiVersion) }

    /// Kernels that use derivatives run as fragment passes here: the device has no compute
    /// derivatives, but its queue has graphics. They are drawn with dynamic rendering where the
    /// device has it, and with a render pass and framebuffer otherwise.
    public var fragmentPassFallback: Bool {
        !computeDerivatives && computeQueueHasGraphics
    }

    /// Mesa's lavapipe (llvmpipe) CPU device.
    public var isLavapipe: Bool { driverID == UInt32(VK_DRIVER_ID_MESA_LLVMPIPE.rawValue) }

    /// Whether timestamps written around compute dispatches measure them. Lavapipe's timestamp
    /// queries do not bracket compute work, so its timestamps are not trusted.
    public var timestampsTrusted: Bool {
        timestampValidBits > 0 && timestampPeriod > 0 && !isLavapipe
    }

    /// The executor-level description.
    public var deviceDescription: DeviceDescription {
        DeviceDescription(name: name, kind: kind, driver: driverInfo.isEmpty ? driverName : "\(driverName) \(driverInfo)",
                          apiVersion: apiVersionString)
    }
}

extension VulkanDeviceInfo {
    static let computeDerivativesExtension = "VK_NV_compute_shader_derivatives"
    static let dynamicRenderingExtension = "VK_KHR_dynamic_rendering"
    static let pipelineExecutablePropertiesExtension = "VK_KHR_pipeline_executable_properties"
    static let pciBusInfoExtension = "VK_EXT_pci_bus_info"

    static func extensions(of device: VkPhysicalDevice) -> Set<String> {
        var count: UInt32 = 0
        guard vkEnumerateDeviceExtensionProperties(device, nil, &count, nil) == VK_SUCCESS else { return [] }
        var properties = [VkExtensionProperties](repeating: VkExtensionProperties(), count: Int(count))
        guard vkEnumerateDeviceExtensionProperties(device, nil, &count, &properties) == VK_SUCCESS else { return [] }
        return Set(properties.prefix(Int(count)).map { string(fromCArray: $0.extensionName) })
    }

    init(probing device: VkPhysicalDevice, index: Int) {
        var basic = VkPhysicalDeviceProperties()
        vkGetPhysicalDeviceProperties(device, &basic)
        let extensions = Self.extensions(of: device)
        // Driver properties are core in 1.2, the device UUID in 1.1; the PCI address needs its extension.
        var driver = VkPhysicalDeviceDriverProperties()
        driver.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES
        var identity = VkPhysicalDeviceIDProperties()
        identity.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES
        var pci = VkPhysicalDevicePCIBusInfoPropertiesEXT()
        pci.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PCI_BUS_INFO_PROPERTIES_EXT
        let hasDriverProperties = basic.apiVersion >= vkAPIVersion(1, 2)
        let hasIdentity = basic.apiVersion >= vkAPIVersion(1, 1)
        let hasPCI = hasIdentity && extensions.contains(Self.pciBusInfoExtension)
        if hasIdentity {
            withUnsafeMutablePointer(to: &driver) { driverPtr in
                withUnsafeMutablePointer(to: &identity) { identityPtr in
                    withUnsafeMutablePointer(to: &pci) { pciPtr in
                        let pciLink: UnsafeMutableRawPointer? = hasPCI ? UnsafeMutableRawPointer(pciPtr) : nil
                        driverPtr.pointee.pNext = pciLink
                        identityPtr.pointee.pNext = hasDriverProperties ? UnsafeMutableRawPointer(driverPtr) : pciLink
                        var properties2 = VkPhysicalDeviceProperties2()
                        properties2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
                        properties2.pNext = UnsafeMutableRawPointer(identityPtr)
                        vkGetPhysicalDeviceProperties2(device, &properties2)
                    }
                }
            }
        }
        let p = basic
        let limits = p.limits

        func support(_ format: VkFormat) -> (storage: Bool, linear: Bool) {
            var fp = VkFormatProperties()
            vkGetPhysicalDeviceFormatProperties(device, format, &fp)
            let f = fp.optimalTilingFeatures
            let required = vkFlags(VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT, VK_FORMAT_FEATURE_TRANSFER_SRC_BIT, VK_FORMAT_FEATURE_TRANSFER_DST_BIT)
            return (f & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT.rawValue != 0,
                    f & required == required && f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT.rawValue != 0)
        }
        let rgba8 = support(VK_FORMAT_R8G8B8A8_UNORM)
        let rgba16 = support(VK_FORMAT_R16G16B16A16_SFLOAT)

        var familyCount: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(device, &familyCount, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(familyCount))
        vkGetPhysicalDeviceQueueFamilyProperties(device, &familyCount, &families)
        let computeFamilies = families.indices.filter { families[$0].queueFlags & VK_QUEUE_COMPUTE_BIT.rawValue != 0 }
        // A family with graphics as well usually has the most compute units on desktop GPUs'
        // universal queue; prefer it, then any compute family.
        let chosen = computeFamilies.first { families[$0].queueFlags & VK_QUEUE_GRAPHICS_BIT.rawValue != 0 } ?? computeFamilies.first

        let kind: DeviceKind = switch p.deviceType {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: .discreteGPU
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: .integratedGPU
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: .virtualGPU
        case VK_PHYSICAL_DEVICE_TYPE_CPU: .cpuDevice
        default: .other
        }
        let derivatives = extensions.contains(Self.computeDerivativesExtension)
            && Self.features(VkPhysicalDeviceComputeShaderDerivativesFeaturesNV(), \.sType, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COMPUTE_SHADER_DERIVATIVES_FEATURES_NV, of: device).computeDerivativeGroupQuads != 0
        let dynamicRendering = extensions.contains(Self.dynamicRenderingExtension)
            && Self.features(VkPhysicalDeviceDynamicRenderingFeatures(), \.sType, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES, of: device).dynamicRendering != 0
        let executableInfo = extensions.contains(Self.pipelineExecutablePropertiesExtension)
            && Self.features(VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR(), \.sType, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR, of: device).pipelineExecutableInfo != 0
        let wgSize = limits.maxComputeWorkGroupSize
        let wgCount = limits.maxComputeWorkGroupCount
        self.init(
            index: index, name: string(fromCArray: p.deviceName), kind: kind,
            vendorID: p.vendorID, deviceID: p.deviceID,
            driverID: hasDriverProperties ? driver.driverID.rawValue : 0,
            driverName: hasDriverProperties ? string(fromCArray: driver.driverName) : "",
            driverInfo: hasDriverProperties ? string(fromCArray: driver.driverInfo) : "",
            apiVersion: p.apiVersion,
            pipelineCacheUUID: withUnsafeBytes(of: p.pipelineCacheUUID) { Array($0) },
            deviceUUID: hasIdentity ? withUnsafeBytes(of: identity.deviceUUID) { Array($0) } : Array(repeating: 0, count: 16),
            pciAddress: hasPCI ? PCIAddress(domain: pci.pciDomain, bus: pci.pciBus, device: pci.pciDevice, function: pci.pciFunction) : nil,
            maxImageDimension2D: limits.maxImageDimension2D,
            maxComputeWorkGroupInvocations: limits.maxComputeWorkGroupInvocations,
            maxComputeWorkGroupSize: [wgSize.0, wgSize.1, wgSize.2],
            maxComputeWorkGroupCount: [wgCount.0, wgCount.1, wgCount.2],
            maxPushConstantsSize: limits.maxPushConstantsSize,
            minUniformBufferOffsetAlignment: limits.minUniformBufferOffsetAlignment,
            minStorageBufferOffsetAlignment: limits.minStorageBufferOffsetAlignment,
            nonCoherentAtomSize: limits.nonCoherentAtomSize,
            storageRGBA8: rgba8.storage, storageRGBA16F: rgba16.storage,
            sampledLinearRGBA8: rgba8.linear, sampledLinearRGBA16F: rgba16.linear,
            computeDerivatives: derivatives, dynamicRendering: dynamicRendering,
            computeQueueHasGraphics: chosen.map { families[$0].queueFlags & VK_QUEUE_GRAPHICS_BIT.rawValue != 0 } ?? false,
            pipelineExecutableInfo: executableInfo,
            computeQueueFamily: chosen.map { UInt32($0) },
            timestampValidBits: chosen.map { families[$0].timestampValidBits } ?? 0,
            timestampPeriod: limits.timestampPeriod)
    }
}

extension VulkanDeviceInfo {
    /// `empty` with its `sType` set to `type`, filled by vkGetPhysicalDeviceFeatures2.
    static func features<Feature>(_ empty: Feature, _ sType: WritableKeyPath<Feature, VkStructureType>, _ type: VkStructureType,
                                  of device: VkPhysicalDevice) -> Feature {
        var feature = empty
        feature[keyPath: sType] = type
        withUnsafeMutablePointer(to: &feature) { featurePtr in
            var features2 = VkPhysicalDeviceFeatures2()
            features2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
            features2.pNext = UnsafeMutableRawPointer(featurePtr)
            vkGetPhysicalDeviceFeatures2(device, &features2)
        }
        return feature
    }
}
