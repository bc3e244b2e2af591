import Testing
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

/// Kernels that read textures: color (weftLoad), layer (bilinear, clamped), blend (two inputs),
/// image arguments, argument blocks and arrays.
@Suite(.requiresVulkan)
struct InputKernelTests {
    /// A premultiplied test pattern: distinct values, alpha ≤ 1, rgb ≤ alpha; all multiples of 1/8
    /// so RGBA16F holds them exactly.
    static func pattern(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let a = Float((x + 3 * y) % 4 + 5) / 8
        return SIMD4(a * Float(x % 3) / 2, a * Float(y % 2), a / 2, a)
    }

    @Test(arguments: PixelFormat.allCases)
    func colorKernelReadsItsInputThroughWeftLoad(format: PixelFormat) throws {
        try withExecutor { executor in
            // Halve the colour; premultiplied in, premultiplied out.
            let kernel = try makeKernel("halve", kind: .color, format: format,
                                        functions: "vec4 halve(vec2 p, vec4 c) { return vec4(c.rgb * 0.5, c.a); }",
                                        result: "halve(position, weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position))")
            var plan = RenderPlan()
            let input = plan.addUpload(pixels(3, 2, format, Self.pattern))
            let out = plan.addTexture(TextureDescriptor(width: 5, height: 4, format: format))
            // The layer sits at (1, 0.5) points at scale 2: output pixel (i, j) reads layer texel (i - 2, j - 1).
            var f = frame(output: (5, 4), scale: 2)
            f.layerOrigin = SIMD2(1, 0.5)
            f.layerSize = SIMD2(3, 2)
            plan.passes.append(KernelPass(kernel: kernel, output: out, layer: input, frame: f))
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            let stored = pixels(3, 2, format, Self.pattern)
            expectPixels(result.outputs[out], tolerance: format == .rgba8Unorm ? 1.0 / 255 : 0) { x, y in
                let (tx, ty) = (x - 2, y - 1)
                guard tx >= 0, tx < 3, ty >= 0, ty < 2 else { return .zero }
                let c = stored[tx, ty]
                return SIMD4(c.x * 0.5, c.y * 0.5, c.z * 0.5, c.w)
            }
        }
    }

    /// Bilinear reference with texel centres at .5 and clamp-to-edge, on a texture's stored values.
    static func bilinear(_ t: PixelBuffer, _ u: Float, _ v: Float) -> SIMD4<Float> {
        let x = u - 0.5, y = v - 0.5
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Float(x0), fy = y - Float(y0)
        func texel(_ i: Int, _ j: Int) -> SIMD4<Float> { t[min(max(i, 0), t.width - 1), min(max(j, 0), t.height - 1)] }
        let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
        let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    @Test func layerKernelSamplesBilinearAndClampsAtThePaddedEdge() throws {
        try withExecutor { executor in
            // Samples 0.3 points right and 0.6 points up of each pixel, and far outside for the last column.
            let kernel = try makeKernel("shift", kind: .layer, format: .rgba16Float,
                                        result: "pixel.x == weft.outputSize.x - 1 ? sampleLayer(position + vec2(40.0, 0.0)) : sampleLayer(position + vec2(0.3, -0.6))")
            // A 4×3-point view with 1 point of padding at scale 2: the layer is 12×10 pixels at origin -1.
            let padding: Float = 1, scale: Float = 2
            let size = (12, 10)
            let layerPixels = pixels(size.0, size.1, .rgba16Float) { x, y in
                (x < 2 || y < 2 || x >= 10 || y >= 8) ? .zero : Self.pattern(x, y)
            }
            var plan = RenderPlan()
            let layer = plan.addUpload(layerPixels)
            let out = plan.addTexture(TextureDescriptor(width: size.0, height: size.1, format: .rgba16Float))
            var f = frame(output: size, origin: SIMD2(repeating: -padding), scale: scale)
            f.layerOrigin = SIMD2(repeating: -padding)
            f.layerSize = SIMD2(Float(size.0), Float(size.1))
            plan.passes.append(KernelPass(kernel: kernel, output: out, layer: layer, frame: f, maxSampleOffset: SIMD2(1, 1)))
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[out], tolerance: 1.0 / 255) { x, y in
                let p = SIMD2(-padding, -padding) + (SIMD2(Float(x), Float(y)) + 0.5) / scale
                let q = x == size.0 - 1 ? p + SIMD2(40, 0) : p + SIMD2(0.3, -0.6)
                let texelSpace = (q - f.layerOrigin) * scale
                return Self.bilinear(layerPixels, texelSpace.x, texelSpace.y)
            }
            // The far samples clamp to the padded (transparent) right edge.
            if let output = result.outputs[out] {
                for y in 0..<size.1 { #expect(output[size.0 - 1, y] == .zero) }
                // And an interior sample really blends neighbours (not nearest).
                let blended = output[4, 4]
                #expect(blended != layerPixels[4, 4] && blended != layerPixels[5, 3])
            }
        }
    }

    @Test func blendKernelReadsSourceAndDestination() throws {
        try withExecutor { executor in
            let kernel = try makeKernel("sourceOver", kind: .blend, format: .rgba16Float,
                                        functions: "vec4 over(vec2 p, vec4 s, vec4 d) { return s + d * (1.0 - s.a); }",
                                        result: """
                                        over(position, weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position),
                                             weftLoad(weftDestination, weft.destinationOrigin, weft.destinationSize, position))
                                        """)
            var plan = RenderPlan()
            let source = plan.addUpload(pixels(2, 2, .rgba16Float, Self.pattern))
            let destination = plan.addUpload(pixels(4, 3, .rgba16Float) { x, y in SIMD4(0.25, 0.5, Float(x) / 8, 1) })
            let out = plan.addTexture(TextureDescriptor(width: 4, height: 3, format: .rgba16Float))
            var f = frame(output: (4, 3))
            f.layerOrigin = SIMD2(1, 1)
            f.layerSize = SIMD2(2, 2)
            f.destinationOrigin = .zero
            f.destinationSize = SIMD2(4, 3)
            plan.passes.append(KernelPass(kernel: kernel, output: out, layer: source, destination: destination, frame: f))
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[out]) { x, y in
                let d = SIMD4<Float>(0.25, 0.5, Float(x) / 8, 1)
                guard x >= 1, x < 3, y >= 1, y < 3 else { return d }
                let s = Self.pattern(x - 1, y - 1)
                return s + d * (1 - s.w)
            }
        }
    }

