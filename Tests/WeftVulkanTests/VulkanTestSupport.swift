import Foundation
import Testing
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

/// Facts about the Vulkan device these tests run on.
enum VulkanTestEnvironment {
    /// Whether the selected device runs derivative kernels as compute.
    static let selectedDeviceHasComputeDerivatives: Bool = {
        guard VulkanAvailability.available, let instance = try? VulkanInstance(.init(validation: false)),
              let device = try? DeviceSelector(requestedName: nil).select(from: instance.devices) else { return false }
        return device.computeDerivatives
    }()
}

/// A fresh executor with validation (including synchronization validation, and messages down to
/// info level) and a private pipeline-cache directory.
func makeExecutor(cacheDirectory: String? = nil, pipelineCache: PipelineCacheLocation? = nil,
                  submissionTimeout: Duration = VulkanExecutor.defaultSubmissionTimeout,
                  timeoutPerMegapixel: Duration = VulkanExecutor.defaultTimeoutPerMegapixel) throws -> VulkanExecutor {
    let device = try VulkanDevice(selector: DeviceSelector(requestedName: nil),
                                  instanceOptions: VulkanInstance.Options(validation: true, minimumMessageSeverity: .info))
    return try VulkanExecutor(device: device, pipelineCache: pipelineCache ?? .directory(cacheDirectory ?? temporaryDirectory()),
                              submissionTimeout: submissionTimeout, timeoutPerMegapixel: timeoutPerMegapixel)
}

/// Expects no validation failure (warning or error; docs/vulkan.md) in `messages`; every message
/// collected, info included, is shown when there is one.
func expectNoValidationFailures(_ messages: [ValidationMessage], sourceLocation: SourceLocation = #_sourceLocation) {
    let failures = messages.filter(\.isFailure)
    #expect(failures.isEmpty, "validation messages:\n\(messages.map(\.description).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
}

func temporaryDirectory() -> String { temporaryFolder("weft-vulkan-tests").path }

/// Runs `body` with a fresh validated executor and expects no validation failure afterwards.
func withExecutor(_ body: (VulkanExecutor) throws -> Void) throws {
    let executor = try makeExecutor()
    try body(executor)
    expectNoValidationFailures(executor.validationMessages)
}

/// A hand-written kernel following docs/kernel-abi.md.
func makeKernel(_ name: String, kind: EffectKind, format: PixelFormat = .rgba16Float,
                arguments: String = "", argumentBlockSize: Int = 0, readsArrays: Bool = false, imageCount: Int = 0,
                functions: String = "", result: String) throws -> CompiledKernel {
    var source = """
    #version 450
    layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;
    layout(binding = 0, \(format.glslQualifier)) uniform writeonly image2D weftOutput;

    """
    if kind.readsLayer { source += "layout(binding = 1) uniform sampler2D weftLayer;\n" }
    if kind.readsDestination { source += "layout(binding = 2) uniform sampler2D weftDestination;\n" }
    if argumentBlockSize > 0 { source += KernelABI.argumentBlockDeclaration(members: arguments + "\n", instance: "weftArguments") }
    if readsArrays { source += "layout(binding = 4, std430) readonly buffer WeftArrays { float weftArrayData[]; };\n" }
    for i in 0..<imageCount { source += "layout(binding = \(5 + i)) uniform sampler2D weftImage\(i);\n" }
    source += FrameConstants.glslDeclaration + "\n"
    source += """
    vec4 weftLoad(sampler2D tex, vec2 origin, vec2 size, vec2 position) {
        ivec2 t = ivec2(floor((position - origin) * weft.scale));
        if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, ivec2(size)))) return vec4(0.0);
        return texelFetch(tex, t, 0);
    }

    """
    if kind.readsLayer {
        source += """
        vec4 sampleLayer(vec2 p) {
            return textureLod(weftLayer, (p - weft.layerOrigin) * weft.scale / weft.layerSize, 0.0);
        }

        """
    }
    source += functions + """

    void main() {
        ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
        if (any(greaterThanEqual(pixel, weft.outputSize))) return;
        vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
        vec4 result = \(result);
        imageStore(weftOutput, pixel, result);
    }
    """
    let spirv = try GLSLCompiler.compileCompute(source)
    let interface = KernelInterface(readsLayer: kind.readsLayer, readsDestination: kind.readsDestination,
                                    argumentBlockSize: argumentBlockSize, readsArrays: readsArrays,
                                    imageCount: imageCount, usesDerivatives: false)
    var hasher = Hasher()
    hasher.combine(source)
    return CompiledKernel(name: name, kind: kind, outputFormat: format, spirv: spirv, interface: interface,
                          cacheKey: "\(name)-\(format.rawValue)-\(spirv.count)-\(source.hashValue)")
}

/// Frame constants for an output of `size` pixels at `origin` (points) and `scale`.
func frame(output size: (Int, Int), origin: SIMD2<Float> = .zero, scale: Float = 1) -> FrameConstants {
    var f = FrameConstants()
    f.outputOrigin = origin
    f.outputSize = SIMD2(Int32(size.0), Int32(size.1))
    f.scale = scale
    f.viewSize = SIMD2(Float(size.0), Float(size.1)) / scale
    return f
}

/// A buffer whose texel (x, y) is `value(x, y)`.
func pixels(_ width: Int, _ height: Int, _ format: PixelFormat, _ value: (Int, Int) -> SIMD4<Float>) -> PixelBuffer {
    var buffer = PixelBuffer.blank(width: width, height: height, format: format)
    for y in 0..<height { for x in 0..<width { buffer[x, y] = value(x, y) } }
    return buffer
}

/// Expects every texel of `actual` to be within `tolerance` of `expected(x, y)` after storage in
/// `actual.format` (values are rounded through that format before comparing).
func expectPixels(_ actual: PixelBuffer?, tolerance: Float = 0, sourceLocation: SourceLocation = #_sourceLocation,
                  _ expected: (Int, Int) -> SIMD4<Float>) {
    guard let actual else {
        Issue.record("no output was read back", sourceLocation: sourceLocation)
        return
    }
    var failures: [String] = []
    for y in 0..<actual.height {
        for x in 0..<actual.width {
            var stored = PixelBuffer.blank(width: 1, height: 1, format: actual.format)
            stored[0, 0] = expected(x, y)
            let want = stored[0, 0]
            let got = actual[x, y]
            let difference = got - want
            if (0..<4).contains(where: { Swift.abs(difference[$0]) > tolerance + 1e-6 }) {
                failures.append("(\(x), \(y)): got \(got), expected \(want)")
            }
        }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(actual.pixelCount) pixels differ, first: \(failures.prefix(5).joined(separator: "; "))",
            sourceLocation: sourceLocation)
}
