import CVulkan
import Synchronization

/// One message from the validation layer (or the driver) through VK_EXT_debug_utils.
public struct ValidationMessage: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: Int, Sendable, Comparable, CustomStringConvertible {
        case verbose, info, warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
        public var description: String { ["verbose", "info", "warning", "error"][rawValue] }
    }
    public var severity: Severity
    /// "general", "validation" or "performance", joined by "+".
    public var type: String
    /// The message's id name, e.g. `VUID-VkSamplerCreateInfo-anisotropyEnable-01070`.
    public var idName: String
    public var text: String

    public var description: String { "[\(severity) \(type)] \(idName): \(text)" }

    /// Warnings and errors are failures: they are about how Weft uses the API. Info and verbose
    /// messages are the layer's and the driver's own status reports (docs/vulkan.md).
    public var isFailure: Bool { severity >= .warning }
}

/// Collects validation messages from any thread. Messages from the loader and messages
/// below `minimumSeverity` are dropped.
public final class ValidationLog: Sendable {
    private let storage = Mutex<[ValidationMessage]>([])
    public let minimumSeverity: ValidationMessage.Severity

    public init(minimumSeverity: ValidationMessage.Severity = .warning) {
        self.minimumSeverity = minimumSeverity
    }

    /// Every message collected so far.
    public var messages: [ValidationMessage] { storage.withLock { $0 } }

    /// How many messages have been collected so far.
    public var count: Int { storage.withLock { $0.count } }

    /// The messages collected after the first `count` (`count` read earlier), without removing any.
    public func messages(after count: Int) -> [ValidationMessage] {
        storage.withLock { Array($0.dropFirst(count)) }
    }

    /// The messages collected so far that are failures (warnings and errors).
    public var failures: [ValidationMessage] { messages.filter(\.isFailure) }

    /// Returns the messages collected so far and empties the log.
    public func drain() -> [ValidationMessage] {
        storage.withLock { m in
            let out = m
            m.removeAll()
            return out
        }
    }

    static let chatterIDs: Set<String> = ["Loader Message", "UNASSIGNED-khronos-validation-createinstance-status-message"]

    func record(_ message: ValidationMessage) {
        guard message.severity >= minimumSeverity else { return }
        // Status chatter from the loader (layer and driver discovery) and the layer's own
        // "validation active" notice is not about Weft's use of the API.
        if message.severity < .warning && Self.chatterIDs.contains(message.idName) { return }
        storage.withLock { $0.append(message) }
    }
}

/// The C callback VK_EXT_debug_utils calls; `userData` is an unretained `ValidationLog`.
let debugUtilsCallback: PFN_vkDebugUtilsMessengerCallbackEXT = { severityBits, typeBits, data, userData in
    guard let data, let userData else { return VkBool32(VK_FALSE) }
    let log = Unmanaged<ValidationLog>.fromOpaque(userData).takeUnretainedValue()
    let severity: ValidationMessage.Severity
    switch severityBits {
    case VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT: severity = .error
    case VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT: severity = .warning
    case VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT: severity = .info
    default: severity = .verbose
    }
    var types: [String] = []
    if typeBits & VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT.rawValue != 0 { types.append("general") }
    if typeBits & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT.rawValue != 0 { types.append("validation") }
    if typeBits & VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT.rawValue != 0 { types.append("performance") }
    let message = ValidationMessage(
        severity: severity,
        type: types.joined(separator: "+"),
        idName: data.pointee.pMessageIdName.map { String(cString: $0) } ?? "",
        text: data.pointee.pMessage.map { String(cString: $0) } ?? "")
    log.record(message)
    return VkBool32(VK_FALSE)
}
