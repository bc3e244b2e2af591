import WeftImage
import WeftRuntime
import WeftShaders

/// The engine's own kernels: hand-written GLSL compute shaders that follow docs/kernel-abi.md.
/// Argument blocks hold only `vec4`/`ivec4` members, so their std140 offsets are 16·i.
enum EngineKernel: String, Sendable, CaseIterable {
    /// Writes one color everywhere.
    case solid = "weft.solid"
    /// Covers a batch of shapes (signed-distance anti-aliasing), filling each with a color or
    /// gradient and blending it over the destination in order.
    case shape = "weft.shape"
    /// Samples a layer through an affine map, converts its color mode, optionally masks it
    /// with a shape and blends it over the destination.
    case layer = "weft.layer"
    /// One direction of a separable Gaussian blur, optionally tinting the blurred alpha.
    case blur = "weft.blur"

    var interface: KernelInterface {
        switch self {
        case .solid:
            KernelInterface(readsLayer: false, readsDestination: false, argumentBlockSize: 16, readsArrays: false, imageCount: 0, usesDerivatives: false)
        case .shape:
            KernelInterface(readsLayer: false, readsDestination: true, argumentBlockSize: 16, readsArrays: true, imageCount: 0, usesDerivatives: false)
        case .layer:
            KernelInterface(readsLayer: true, readsDestination: true, argumentBlockSize: 16 * 8, readsArrays: false, imageCount: 0, usesDerivatives: false)
        case .blur:
            KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 16 * 3, readsArrays: true, imageCount: 0, usesDerivatives: false)
        }
    }

    /// The closest stitchable kind, for reports (engine kernels are not stitchable effects).
    var reportedKind: EffectKind {
        switch self {
        case .solid, .shape: .fill
        case .layer: .blend
        case .blur: .layer
        }
    }

    func source(outputFormat: PixelFormat) -> String {
        let header = """
        #version 450
        layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;
        layout(binding = 0, \(outputFormat.glslQualifier)) uniform writeonly image2D weftOutput;
        \(FrameConstants.glslDeclaration)

        """
        switch self {
        case .solid: return header + Self.solidBody
        case .shape: return header + Self.common + Self.shapeBody
        case .layer: return header + Self.common + Self.layerBody
        case .blur: return header + Self.blurBody
        }
    }

    private static let solidBody = """
    layout(binding = 3, std140) uniform WeftArguments { vec4 color; } args;
    void main() {
        ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
        if (any(greaterThanEqual(pixel, weft.outputSize))) return;
        imageStore(weftOutput, pixel, args.color);
    }
    """

    /// Blend modes (W3C Compositing and Blending Level 1 on premultiplied colors), shape
    /// distances and color-mode conversion, shared by the shape and layer kernels.
    private static let common = """
    float weftLum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
    vec3 weftClipColor(vec3 c) {
        float l = weftLum(c);
        float n = min(c.r, min(c.g, c.b));
        float x = max(c.r, max(c.g, c.b));
        if (n < 0.0) c = l + (c - l) * l / (l - n);
        if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
        return c;
    }
    vec3 weftSetLum(vec3 c, float l) { return weftClipColor(c + (l - weftLum(c))); }
    float weftSat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
    vec3 weftSetSat(vec3 c, float s) {
        float mx = max(c.r, max(c.g, c.b));
        float mn = min(c.r, min(c.g, c.b));
        return mx > mn ? (c - mn) * s / (mx - mn) : vec3(0.0);
    }
    float weftHardLight(float b, float s) {
        return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0);
    }
    float weftSoftLight(float b, float s) {
        if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
        float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
        return b + (2.0 * s - 1.0) * (d - b);
    }
    float weftColorDodge(float b, float s) {
        if (b <= 0.0) return 0.0;
        if (s >= 1.0) return 1.0;
        return min(1.0, b / (1.0 - s));
    }
    float weftColorBurn(float b, float s) {
        if (b >= 1.0) return 1.0;
        if (s <= 0.0) return 0.0;
        return 1.0 - min(1.0, (1.0 - b) / s);
    }
    // B(Cb, Cs) of the separable and non-separable modes 1…15, on straight colors.
    vec3 weftMix(int mode, vec3 b, vec3 s) {
        switch (mode) {
        case 1: return b * s;
        case 2: return b + s - b * s;
        case 3: return vec3(weftHardLight(s.r, b.r), weftHardLight(s.g, b.g), weftHardLight(s.b, b.b));
        case 4: return min(b, s);
        case 5: return max(b, s);
        case 6: return vec3(weftColorDodge(b.r, s.r), weftColorDodge(b.g, s.g), weftColorDodge(b.b, s.b));
        case 7: return vec3(weftColorBurn(b.r, s.r), weftColorBurn(b.g, s.g), weftColorBurn(b.b, s.b));
        case 8: return vec3(weftSoftLight(b.r, s.r), weftSoftLight(b.g, s.g), weftSoftLight(b.b, s.b));
        case 9: return vec3(weftHardLight(b.r, s.r), weftHardLight(b.g, s.g), weftHardLight(b.b, s.b));
        case 10: return abs(b - s);
        case 11: return b + s - 2.0 * b * s;
        case 12: return weftSetLum(weftSetSat(s, weftSat(b)), weftLum(b));
        case 13: return weftSetLum(weftSetSat(b, weftSat(s)), weftLum(b));
        case 14: return weftSetLum(s, weftLum(b));
        case 15: return weftSetLum(b, weftLum(s));
        }
        return s;
    }
    // Source `s` over destination `d`, both premultiplied; codes as BlendMode.kernelCode, 21 = copy.
    vec4 weftBlend(int mode, vec4 s, vec4 d) {
        switch (mode) {
        case 0: return s + d * (1.0 - s.a);
        case 16: return vec4(s.rgb * d.a + d.rgb * (1.0 - s.a), d.a);
        case 17: return s * (1.0 - d.a) + d;
        case 18: return d * (1.0 - s.a);
        case 19: {
            float a = min(1.0, s.a + d.a);
            return vec4(max(vec3(0.0), a - ((s.a - s.rgb) + (d.a - d.rgb))), a);
        }
        case 20: return min(vec4(1.0), s + d);
        case 21: return s;
        }
        vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
        vec3 cb = d.a > 0.0 ? d.rgb / d.a : vec3(0.0);
        vec3 mixed = weftMix(mode, cb, cs);
        return vec4(s.rgb * (1.0 - d.a) + d.rgb * (1.0 - s.a) + s.a * d.a * mixed, s.a + d.a - s.a * d.a);
    }

    // Signed distance (local points) from q to a shape filling the rectangle (0, 0)…size.
    float weftBox(vec2 p, vec2 halfSize, float r) {
        vec2 d = abs(p) - halfSize + r;
        return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0) - r;
    }
    float weftShapeDistance(int kind, vec2 q, vec2 size, float cornerRadius) {
        vec2 h = size * 0.5;
        vec2 p = q - h;
        float shorter = min(h.x, h.y);
        switch (kind) {
        case 0: return weftBox(p, h, 0.0);
        case 1: return weftBox(p, h, clamp(cornerRadius, 0.0, shorter));
        case 2: return length(p) - shorter;
        case 3: {
            if (h.x == h.y) return length(p) - h.x;
            float k0 = length(p / h);
            float k1 = length(p / (h * h));
            return k1 > 0.0 ? k0 * (k0 - 1.0) / k1 : -shorter;
        }
        case 4: return weftBox(p, h, shorter);
        }
        return -1.0e9;
    }
    // Coverage of the pixel at canvas point `position`: the shape's distance converted to
    // canvas pixels through the map's Jacobian, then a one-pixel linear ramp.
    float weftCoverage(int kind, mat2 toLocal, vec2 translation, vec2 position, vec2 size, float cornerRadius, float scale) {
        if (kind == 5) return 1.0;
        vec2 q = toLocal * position + translation;
        float dist = weftShapeDistance(kind, q, size, cornerRadius);
        float e = max(1.0e-3, 1.0e-3 * max(size.x, size.y));
        vec2 gradLocal = vec2(
            weftShapeDistance(kind, q + vec2(e, 0.0), size, cornerRadius) - weftShapeDistance(kind, q - vec2(e, 0.0), size, cornerRadius),
            weftShapeDistance(kind, q + vec2(0.0, e), size, cornerRadius) - weftShapeDistance(kind, q - vec2(0.0, e), size, cornerRadius)) / (2.0 * e);
        float perPoint = length(transpose(toLocal) * gradLocal);
        float pixels = dist / max(perPoint, 1.0e-6) * scale;
        return clamp(0.5 - pixels, 0.0, 1.0);
    }

    // Color modes: 0 nonLinear (sRGB-encoded), 1 linear, 2 extendedLinear.
    float weftDecode(float v) {
        float a = abs(v);
        float l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4);
        return v < 0.0 ? -l : l;
    }
    float weftEncode(float v) {
        float a = abs(v);
        float e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1.0 / 2.4) - 0.055;
        return v < 0.0 ? -e : e;
    }
    vec4 weftConvert(vec4 c, int from, int to) {
        if ((from == 0) == (to == 0) || c.a <= 0.0) return c;
        vec3 straight = c.rgb / c.a;
        vec3 converted = from == 0
            ? vec3(weftDecode(straight.r), weftDecode(straight.g), weftDecode(straight.b))
            : vec3(weftEncode(straight.r), weftEncode(straight.g), weftEncode(straight.b));
        return vec4(converted * c.a, c.a);
    }
    vec4 weftStoreClamp(vec4 c, int clampOutput) {
        return clampOutput != 0 ? clamp(c, 0.0, 1.0) : c;
    }

    """

    private static let shapeBody = """
    layout(binding = 2) uniform sampler2D weftDestination;
    layout(binding = 3, std140) uniform WeftArguments {
        ivec4 counts;        // shapes in the batch, clamp after each blend
    } args;
    // Shape records of ShapeBatch.recordStride floats (see ShapeBatch), then gradient stops
    // of 5 floats each (location, premultiplied color).
    layout(binding = 4, std430) readonly buffer WeftArrays { float weftArrayData[]; };

    vec4 arrayVec4(int i) {
        return vec4(weftArrayData[i], weftArrayData[i + 1], weftArrayData[i + 2], weftArrayData[i + 3]);
    }
    vec4 gradientColor(int first, int count, float t) {
        if (t <= weftArrayData[first]) return arrayVec4(first + 1);
        for (int i = 1; i < count; i++) {
            int at = first + 5 * i;
            float hi = weftArrayData[at];
            if (t <= hi) {
                float lo = weftArrayData[at - 5];
                float f = hi > lo ? (t - lo) / (hi - lo) : 1.0;
                return mix(arrayVec4(at - 4), arrayVec4(at + 1), f);
            }
        }
        return arrayVec4(first + 5 * (count - 1) + 1);
    }
    vec4 fillColor(int base, int kind, vec2 q) {
        vec4 g = arrayVec4(base + 24);
        int first = int(weftArrayData[base + 17]);
        int count = int(weftArrayData[base + 18]);
        if (kind == 1) {
            vec2 axis = g.zw - g.xy;
            float len2 = dot(axis, axis);
            return gradientColor(first, count, len2 > 0.0 ? dot(q - g.xy, axis) / len2 : 0.0);
        }
        if (kind == 2) {
            float span = g.w - g.z;
            float r = length(q - g.xy);
            return gradientColor(first, count, span != 0.0 ? (r - g.z) / span : (r >= g.w ? 1.0 : 0.0));
        }
        if (kind == 3) {
            vec2 v = q - g.xy;
            float angle = mod(atan(v.y, v.x) - g.z, 6.283185307179586);
            float span = g.w - g.z;
            return gradientColor(first, count, span != 0.0 ? angle / span : 0.0);
        }
        return arrayVec4(base + 20);
    }
    void main() {
        ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
        if (any(greaterThanEqual(pixel, weft.outputSize))) return;
        vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
        vec4 result = texelFetch(weftDestination, pixel, 0);
        for (int i = 0; i < args.counts.x; i++) {
            int base = i * \(ShapeBatch.recordStride);
            vec4 bounds = arrayVec4(base + 8);
            if (any(lessThan(position, bounds.xy)) || any(greaterThanEqual(position, bounds.zw))) continue;
            mat2 toLocal = mat2(weftArrayData[base], weftArrayData[base + 1], weftArrayData[base + 2], weftArrayData[base + 3]);
            vec2 translation = vec2(weftArrayData[base + 4], weftArrayData[base + 5]);
            vec2 size = vec2(weftArrayData[base + 6], weftArrayData[base + 7]);
            float coverage = weftCoverage(int(weftArrayData[base + 12]), toLocal, translation, position, size,
                                          weftArrayData[base + 15], weft.scale);
            if (coverage <= 0.0) continue;
            vec4 source = fillColor(base, int(weftArrayData[base + 13]), toLocal * position + translation)
                * (coverage * weftArrayData[base + 16]);
            result = weftStoreClamp(weftBlend(int(weftArrayData[base + 14]), source, result), args.counts.y);
        }
        imageStore(weftOutput, pixel, result);
    }
    """

    private static let layerBody = """
    layout(binding = 1) uniform sampler2D weftLayer;
    layout(binding = 2) uniform sampler2D weftDestination;
    layout(binding = 3, std140) uniform WeftArguments {
        vec4 toLayer;          // canvas → layer-space linear map, column-major
        vec4 translationScale; // canvas → layer-space translation (xy), layer pixels per point (z), opacity (w)
        ivec4 modes;           // blend mode, layer color mode, canvas color mode, flags (1 nearest, 2 opaque, 4 clamp)
        vec4 toMask;           // canvas → mask-space linear map
        vec4 maskTranslationSize; // canvas → mask-space translation (xy), mask size (zw)
        ivec4 mask;            // mask shape kind (5 = none), _, _, _
        vec4 maskParams;       // mask corner radius, _, _, _
        vec4 bounds;           // canvas points (min.xy, max.xy) outside which the layer is transparent
    } args;

    vec4 texel(ivec2 t) {
        ivec2 size = ivec2(weft.layerSize);
        if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, size))) return vec4(0.0);
        return texelFetch(weftLayer, t, 0);
    }
    // Bilinear, texel centres at .5, transparent outside the layer.
    vec4 sampleBilinear(vec2 u) {
        vec2 f = u - 0.5;
        vec2 base = floor(f);
        vec2 w = f - base;
        ivec2 i = ivec2(base);
        return mix(mix(texel(i), texel(i + ivec2(1, 0)), w.x),
                   mix(texel(i + ivec2(0, 1)), texel(i + ivec2(1, 1)), w.x), w.y);
    }
    void main() {
        ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
        if (any(greaterThanEqual(pixel, weft.outputSize))) return;
        vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
        int flags = args.modes.w;
        vec4 source = vec4(0.0);
        if (all(greaterThanEqual(position, args.bounds.xy)) && all(lessThan(position, args.bounds.zw))) {
            vec2 q = mat2(args.toLayer.xy, args.toLayer.zw) * position + args.translationScale.xy;
            vec2 u = (q - weft.layerOrigin) * args.translationScale.z;
            source = (flags & 1) != 0 ? texel(ivec2(floor(u))) : sampleBilinear(u);
            // An opaque layer is its content over black in its own color mode, then converted.
            if ((flags & 2) != 0) source = vec4(source.rgb, 1.0);
            source = weftConvert(source, args.modes.y, args.modes.z);
            float coverage = weftCoverage(args.mask.x, mat2(args.toMask.xy, args.toMask.zw), args.maskTranslationSize.xy,
                                          position, args.maskTranslationSize.zw, args.maskParams.x, weft.scale);
            source *= coverage * args.translationScale.w;
        }
        vec4 destination = texelFetch(weftDestination, pixel, 0);
        imageStore(weftOutput, pixel, weftStoreClamp(weftBlend(args.modes.x, source, destination), (flags & 4) != 0 ? 1 : 0));
    }
    """

    private static let blurBody = """
    layout(binding = 1) uniform sampler2D weftLayer;
    layout(binding = 3, std140) uniform WeftArguments {
        vec4 params;  // step in texels (xy), _, radius in texels (w)
        vec4 tint;    // premultiplied; used when flags.x != 0
        ivec4 flags;  // tint the blurred alpha (x)
    } args;
    // The 2·radius + 1 normalized Gaussian weights, from −radius to radius.
    layout(binding = 4, std430) readonly buffer WeftArrays { float weftArrayData[]; };

    vec4 texel(ivec2 t) {
        ivec2 size = ivec2(weft.layerSize);
        if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, size))) return vec4(0.0);
        return texelFetch(weftLayer, t, 0);
    }
    void main() {
        ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
        if (any(greaterThanEqual(pixel, weft.outputSize))) return;
        vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
        ivec2 center = ivec2(floor((position - weft.layerOrigin) * weft.scale));
        ivec2 step = ivec2(args.params.xy);
        int radius = int(args.params.w);
        vec4 sum = vec4(0.0);
        for (int k = -radius; k <= radius; k++) {
            sum += weftArrayData[k + radius] * texel(center + k * step);
        }
        imageStore(weftOutput, pixel, args.flags.x != 0 ? args.tint * sum.a : sum);
    }
    """
}
