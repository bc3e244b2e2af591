layout(binding = 1) uniform sampler2D weftLayer;
#if !defined(WEFT_IN_PLACE) && !defined(WEFT_OVER_SOLID)
layout(binding = 2) uniform sampler2D weftDestination;
#endif
struct WeftArgumentsData {
    vec4 toLayer;          // canvas → layer-space linear map, column-major
    vec4 translationScale; // canvas → layer-space translation (xy), layer pixels per point (z), opacity (w)
    ivec4 modes;           // blend mode, layer color mode, canvas color mode, flags (1 nearest, 2 opaque, 4 clamp)
    vec4 toMask;           // canvas → mask-space linear map
    vec4 maskTranslationSize; // canvas → mask-space translation (xy), mask size (zw)
    ivec4 mask;            // mask shape kind (5 = none), _, _, _
    vec4 maskParams;       // mask corner radius, _, _, _
    vec4 bounds;           // canvas points (min.xy, max.xy) outside which the layer is transparent
#ifdef WEFT_OVER_SOLID
    vec4 solidDestination; // the one color the canvas holds (premultiplied)
#endif
};
// Two copies, read at weftLane (docs/kernel-abi.md): no uniform load has a constant offset.
layout(binding = 3, std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
#define args weftArgumentLanes[weftLane]

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
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
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
    vec4 destination = weftDestinationTexel(pixel);
    imageStore(weftOutput, pixel, weftStoreClamp(weftBlend(args.modes.x, source, destination), (flags & 4) != 0 ? 1 : 0));
}
