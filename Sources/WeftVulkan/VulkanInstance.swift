import CVulkan
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Vulkan 1.2+ instance, optionally with the Khronos validation layer and a debug messenger
/// that collects every message into `validationLog`. First step of device setup:
/// instance → `physicalDevices()` → `DeviceSelector` → `VulkanDevice`.
public final class VulkanInstance: @unchecked Sendable {
    public struct Options: Sendable {
        /// Enable VK_LAYER_KHRONOS_validation and VK_EXT_debug_utils. Default: `WEFT_VALIDATION=1`.
        public var validation: Bool
        /// With validation, also enable synchronization validation (barrier hazards).
        public var synchronizationValidation: Bool
        /// Messages below this severity are not collected. Default: warning, or info with
        /// `WEFT_VALIDATION=info` (verbose with `WEFT_VALIDATION=verbose`).
        public var minimumMessageSeverity: ValidationMessage.Severity
        public var applicationName: String
        /// More instance extensions to enable (a window system's surface extensions, for `VulkanPresenter`).
        public var extensions: [String]

        public init(validation: Bool = VulkanInstance.validationRequestedByEnvironment,
                    synchronizationValidation: Bool = true,
                    minimumMessageSeverity: ValidationMessage.Severity = VulkanInstance.messageSeverityFromEnvironment,
                    applicationName: String = "weft", extensions: [String] = []) {
            self.validation = validation
            self.synchronizationValidation = synchronizationValidation
            self.minimumMessageSeverity = minimumMessageSeverity
            self.applicationName = applicationName
            self.extensions = extensions
        }
    }

    /// `WEFT_VALIDATION` is set to something other than empty or `0`.
    public static var validationRequestedByEnvironment: Bool {
        guard let v = getenv("WEFT_VALIDATION").map({ String(cString: $0) }) else { return false }
        return !v.isEmpty && v != "0"
    }

    /// The least severe message collected: `WEFT_VALIDATION=info` or `verbose` lowers it from warning.
    public static var messageSeverityFromEnvironment: ValidationMessage.Severity {
        switch getenv("WEFT_VALIDATION").map({ String(cString: $0).lowercased() }) {
        case "info": .info
        case "verbose": .verbose
        default: .warning
        }
    }

    static let validationLayerName = "VK_LAYER_KHRONOS_validation"

    /// The layer's shader validation cache is off: it lives in `$XDG_CACHE_HOME` (or `~/.cache`),
    /// so a run would depend on what an earlier one left there, and a first run on a fresh home
    /// gets an info message saying the file could not be opened.
    static let disabledValidationFeatures = [VK_VALIDATION_FEATURE_DISABLE_SHADER_VALIDATION_CACHE_EXT]

    let handle: VkInstance
    private let messenger: VkDebugUtilsMessengerEXT?
    public let validationEnabled: Bool
    /// Messages collected from the validation layer; empty when validation is off.
    public let validationLog: ValidationLog
    /// The physical devices in enumeration order, with what Weft needs to know about each.
    public let devices: [VulkanDeviceInfo]
    let physicalDevices: [VkPhysicalDevice]

    /// Whether VK_LAYER_KHRONOS_validation is installed.
    public static func validationLayerAvailable() -> Bool {
        var count: UInt32 = 0
        guard vkEnumerateInstanceLayerProperties(&count, nil) == VK_SUCCESS else { return false }
        var layers = [VkLayerProperties](repeating: VkLayerProperties(), count: Int(count))
        guard vkEnumerateInstanceLayerProperties(&count, &layers) == VK_SUCCESS else { return false }
        return layers.prefix(Int(count)).contains { string(fromCArray: $0.layerName) == validationLayerName }
    }

