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
ivec2 centerAt(vec2 position) { return ivec2(floor((position - weft.layerOrigin) * weft.scale)); }
vec4 tinted(vec4 sum) { return args.flags.x != 0 ? args.tint * sum.a : sum; }
vec4 directSum(ivec2 center) {
    ivec2 step = ivec2(args.params.xy);
    int radius = int(args.params.w);
    vec4 sum = vec4(0.0);
    for (int k = -radius; k <= radius; k++) {
        sum += weftArrayData[k + radius] * texel(center + k * step);
    }
    return sum;
}
vec4 blurAt(vec2 position) { return tinted(directSum(centerAt(position))); }
#if defined(WEFT_TILED)
// WEFT_BLUR_RUN consecutive outputs along the blur's axis per invocation (KernelPass.outputsPerInvocation), summed in
// registers (WEFT_BLUR_EACH writes each step out for outputs 0 … WEFT_BLUR_RUN − 1): the 2·radius + WEFT_BLUR_RUN texels
// they reach are fetched once, in order, and each is added to every output whose taps reach it, so every output adds its
// taps in the order directSum adds them and the sums are the same.
#define WEFT_OUTPUT(j) (first + (j) * axis)
#define WEFT_CENTER(j) centerAt(weft.outputOrigin + (vec2(WEFT_OUTPUT(j)) + 0.5) / weft.scale)
#define WEFT_ZERO(j) vec4 sum##j = vec4(0.0);
#define WEFT_ON_GRID(j) && WEFT_CENTER(j) == center + (j) * axis
#define WEFT_ADD(j) sum##j += weftArrayData[i - (j)] * t;
#define WEFT_ADD_IF_TAP(j) if (uint(i - (j)) <= uint(last)) sum##j += weftArrayData[i - (j)] * t;
#define WEFT_DIRECT(j) sum##j = directSum(WEFT_CENTER(j));
#define WEFT_STORE(j) if (all(lessThan(WEFT_OUTPUT(j), weft.outputSize))) imageStore(weftOutput, WEFT_OUTPUT(j), tinted(sum##j));
void main() {
    ivec2 step = ivec2(args.params.xy);
    int radius = int(args.params.w);
    // The axis the run lies along: x for a step along x, y otherwise (EngineKernel.tiledBlurOutputs).
    ivec2 axis = step.y == 0 ? ivec2(1, 0) : ivec2(0, 1);
    ivec2 first = weft.dispatchOrigin + ivec2(gl_GlobalInvocationID.xy) * (ivec2(1) + (WEFT_BLUR_RUN - 1) * axis);
    ivec2 center = WEFT_CENTER(0);
    // Outputs not on the layer's grid (a scale, a fractional offset) or a step of more than one texel are summed directly.
    bool window = step == axis WEFT_BLUR_EACH(WEFT_ON_GRID);
    WEFT_BLUR_EACH(WEFT_ZERO)
    if (window) {
        // Texel i of the window is tap i − j of output j; the taps of every output reach texels WEFT_BLUR_RUN − 1 … last.
        int last = 2 * radius;
        for (int i = 0; i < WEFT_BLUR_RUN - 1; i++) {
            vec4 t = texel(center + (i - radius) * step);
            WEFT_BLUR_EACH(WEFT_ADD_IF_TAP)
        }
        for (int i = WEFT_BLUR_RUN - 1; i <= last; i++) {
            vec4 t = texel(center + (i - radius) * step);
            WEFT_BLUR_EACH(WEFT_ADD)
        }
        for (int i = max(WEFT_BLUR_RUN - 1, last + 1); i < last + WEFT_BLUR_RUN; i++) {
            vec4 t = texel(center + (i - radius) * step);
            WEFT_BLUR_EACH(WEFT_ADD_IF_TAP)
        }
    } else {
        WEFT_BLUR_EACH(WEFT_DIRECT)
    }
    WEFT_BLUR_EACH(WEFT_STORE)
}
#elif defined(WEFT_COMPOSITE)
vec4 weftProduce(ivec2 pixel) { return blurAt(args.composite.fade.yz + (vec2(pixel) + 0.5) / weft.scale); }
#else
void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    imageStore(weftOutput, pixel, blurAt(weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale));
}
#endif
