import Foundation
import Testing
import WeftImage
import WeftRuntime
@testable import WeftShaders
import WeftTestSupport
import WeftVulkan

/// Generated kernels run on a real executor (Vulkan, lavapipe here, with validation): the
/// wrapper's coordinates, inputs, argument block, arrays and images behave as
/// docs/kernel-abi.md and docs/authoring.md say, and every stock effect's output is
/// premultiplied-correct.
private enum Device {
    static let executor: VulkanExecutor? = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-shaders-exec-\(UUID().uuidString)").path
        return try? VulkanExecutor(options: .init(deviceName: nil, validation: true, pipelineCache: .directory(directory)))
    }()
}

/// A premultiplied pattern with transparent and translucent pixels.
private func pattern(_ width: Int, _ height: Int, format: PixelFormat) -> PixelBuffer {
    var p = PixelBuffer.blank(width: width, height: height, format: format)
    for y in 0..<height {
        for x in 0..<width {
            let a = Float((x * 7 + y * 3) % 9) / 8
            p[x, y] = SIMD4(a * Float(x % 5) / 4, a * Float(y % 3) / 2, a * 0.5, a)
        }
    }
    return p
}

/// Runs one shader over a view of `viewSize` points at `scale`, with `padding` points around
/// it for layer and distortion effects; returns the output and the validation messages.
private func render(_ shader: Shader, format: PixelFormat, viewSize: SIMD2<Int>, scale: Float = 1, padding: Float = 0,
                    context: EffectRequest? = nil) throws -> PixelBuffer {
    let executor = try #require(Device.executor)
    let kernel = try shader.kernel(outputFormat: format)
    let pad = shader.function.kind.samplesNeighbourhood ? padding : 0
    let width = Int((Float(viewSize.x) + 2 * pad) * scale), height = Int((Float(viewSize.y) + 2 * pad) * scale)
    let context = context ?? EffectRequest(outputFormat: format, colorMode: format == .rgba8Unorm ? .nonLinear : .linear,
                                           viewSize: SIMD2(Float(viewSize.x), Float(viewSize.y)))
    let bound = shader.bind(context)
    var plan = RenderPlan()
    var frame = FrameConstants()
    frame.outputOrigin = SIMD2(repeating: -pad)
    frame.outputSize = SIMD2(Int32(width), Int32(height))
    frame.scale = scale
    frame.viewSize = context.viewSize
    context.frame.write(into: &frame)
    var layer: TextureID?
    var destination: TextureID?
    if kernel.interface.readsLayer {
        layer = plan.addUpload(pattern(width, height, format: format))
        frame.layerOrigin = SIMD2(repeating: -pad)
        frame.layerSize = SIMD2(Float(width), Float(height))
    }
    if kernel.interface.readsDestination {
        var d = pattern(height, width, format: format) // transposed sizes give a different pattern
        d = PixelBuffer.wrapping(width: width, height: height, format: format, bytes: Array(d.bytes.prefix(width * height * format.bytesPerPixel)))
        destination = plan.addUpload(d)
        frame.destinationOrigin = SIMD2(repeating: -pad)
        frame.destinationSize = SIMD2(Float(width), Float(height))
    }
    let images = bound.images.map { plan.addUpload($0) }
    let output = plan.addTexture(TextureDescriptor(width: width, height: height, format: format))
    plan.passes.append(KernelPass(kernel: kernel, output: output, layer: layer, destination: destination, images: images,
                                  frame: frame, arguments: bound.argumentBlock, arrayData: kernel.interface.readsArrays ? bound.arrayData : [],
                                  maxSampleOffset: pad > 0 ? SIMD2(repeating: pad) : nil))
    plan.readbacks = [output]
    let result = try executor.execute(plan)
    let messages = executor.validationMessages
    #expect(messages.isEmpty, "\(shader.function.name): \(messages.map(\.description).joined(separator: "\n"))")
    return try #require(result.outputs[output])
}

/// Arguments for each stock effect, exercising every parameter.
private func stockArguments(_ name: String) -> [Shader.Argument] {
    switch name {
    case "radialTint": [.float2(6, 5), .float(6), .color(.orange)]
    case "grayscale": [.float(0.7)]
    case "posterize": [.float(3)]
    case "valueNoise": [.float(3), .color(Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.8)), .float(1)]
    case "linearGradient": [.float2(0, 0), .float2(12, 8), .colorArray([.red, Color(red: 0, green: 1, blue: 0, alpha: 0.5), .blue])]
    case "checkerboard": [.float(2), .color(.white), .color(Color(red: 0, green: 0, blue: 0, alpha: 0.25))]
    case "pixellate": [.float(3)]
    case "boxBlur", "gaussianBlur": [.float(2)]
    case "chromaticAberration": [.float2(1.5, -1)]
    case "wave": [.float(1.5), .float(5), .float(0.3)]
    case "ripple": [.float2(6, 4), .float(1.5), .float(4), .float(3), .engine(.time)]
    case "vignette": [.boundingRect, .float(0.8)]
    case "brightness": [.float(0.2)]
    case "contrast": [.float(1.6)]
    case "saturation": [.float(0.3)]
    case "hueRotation": [.float(120)]
    case "colorMultiply": [.color(Color(red: 1, green: 0.62, blue: 0.04, alpha: 1))]
    default: []
    }
}

