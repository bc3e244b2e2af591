import Testing
@testable import WeftCPU
import WeftImage
import WeftRuntime
import WeftShaders

@Suite struct ExecutorTests {
    let executor = CPUExecutor(threads: 2, checks: .all)

    func run(_ kernel: CompiledKernel, width: Int, height: Int, layer: PixelBuffer? = nil, destination: PixelBuffer? = nil,
             arguments: [Float] = [], maxSampleOffset: SIMD2<Float>? = nil, frame: FrameConstants? = nil) throws -> ExecutionResult {
        var plan = RenderPlan()
        let l = layer.map { plan.addUpload($0) }
        let d = destination.map { plan.addUpload($0) }
        let out = plan.addTexture(TextureDescriptor(width: width, height: height, format: kernel.outputFormat))
        plan.passes = [KernelPass(kernel: kernel, output: out, layer: l, destination: d, frame: frame ?? EffectKernels.frame(width: width, height: height),
                                  arguments: EffectKernels.floats(arguments), maxSampleOffset: maxSampleOffset)]
        plan.readbacks = [out]
        return try executor.execute(plan)
    }

    @Test(arguments: [(1, 1), (3, 5), (257, 3)])
    func fillIsExactOnOddSizes(size: (Int, Int)) throws {
        let k = try EffectKernels.kernel("fill", .fill, EffectKernels.fill(), argumentBlockSize: 16)
        let r = try run(k, width: size.0, height: size.1, arguments: [0.2, 0.4, 0.6, 0.8])
        let out = try #require(r.outputs[TextureID(0)])
        #expect(out.width == size.0 && out.height == size.1)
        for i in 0..<out.pixelCount {
            #expect(Array(out.bytes[(i * 4)..<(i * 4 + 4)]) == [51, 102, 153, 204])
        }
        #expect(r.reports.isEmpty)
        #expect(r.deviceTimes.isEmpty)
    }

    @Test(arguments: [(1, 1), (3, 5), (257, 3)])
    func colorEffectMatchesSwiftOnOddSizes(size: (Int, Int)) throws {
        let (w, h) = size
        let k = try EffectKernels.kernel("radialTint", .color, EffectKernels.radialTint(), argumentBlockSize: 32)
        let input = EffectKernels.image(width: w, height: h)
        let tint = SIMD4<Float>(1, 0.5, 0.25, 1), center = SIMD2<Float>(1.5, 2), radius: Float = 4
        let r = try run(k, width: w, height: h, layer: input, arguments: [tint.x, tint.y, tint.z, tint.w, center.x, center.y, radius, 0])
        let out = try #require(r.outputs[TextureID(1)])
        for y in 0..<h {
            for x in 0..<w {
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                let dv = p - center
                let d = min(max((dv * dv).sum().squareRoot() / radius, 0), 1)
                let c = input[x, y]
                let e = c + (tint * c.w - c) * (d * 0.5)
                let got = out[x, y]
                for ch in 0..<4 { #expect(abs(got[ch] - e[ch]) <= 0.5 / 255 + 1e-6, "pixel (\(x), \(y))") }
            }
        }
    }

    @Test(arguments: [(1, 1), (3, 5), (257, 3)])
    func blendIsExactOnOddSizes(size: (Int, Int)) throws {
        let (w, h) = size
        let k = try EffectKernels.kernel("sourceOver", .blend, EffectKernels.sourceOver())
        let s = EffectKernels.image(width: w, height: h)
        var d = PixelBuffer.blank(width: w, height: h, format: .rgba8Unorm)
        for y in 0..<h { for x in 0..<w { d[x, y] = SIMD4(0.2, 0.3, 0.1, 0.6) } }
        let r = try run(k, width: w, height: h, layer: s, destination: d)
        let out = try #require(r.outputs[TextureID(2)])
        for y in 0..<h {
            for x in 0..<w {
                let e = s[x, y] + d[x, y] * (1 - s[x, y].w)
                var expected = PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)
                expected[0, 0] = e
                let i = (y * w + x) * 4
                #expect(Array(out.bytes[i..<(i + 4)]) == expected.bytes, "pixel (\(x), \(y))")
            }
        }
        #expect(r.reports.isEmpty)
    }

