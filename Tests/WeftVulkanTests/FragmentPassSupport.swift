import Testing
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

/// Whether the selected device runs derivative kernels as fragment passes.
enum FragmentPassEnvironment {
    static let available: Bool = {
        guard VulkanAvailability.available, let instance = try? VulkanInstance(.init(validation: false)),
              let device = try? DeviceSelector(requestedName: nil).select(from: instance.devices) else { return false }
        return device.fragmentPassFallback
    }()

    static let comment = Comment(rawValue: "the selected device has compute derivatives or no fragment-pass fallback")
}

/// How a test's fragment passes are drawn.
enum FragmentDrawing: String, CaseIterable, CustomTestStringConvertible {
    /// VK_KHR_dynamic_rendering (what lavapipe gets).
    case dynamicRendering
    /// A render pass and a framebuffer per pass, as on devices without dynamic rendering (forced
    /// by opening the device as if it lacked the extension).
    case renderPasses

    var testDescription: String { rawValue }
}

/// Like `withExecutor`, with fragment passes drawn as `drawing` says; the validation log is
/// checked after the executor and its device are gone too (so leaked objects would show).
func withExecutor(drawing: FragmentDrawing, _ body: (VulkanExecutor) throws -> Void) throws {
    let instance = try VulkanInstance(.init(validation: true, minimumMessageSeverity: .info))
    try {
        var info = try DeviceSelector(requestedName: nil).select(from: instance.devices)
        if drawing == .renderPasses { info.dynamicRendering = false }
        let device = try VulkanDevice(instance: instance, device: info)
        #expect((device.dynamicRendering != nil) == (drawing == .dynamicRendering))
        try body(try VulkanExecutor(device: device, pipelineCache: .directory(temporaryDirectory())))
    }()
    expectNoValidationFailures(instance.validationLog.messages)
}

/// The kernel of `function` in a library made from `source` (no disk cache).
func libraryKernel(_ source: String, function: String, format: PixelFormat = .rgba16Float) throws -> CompiledKernel {
    let library = try ShaderLibrary(source: source, cache: .disabled())
    return try library.compile(library.function(named: function), outputFormat: format).kernel
}

/// A std140 argument block of `size` bytes with `floats` at their byte offsets.
func argumentBlock(size: Int, _ floats: [(offset: Int, value: Float)]) -> [UInt8] {
    argumentBlock(size: size, words: floats.map { ($0.offset, $0.value.bitPattern) })
}

/// A std140 argument block of `size` bytes with 32-bit `words` at their byte offsets.
func argumentBlock(size: Int, words: [(offset: Int, value: UInt32)]) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: size)
    for (offset, value) in words {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for k in 0..<4 { bytes[offset + k] = raw[k] }
        }
    }
    return bytes
}

/// Derivatives over 2×2 quads as Vulkan defines them, of a function of the pixel (i, j).
/// A quad's pixels are (i0, j0) … (i0 + 1, j0 + 1) with i0, j0 even; partial quads at the
/// edges still evaluate all four pixels (helper invocations).
struct QuadDerivatives {
    let f: (Int, Int) -> Float

    /// dFdxFine: the difference along the pixel's own row of its quad.
    func dxFine(_ i: Int, _ j: Int) -> Float { f(i | 1, j) - f(i & ~1, j) }
    /// dFdyFine: the difference along the pixel's own column of its quad.
    func dyFine(_ i: Int, _ j: Int) -> Float { f(i, j | 1) - f(i, j & ~1) }
    /// What dFdxCoarse may return: one value for the whole quad, from either of its rows.
    func dxCoarseChoices(_ i: Int, _ j: Int) -> [Float] { [dxFine(i, j & ~1), dxFine(i, j | 1)] }
    func dyCoarseChoices(_ i: Int, _ j: Int) -> [Float] { [dyFine(i & ~1, j), dyFine(i | 1, j)] }
}