@Test(.requiresVulkan, arguments: PixelFormat.allCases)
func stockEffectsArePremultipliedCorrect(format: PixelFormat) throws {
    let lib = try ShaderLibrary(path: stockShadersPath, cache: SPIRVCache(directory: nil))
    for function in lib.functions {
        let shader = try lib.shader(function.name, stockArguments(function.name))
        let context = EffectRequest(outputFormat: format, colorMode: format == .rgba8Unorm ? .nonLinear : .linear, viewSize: SIMD2(12, 8),
                                    frame: FrameContext(time: 0.4))
        let out = try render(shader, format: format, viewSize: SIMD2(12, 8), scale: 1.5, padding: 2, context: context)
        var nonZero = 0
        let tolerance: Float = format == .rgba8Unorm ? 0 : 2e-3
        for y in 0..<out.height {
            for x in 0..<out.width {
                let c = out[x, y]
                #expect(c.x.isFinite && c.y.isFinite && c.z.isFinite && c.w.isFinite, "\(function.name) (\(x), \(y)): \(c)")
                #expect(c.w >= 0 && c.w <= 1 + tolerance, "\(function.name) (\(x), \(y)) alpha \(c.w)")
                #expect(max(c.x, c.y, c.z) <= c.w + tolerance, "\(function.name) (\(x), \(y)): RGB > A in \(c)")
                #expect(min(c.x, c.y, c.z) >= -tolerance, "\(function.name) (\(x), \(y)): negative in \(c)")
                if c.w > 0 { nonZero += 1 }
            }
        }
        #expect(nonZero > out.width * out.height / 4, "\(function.name) drew almost nothing")
    }
}

@Test(.requiresVulkan)
func positionsAreUserSpacePixelCentres() throws {
    let lib = try library("[[ stitchable ]]\nvec4 where(vec2 position, vec2 extent) { return vec4(position / extent, 0.0, 1.0); }")
    let out = try render(lib.where(.float2(16, 16)), format: .rgba16Float, viewSize: SIMD2(4, 3), scale: 2)
    #expect((out.width, out.height) == (8, 6))
    for y in 0..<out.height {
        for x in 0..<out.width {
            let expected = SIMD2(Float(x) + 0.5, Float(y) + 0.5) / 2 / 16
            #expect(abs(out[x, y].x - expected.x) < 1e-3 && abs(out[x, y].y - expected.y) < 1e-3, "(\(x), \(y)): \(out[x, y])")
        }
    }
}

@Test(.requiresVulkan)
func argumentsArraysImagesAndEngineValuesArrive() throws {
    let lib = try library("""
    [[ stitchable ]]
    vec4 probe(vec2 position, int which, float t, vec2 view, vec4 tint, FloatArray xs, ColorArray cs, Image img) {
        if (which == 0) return vec4(t / 8.0, view / 64.0, 1.0);
        if (which == 1) return tint;
        if (which == 2) return vec4(floatAt(xs, 0), floatAt(xs, 2), floatAt(xs, 3), float(count(xs)) / 4.0);
        if (which == 3) return colorAt(cs, 1);
        if (which == 4) return sampleImage(img, vec2(1.5, 0.5));
        if (which == 5) return vec4(imageExtent(img) / 8.0, weftTime() / 8.0, weftReduceMotion() ? 1.0 : 0.0);
        return vec4(0.0);
    }
    """)
    var image = PixelBuffer.blank(width: 3, height: 2, format: .rgba16Float)
    image[1, 0] = SIMD4(0.25, 0.5, 0, 0.75)
    let context = EffectRequest(outputFormat: .rgba16Float, colorMode: .linear, viewSize: SIMD2(32, 16), frame: FrameContext(time: 2, index: 3))
    func probe(_ which: Int32, reduceMotion: Bool = false) throws -> SIMD4<Float> {
        let shader = try lib.probe(which: .int(which), t: .engine(.time), view: .engine(.viewSize),
                                   tint: .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)),
                                   xs: .floatArray([0.25, 0.5, 0.75]), cs: .colorArray([.black, Color(white: 1, alpha: 0.5)]),
                                   img: .image(image))
        var request = context
        request.frame.reduceMotion = reduceMotion
        return try render(shader, format: .rgba16Float, viewSize: SIMD2(2, 2), context: request)[1, 1]
    }
    #expect(try probe(0) == SIMD4(0.25, 0.5, 0.25, 1))
    #expect(try probe(1) == SIMD4(0.5, SRGB.decode(0.5) * 0.5, 0, 0.5).rounded16)
    #expect(try probe(2) == SIMD4(0.25, 0.75, 0, 0.75))
    #expect(try probe(3) == SIMD4(0.5, 0.5, 0.5, 0.5))
    #expect(try probe(4) == SIMD4(0.25, 0.5, 0, 0.75))
    #expect(try probe(5) == SIMD4(0.375, 0.25, 0.25, 0))
    // Reduce motion reaches the kernel, and freezes its time at 0.
    #expect(try probe(5, reduceMotion: true) == SIMD4(0.375, 0.25, 0, 1))
}

private extension SIMD4<Float> {
    /// Rounded through half precision, as an RGBA16F texture stores it.
    var rounded16: SIMD4<Float> { SIMD4(Float(Float16(x)), Float(Float16(y)), Float(Float16(z)), Float(Float16(w))) }
}