    @Test(arguments: [(1, 1), (3, 5), (257, 3)])
    func layerEffectMatchesBilinearReferenceOnOddSizes(size: (Int, Int)) throws {
        let (w, h) = size
        let k = try EffectKernels.kernel("blur", .layer, EffectKernels.blur(.rgba16Float), format: .rgba16Float, argumentBlockSize: 16)
        let input = EffectKernels.image(width: w, height: h, format: .rgba16Float)
        let spacing: Float = 0.75
        let r = try run(k, width: w, height: h, layer: input, arguments: [spacing, 0, 0, 0], maxSampleOffset: SIMD2(3, 0))
        let out = try #require(r.outputs[TextureID(1)])
        let t = CPUTexture(input)
        for y in 0..<h {
            for x in 0..<w {
                var sum = SIMD4<Float>.zero
                for i in -4...4 {
                    let p = SIMD2(Float(x) + 0.5 + Float(i) * spacing, Float(y) + 0.5)
                    sum += ReferenceSampler.sample(t, .weft, p.x / Float(w), p.y / Float(h))
                }
                let e = sum / 9
                for ch in 0..<4 { #expect(abs(out[x, y][ch] - e[ch]) <= abs(e[ch]) * 1e-3 + 1e-4, "pixel (\(x), \(y))") }
            }
        }
        #expect(r.reports.isEmpty, "\(r.reports)")
    }

    @Test func repetitionsRunThePassesAgain() throws {
        let k = try EffectKernels.kernel("fill", .fill, EffectKernels.fill(), argumentBlockSize: 16)
        var plan = RenderPlan()
        let out = plan.addTexture(TextureDescriptor(width: 8, height: 8, format: .rgba8Unorm))
        plan.passes = [KernelPass(kernel: k, output: out, frame: EffectKernels.frame(width: 8, height: 8), arguments: EffectKernels.floats([1, 1, 1, 1]))]
        plan.readbacks = [out]
        let r = try executor.execute(plan, options: ExecutionOptions(repetitions: 3))
        #expect(r.outputs[out]?[7, 7] == SIMD4(1, 1, 1, 1))
        #expect(r.hostTime > .zero)
    }

    // MARK: Checks

    @Test func premultiplicationCheckCatchesRGBAboveAlpha() throws {
        let bad = try EffectKernels.kernel("tooBright", .fill, EffectKernels.fill(), argumentBlockSize: 16)
        let r = try run(bad, width: 5, height: 3, arguments: [0.9, 0.2, 0.2, 0.5])
        let report = try #require(r.reports.first { $0.check == "premultiplication" })
        #expect(report.kernel == "tooBright")
        #expect(report.message.contains("15 stored pixel(s)") && report.message.contains("first at (0, 0)"))
        let good = try run(bad, width: 5, height: 3, arguments: [0.4, 0.2, 0.2, 0.5])
        #expect(good.reports.isEmpty)
    }

    @Test func nonFiniteCheckCatchesNaN() throws {
        let source = """
        \(EffectKernels.header)
        \(EffectKernels.output(.rgba16Float))
        layout(binding = 3, std140) readonly buffer WeftArguments { float d; } weftArguments;
        void main() {
        \(EffectKernels.mainPrologue)
            float v = (position.x - 2.5) / weftArguments.d;
            imageStore(weftOutput, pixel, vec4(v, 0.0, 0.0, 1.0));
        }
        """
        let k = try EffectKernels.kernel("divides", .fill, source, format: .rgba16Float, argumentBlockSize: 16)
        let bad = try run(k, width: 4, height: 2, arguments: [0, 0, 0, 0])
        let report = try #require(bad.reports.first { $0.check == "non-finite" })
        #expect(report.message.contains("8 stored pixel(s)") && report.message.contains("first at (0, 0)"))
        let good = try run(k, width: 4, height: 2, arguments: [2, 0, 0, 0])
        #expect(good.reports.isEmpty)
    }

    @Test func sampleBoundCheckCatchesSamplingBeyondTheDeclaredOffset() throws {
        let k = try EffectKernels.kernel("blur", .layer, EffectKernels.blur(), argumentBlockSize: 16)
        let input = EffectKernels.image(width: 20, height: 6)
        // Taps reach 4 × 1.5 = 6 points; declaring 6 is fine, declaring 4 is not.
        let honest = try run(k, width: 20, height: 6, layer: input, arguments: [1.5, 0, 0, 0], maxSampleOffset: SIMD2(6, 0))
        #expect(honest.reports.isEmpty, "\(honest.reports)")
        let liar = try run(k, width: 20, height: 6, layer: input, arguments: [1.5, 0, 0, 0], maxSampleOffset: SIMD2(4, 4))
        let report = try #require(liar.reports.first { $0.check == "sample bound" })
        #expect(report.kernel == "blur")
        #expect(report.message.contains("samples up to (6.0, 0.0) points"))
        #expect(report.message.contains("first at pixel (0, 0)"))
    }

    @Test func sampleBoundUsesScaleAndOrigins() throws {
        let k = try EffectKernels.kernel("blur", .layer, EffectKernels.blur(), argumentBlockSize: 16)
        let input = EffectKernels.image(width: 24, height: 8)
        var f = EffectKernels.frame(width: 24, height: 8, scale: 2)
        f.outputOrigin = SIMD2(-3, -1)
        f.layerOrigin = SIMD2(-3, -1)
        // At scale 2 the taps are 1.5 points apart in user space: still 6 points.
        let r = try run(k, width: 24, height: 8, layer: input, arguments: [1.5, 0, 0, 0], maxSampleOffset: SIMD2(6, 0), frame: f)
        #expect(r.reports.isEmpty, "\(r.reports)")
        let tight = try run(k, width: 24, height: 8, layer: input, arguments: [1.5, 0, 0, 0], maxSampleOffset: SIMD2(5.9, 0), frame: f)
        #expect(tight.reports.count == 1)
    }

    @Test func unknownOpcodeIsAnErrorNamingIt() throws {
        var k = try EffectKernels.kernel("fill", .fill, EffectKernels.fill(), argumentBlockSize: 16)
        // Turn the first OpLoad into an opcode the decoder does not know.
        guard let at = firstInstruction(in: k.spirv, opcode: 61 /* OpLoad */) else { Issue.record("no OpLoad"); return }
        k.spirv[at] = (k.spirv[at] & 0xFFFF_0000) | 0x7FF0
        k.cacheKey = "broken"
        #expect { _ = try executor.program(for: k) } throws: { error in
            "\(error)".contains("unknown opcode 32752") && "\(error)".contains("word \(at)")
        }
    }
}

/// Word offset of the first instruction with `opcode`.
func firstInstruction(in words: [UInt32], opcode: UInt16) -> Int? {
    var i = 5
    while i < words.count {
        if UInt16(truncatingIfNeeded: words[i]) == opcode { return i }
        let n = Int(words[i] >> 16)
        if n == 0 { return nil }
        i += n
    }
    return nil
}