    @Test func imageArgumentsBindFromBindingFive() throws {
        try withExecutor { executor in
            let kernel = try makeKernel("twoImages", kind: .fill, format: .rgba16Float, imageCount: 2, result: """
                textureLod(weftImage0, (vec2(pixel) + 0.5) / vec2(textureSize(weftImage0, 0)), 0.0)
                + 2.0 * texelFetch(weftImage1, pixel, 0)
                """)
            var plan = RenderPlan()
            let a = plan.addUpload(pixels(3, 3, .rgba16Float, Self.pattern))
            let bPixels = pixels(3, 3, .rgba8Unorm) { x, y in SIMD4(Float(x) / 4, Float(y) / 4, 0, 0.5) }
            let b = plan.addUpload(bPixels)
            let out = plan.addTexture(TextureDescriptor(width: 3, height: 3, format: .rgba16Float))
            plan.passes.append(KernelPass(kernel: kernel, output: out, images: [a, b], frame: frame(output: (3, 3))))
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            // bPixels holds what RGBA8 stores (0.5 is 128/255).
            expectPixels(result.outputs[out], tolerance: 1.0 / 1024) { x, y in Self.pattern(x, y) + 2 * bPixels[x, y] }
        }
    }

    @Test func argumentBlockAndArrayBuffer() throws {
        try withExecutor { executor in
            // std140: tint at 0, gain at 16, index at 20, values (offset, count) at 24; 32 bytes.
            let kernel = try makeKernel("arguments", kind: .fill, format: .rgba16Float,
                                        arguments: "vec4 tint; float gain; int index; uvec2 values;", argumentBlockSize: 32,
                                        readsArrays: true, result: """
                vec4(weftArrayData[weftArguments.values.x + uint(pixel.x) % weftArguments.values.y],
                     weftArguments.tint.g * weftArguments.gain, float(weftArguments.index) / 8.0, weftArguments.tint.a)
                """)
            var arguments = [UInt8]()
            func put(float v: Float) { withUnsafeBytes(of: v.bitPattern.littleEndian) { arguments.append(contentsOf: $0) } }
            func put(uint v: UInt32) { withUnsafeBytes(of: v.littleEndian) { arguments.append(contentsOf: $0) } }
            put(float: 0.125); put(float: 0.75); put(float: 0); put(float: 0.5)   // tint
            put(float: 2)                                                // gain
            put(uint: 3)                                                 // index
            put(uint: 2); put(uint: 3)                                   // values: offset 2, count 3
            let arrays: [Float] = [100, 100, 0.25, 0.5, 0.75, 100]
            var plan = RenderPlan()
            let out = plan.addTexture(TextureDescriptor(width: 7, height: 2, format: .rgba16Float))
            plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: (7, 2)), arguments: arguments, arrayData: arrays))
            plan.readbacks = [out]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[out]) { x, _ in SIMD4(arrays[2 + x % 3], 1.5, 3.0 / 8, 0.5) }
        }
    }
}