    public init(_ options: Options = Options()) throws(VulkanError) {
        var loaderVersion: UInt32 = 0
        try vkCheck(vkEnumerateInstanceVersion(&loaderVersion), "vkEnumerateInstanceVersion")
        guard loaderVersion >= vkAPIVersion(1, 2) else {
            throw .instanceVersionTooLow(found: vkVersionString(loaderVersion))
        }
        if options.validation && !Self.validationLayerAvailable() { throw .validationLayerMissing }
        let log = ValidationLog(minimumSeverity: options.minimumMessageSeverity)

        let layers = options.validation ? [Self.validationLayerName] : []
        let extensions = (options.validation ? ["VK_EXT_debug_utils"] : []) + options.extensions

        var severities = vkFlags(VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT, VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)
        if options.minimumMessageSeverity <= .info { severities |= VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT.rawValue }
        if options.minimumMessageSeverity <= .verbose { severities |= VK_DEBUG_UTILS_MESSAGE_SEVERITY_VERBOSE_BIT_EXT.rawValue }
        var messengerInfo = VkDebugUtilsMessengerCreateInfoEXT()
        messengerInfo.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT
        messengerInfo.messageSeverity = severities
        messengerInfo.messageType = vkFlags(VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT, VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
                                            VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT)
        messengerInfo.pfnUserCallback = debugUtilsCallback
        messengerInfo.pUserData = Unmanaged.passUnretained(log).toOpaque()

        var instance: VkInstance?
        let result: VkResult = withCStringArray(layers) { layerNames in
            withCStringArray(extensions) { extensionNames in
                options.applicationName.withCString { appName in
                    var app = VkApplicationInfo()
                    app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
                    app.pApplicationName = appName
                    app.pEngineName = appName
                    app.apiVersion = vkAPIVersion(1, 2)
                    var enables = options.synchronizationValidation ? [VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT] : []
                    var disables = Self.disabledValidationFeatures
                    return withUnsafePointer(to: &app) { appPtr in
                        withUnsafeMutablePointer(to: &messengerInfo) { messengerPtr in
                            enables.withUnsafeMutableBufferPointer { enables in
                                disables.withUnsafeMutableBufferPointer { disables in
                                    var features = VkValidationFeaturesEXT()
                                    features.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT
                                    features.enabledValidationFeatureCount = UInt32(enables.count)
                                    features.pEnabledValidationFeatures = UnsafePointer(enables.baseAddress)
                                    features.disabledValidationFeatureCount = UInt32(disables.count)
                                    features.pDisabledValidationFeatures = UnsafePointer(disables.baseAddress)
                                    features.pNext = UnsafeRawPointer(messengerPtr)
                                    return withUnsafePointer(to: &features) { featuresPtr in
                                        var info = VkInstanceCreateInfo()
                                        info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
                                        info.pApplicationInfo = appPtr
                                        if options.validation { info.pNext = UnsafeRawPointer(featuresPtr) }
                                        return layerNames.withUnsafeBufferPointer { l in
                                            extensionNames.withUnsafeBufferPointer { e in
                                                info.enabledLayerCount = UInt32(l.count)
                                                info.ppEnabledLayerNames = l.baseAddress
                                                info.enabledExtensionCount = UInt32(e.count)
                                                info.ppEnabledExtensionNames = e.baseAddress
                                                return vkCreateInstance(&info, nil, &instance)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if result == VK_ERROR_EXTENSION_NOT_PRESENT { throw .extensionMissing(extensions.joined(separator: " or ")) }
        if result == VK_ERROR_LAYER_NOT_PRESENT { throw .validationLayerMissing }
        try vkCheck(result, "vkCreateInstance")
        guard let instance else { throw .call(function: "vkCreateInstance", result: VkResultCode(VK_ERROR_INITIALIZATION_FAILED)) }

        var messenger: VkDebugUtilsMessengerEXT?
        if options.validation {
            guard let proc = vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT") else {
                vkDestroyInstance(instance, nil)
                throw .extensionMissing("VK_EXT_debug_utils")
            }
            let create = unsafeBitCast(proc, to: PFN_vkCreateDebugUtilsMessengerEXT.self)
            let r = create(instance, &messengerInfo, nil, &messenger)
            if r != VK_SUCCESS {
                vkDestroyInstance(instance, nil)
                throw .call(function: "vkCreateDebugUtilsMessengerEXT", result: VkResultCode(r))
            }
        }

        var count: UInt32 = 0
        var physical: [VkPhysicalDevice?] = []
        var r = vkEnumeratePhysicalDevices(instance, &count, nil)
        if r == VK_SUCCESS {
            physical = [VkPhysicalDevice?](repeating: nil, count: Int(count))
            r = vkEnumeratePhysicalDevices(instance, &count, &physical)
        }
        if r.rawValue < 0 {
            Self.destroy(instance, messenger)
            throw .call(function: "vkEnumeratePhysicalDevices", result: VkResultCode(r))
        }
        let handles = physical.prefix(Int(count)).compactMap { $0 }

        self.handle = instance
        self.messenger = messenger
        self.validationEnabled = options.validation
        self.validationLog = log
        self.physicalDevices = handles
        self.devices = handles.enumerated().map { VulkanDeviceInfo(probing: $1, index: $0) }
    }

    deinit { Self.destroy(handle, messenger) }

    private static func destroy(_ instance: VkInstance, _ messenger: VkDebugUtilsMessengerEXT?) {
        if let messenger, let proc = vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT") {
            unsafeBitCast(proc, to: PFN_vkDestroyDebugUtilsMessengerEXT.self)(instance, messenger, nil)
        }
        vkDestroyInstance(instance, nil)
    }
}
