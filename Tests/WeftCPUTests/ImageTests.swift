import Testing
@testable import WeftCPU
import WeftImage

/// Vulkan's sampling rules, restated independently of the evaluator for the tests.
enum ReferenceSampler {
    static func wrap(_ i: Int, _ n: Int, _ mode: SamplerState.AddressMode) -> Int? {
        switch mode {
        case .clampToEdge: return Swift.min(Swift.max(i, 0), n - 1)
        case .clampToBorder: return (0..<n).contains(i) ? i : nil
        case .repeat: return ((i % n) + n) % n
        case .mirroredRepeat:
            let period = ((i % (2 * n)) + 2 * n) % (2 * n)
            return period < n ? period : 2 * n - 1 - period
        case .mirrorClampToEdge: return Swift.min(i >= 0 ? i : -(i + 1), n - 1)
        }
    }

    static func texel(_ t: CPUTexture, _ s: SamplerState, _ i: Int, _ j: Int) -> SIMD4<Float> {
        guard let x = wrap(i, t.width, s.addressU), let y = wrap(j, t.height, s.addressV) else {
            switch s.borderColor {
            case .transparentBlack: return .zero
            case .opaqueBlack: return SIMD4(0, 0, 0, 1)
            case .opaqueWhite: return .one
            }
        }
        return t[x, y]
    }

    static func sample(_ t: CPUTexture, _ s: SamplerState, _ u: Float, _ v: Float) -> SIMD4<Float> {
        let x = u * Float(t.width), y = v * Float(t.height)
        if s.filter == .nearest { return texel(t, s, Int(x.rounded(.down)), Int(y.rounded(.down))) }
        let i0 = Int((x - 0.5).rounded(.down)), j0 = Int((y - 0.5).rounded(.down))
        // The fractions with 8 bits of sub-texel precision (subTexelPrecisionBits = 8, as NVIDIA's units weigh them).
        let alpha = (((x - 0.5) - (x - 0.5).rounded(.down)) * 256).rounded(.down) / 256
        let beta = (((y - 0.5) - (y - 0.5).rounded(.down)) * 256).rounded(.down) / 256
        let w00 = (1 - alpha) * (1 - beta), w10 = alpha * (1 - beta), w01 = (1 - alpha) * beta, w11 = alpha * beta
        return texel(t, s, i0, j0) * w00 + texel(t, s, i0 + 1, j0) * w10 + texel(t, s, i0, j0 + 1) * w01 + texel(t, s, i0 + 1, j0 + 1) * w11
    }
}

@Suite struct ImageTests {
    static func texture(_ w: Int, _ h: Int, _ format: PixelFormat = .rgba16Float) -> CPUTexture {
        var p = PixelBuffer.blank(width: w, height: h, format: format)
        for y in 0..<h { for x in 0..<w { p[x, y] = SIMD4(Float(x) / 4, Float(y) / 4, Float(x * y % 5) / 8, 1) } }
        return CPUTexture(p)
    }

    let coordinates: [SIMD2<Float>] = [
        SIMD2(0.5, 0.5), SIMD2(0.1, 0.9), SIMD2(0, 0), SIMD2(1, 1), SIMD2(-0.3, 0.4), SIMD2(1.35, -0.2), SIMD2(0.26, 0.74),
        SIMD2(2.6, 1.1), SIMD2(-1.4, -2.2), SIMD2(0.125, 0.375), SIMD2(0.9, 0.05), SIMD2(0.61, 0.33), SIMD2(-0.05, 1.05),
        SIMD2(0.77, 0.5), SIMD2(3.3, -0.6), SIMD2(0.5, 0.0),
    ]

    func sampleAll(_ sampler: SamplerState) throws -> (got: [Float], texture: CPUTexture) {
        let t = Self.texture(5, 4)
        let p = try Harness.program("""
            #version 450
            layout(local_size_x = 16) in;
            layout(binding = 1) uniform sampler2D tex;
            layout(std430, binding = 0) buffer Result { vec4 result[]; };
            layout(std430, binding = 2) readonly buffer Coordinates { vec2 uv[]; };
            void main() { uint i = gl_GlobalInvocationID.x; result[i] = textureLod(tex, uv[i], 0.0); }
            """)
        let uv = coordinates.flatMap { [$0.x, $0.y] }
        let out = try p.dispatch(groups: (1, 1, 1), bindings: CPUBindings(
            buffers: [0: Harness.bytes(of: [Float](repeating: 0, count: 64)), 2: Harness.bytes(of: uv)],
            textures: [1: t], samplers: [1: sampler]), threads: 1)
        return (Harness.floats(out[0]!), t)
    }

