import WeftImage
import WeftRuntime

/// The text that makes a kernel its checked variant (docs/kernel-abi.md, "Checked kernels"): the counters' buffer, a
/// store that counts non-finite and (RGBA8 outputs) non-premultiplied results, and a `sampleLayer` that counts samples
/// farther from the invocation's pixel than the pass's maxSampleOffset — the CPU evaluator's checks, with its
/// tolerances, counted with atomics. Both are macros over the kernel's own calls, so the kernel's text is unchanged.
enum CheckedHooks {
    /// Bumped whenever the text changes meaning; part of the checked variant's cache key.
    static let version = 2

    /// After the output binding and the frame block, before the prelude.
    static func storeHook(outputFormat: PixelFormat) -> String {
        let c = CheckCounters.self
        var out = "layout(binding = \(KernelABI.checkBinding), std430) buffer WeftCheckCounters { uint weftCheck[\(c.words)]; };\n"
        out += "uint weftCheckKey(ivec2 pixel) { return uint(pixel.y) << 16 | uint(pixel.x); }\n"
        out += "void weftCheckedStore(ivec2 pixel, vec4 v) {\n"
        out += "    if (any(isnan(v)) || any(isinf(v))) { atomicAdd(weftCheck[\(c.nonFinite)], 1u); atomicMin(weftCheck[\(c.firstNonFinite)], weftCheckKey(pixel)); }\n"
        if outputFormat == .rgba8Unorm {
            out += "    float limit = v.a + 1e-4;\n"
            out += "    if (v.r > limit || v.g > limit || v.b > limit) { atomicAdd(weftCheck[\(c.notPremultiplied)], 1u); atomicMin(weftCheck[\(c.firstNotPremultiplied)], weftCheckKey(pixel)); }\n"
        }
        out += "    imageStore(weftOutput, pixel, v);\n}\n"
        out += "#define imageStore(image, pixel, value) weftCheckedStore(pixel, value)\n"
        return out
    }

    /// After the prelude (which defines `sampleLayer`), for kernels that read a layer. Counts every sample of a pixel the
    /// pass stores, also one beyond the layer's border: the CPU evaluator runs `sampleLayer`'s texture read (which the
    /// optimizer makes unconditional) for those too.
    static let sampleHook: String = {
        let c = CheckCounters.self
        return """
        vec4 weftCheckedSample(Layer layer, vec2 p) {
            ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
            if (weftCheck[\(c.bounded)] != 0u && all(lessThan(pixel, weft.outputSize))) {
                vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
                vec2 d = abs(p - position);
                if (isnan(d.x) || isinf(d.x)) d.x = uintBitsToFloat(0x7F800000u);
                if (isnan(d.y) || isinf(d.y)) d.y = uintBitsToFloat(0x7F800000u);
                atomicMax(weftCheck[\(c.maxDistanceX)], floatBitsToUint(d.x));
                atomicMax(weftCheck[\(c.maxDistanceY)], floatBitsToUint(d.y));
                vec2 limit = uintBitsToFloat(uvec2(weftCheck[\(c.limitX)], weftCheck[\(c.limitY)])) + 1e-3;
                if (d.x > limit.x || d.y > limit.y) { atomicAdd(weftCheck[\(c.beyondLimit)], 1u); atomicMin(weftCheck[\(c.firstBeyondLimit)], weftCheckKey(pixel)); }
            }
            return sampleLayer(layer, p);
        }
        #define sampleLayer(layer, p) weftCheckedSample(layer, p)

        """
    }()

    /// The checked variant's cache key for a kernel whose plain source hashed to `key`.
    static func key(_ key: String) -> String { SHA256.hex("weft checked \(version)\u{0}" + key) }
}
