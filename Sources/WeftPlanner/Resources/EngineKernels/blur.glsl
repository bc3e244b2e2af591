layout(binding = 1) uniform sampler2D weftLayer;
struct WeftArgumentsData {
    vec4 params;  // step in texels (xy), _, radius in texels (w)
    vec4 tint;    // premultiplied; used when flags.x != 0
    ivec4 flags;  // tint the blurred alpha (x)
#ifdef WEFT_COMPOSITE
    WeftCompositeArguments composite; // folded into the composite that draws the blur (FusionComposite)
#endif
};
// Two copies, read at weftLane (docs/kernel-abi.md): no uniform load has a constant offset.
layout(binding = 3, std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
#define args weftArgumentLanes[weftLane]
// The 2·radius + 1 normalized Gaussian weights, from −radius to radius.
layout(binding = 4, std430) readonly buffer WeftArrays { float weftArrayData[]; };

vec4 texel(ivec2 t) {
    ivec2 size = ivec2(weft.layerSize);
    if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, size))) return vec4(0.0);
    return texelFetch(weftLayer, t, 0);
}
vec4 blurAt(vec2 position) {
    ivec2 center = ivec2(floor((position - weft.layerOrigin) * weft.scale));
    ivec2 step = ivec2(args.params.xy);
    int radius = int(args.params.w);
    vec4 sum = vec4(0.0);
    for (int k = -radius; k <= radius; k++) {
        sum += weftArrayData[k + radius] * texel(center + k * step);
    }
    return args.flags.x != 0 ? args.tint * sum.a : sum;
}
#ifdef WEFT_COMPOSITE
vec4 weftProduce(ivec2 pixel) { return blurAt(args.composite.fade.yz + (vec2(pixel) + 0.5) / weft.scale); }
#else
void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    imageStore(weftOutput, pixel, blurAt(weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale));
}
#endif
