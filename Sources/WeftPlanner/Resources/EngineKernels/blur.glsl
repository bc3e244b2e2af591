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
// WEFT_BLUR_RUN consecutive outputs along the blur's axis per invocation (KernelPass.outputsPerInvocation), from a window
// of as many texels in registers that slides one texel a tap: at tap k, output j adds weight k times texel j of the
// window, then the window moves on by one texel fetched once. Every output adds its taps in the order directSum adds
// them, so the sums are the same. The steps for each output (WEFT_BLUR_EACH, WEFT_BLUR_SLIDE) are written out by
// EngineKernel.Variant.source so sums and window stay registers.
#define WEFT_OUTPUT(j) (first + (j) * axis)
#define WEFT_CENTER(j) centerAt(weft.outputOrigin + (vec2(WEFT_OUTPUT(j)) + 0.5) / weft.scale)
#define WEFT_ON_GRID(j) && WEFT_CENTER(j) == center + (j) * axis
#define WEFT_DECLARE(j) vec4 sum##j = vec4(0.0); vec4 texel##j = vec4(0.0);
#define WEFT_LOAD(j) texel##j = texel(center + ((j) - radius) * step);
#define WEFT_ADD(j) sum##j += w * texel##j;
#define WEFT_MOVE(j, next) texel##j = texel##next;
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
    WEFT_BLUR_EACH(WEFT_DECLARE)
    if (window) {
        WEFT_BLUR_EACH(WEFT_LOAD)
        for (int k = 0; k <= 2 * radius; k++) {
            float w = weftArrayData[k];
            WEFT_BLUR_EACH(WEFT_ADD)
            WEFT_BLUR_SLIDE(WEFT_MOVE)
            WEFT_BLUR_LAST = texel(center + (k + WEFT_BLUR_RUN - radius) * step);
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