    @Test(arguments: [SamplerState.Filter.nearest, .linear])
    func everyAddressModeMatchesVulkansRules(filter: SamplerState.Filter) throws {
        let modes: [SamplerState.AddressMode] = [.clampToEdge, .clampToBorder, .repeat, .mirroredRepeat, .mirrorClampToEdge]
        for mode in modes {
            for border in [SamplerState.BorderColor.transparentBlack, .opaqueWhite] where mode == .clampToBorder || border == .transparentBlack {
                let sampler = SamplerState(filter: filter, address: mode, borderColor: border)
                let (got, t) = try sampleAll(sampler)
                for (k, c) in coordinates.enumerated() {
                    let expected = ReferenceSampler.sample(t, sampler, c.x, c.y)
                    for ch in 0..<4 {
                        #expect(close(got[k * 4 + ch], expected[ch], 1e-5), "\(filter) \(mode) \(border) at \(c) channel \(ch)")
                    }
                }
            }
        }
    }

    @Test func texelCentresAreAtHalf() throws {
        let (got, t) = try sampleAll(.weft)
        // (0.5, 0.5) on a 5×4 texture is between texels: u·5 − 0.5 = 2 exactly → texel 2, weight 0.
        #expect(got[0] == t[2, 1].x + (t[2, 2].x - t[2, 1].x) * 0.5)
        #expect(got[3] == 1)
    }

    @Test func fetchQuerySizeOffsetAndGather() throws {
        let t = Self.texture(5, 4)
        let p = try Harness.program("""
            #version 450
            layout(local_size_x = 16) in;
            layout(binding = 1) uniform sampler2D tex;
            layout(std430, binding = 0) buffer Result { vec4 result[]; };
            void main() {
                if (gl_GlobalInvocationID.x != 0u) return;
                result[0] = texelFetch(tex, ivec2(3, 2), 0);
                result[1] = texelFetch(tex, ivec2(7, 2), 0);
                result[2] = vec4(textureSize(tex, 0), 0.0, 0.0);
                result[3] = textureLodOffset(tex, vec2(0.5, 0.5), 0.0, ivec2(1, -1));
                result[4] = textureGather(tex, vec2(0.5, 0.5), 0);
                result[5] = texelFetchOffset(tex, ivec2(1, 1), 0, ivec2(2, 1));
            }
            """)
        let out = try p.dispatch(groups: (1, 1, 1), bindings: CPUBindings(
            buffers: [0: Harness.bytes(of: [Float](repeating: 0, count: 24))], textures: [1: t]), threads: 1)
        let r = Harness.floats(out[0]!)
        func v(_ k: Int) -> SIMD4<Float> { SIMD4(r[k * 4], r[k * 4 + 1], r[k * 4 + 2], r[k * 4 + 3]) }
        #expect(v(0) == t[3, 2])
        #expect(v(1) == .zero)
        #expect(v(2) == SIMD4(5, 4, 0, 0))
        let shifted = ReferenceSampler.sample(t, .weft, 0.5 + 1.0 / 5, 0.5 - 1.0 / 4)
        for c in 0..<4 { #expect(close(v(3)[c], shifted[c], 1e-5)) }
        // Footprint of (0.5, 0.5): i0 = 2, j0 = 1; gather order (i0, j1), (i1, j1), (i1, j0), (i0, j0).
        #expect(v(4) == SIMD4(t[2, 2].x, t[3, 2].x, t[3, 1].x, t[2, 1].x))
        #expect(v(5) == t[3, 2])
    }

    @Test func storageImageFormatsRoundLikeVulkan() throws {
        let p = try Harness.program("""
            #version 450
            layout(local_size_x = 16) in;
            layout(binding = 0, rgba8) uniform image2D a;
            layout(binding = 1, rgba16f) uniform image2D b;
            layout(std430, binding = 2) readonly buffer Values { vec4 values[]; };
            layout(std430, binding = 3) buffer Result { vec4 result[]; };
            void main() {
                uint i = gl_GlobalInvocationID.x;
                if (i >= 4u) return;
                imageStore(a, ivec2(i, 0), values[i]);
                imageStore(b, ivec2(i, 0), values[i]);
                imageStore(a, ivec2(100, 100), vec4(1.0));   // out of bounds: dropped
            }
            """)
        let values: [Float] = [0.5, 0.2, 1.7, -3, 0.00196, 0.998, 0.501, 1, 65519, 1e-8, -0.25, 0.333, .nan, 0.1, 0.9, 0.6]
        let a = CPUTexture(width: 4, height: 1, format: .rgba8Unorm), b = CPUTexture(width: 4, height: 1, format: .rgba16Float)
        try p.dispatch(groups: (1, 1, 1), bindings: CPUBindings(buffers: [2: Harness.bytes(of: values), 3: Harness.bytes(of: [Float(0)])],
                                                               textures: [0: a, 1: b]), threads: 1)
        let bytes = a.pixelBuffer().bytes
        for (k, v) in values.enumerated() {
            let clamped: Float = v.isNaN ? 0 : min(max(v, 0), 1)
            #expect(bytes[k] == UInt8((clamped * 255).rounded(.toNearestOrEven)), "value \(v)")
            let half = b[k / 4, 0][k % 4]
            #expect(v.isNaN ? half.isNaN : half == Float(Float16(v)), "value \(v)")
        }
    }
}
