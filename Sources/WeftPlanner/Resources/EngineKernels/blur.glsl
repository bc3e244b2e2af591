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
// The workgroup's 16 lanes (rows for a horizontal blur, columns for a vertical one) of texels along the axis, one chunk of
// WEFT_BLUR_CHUNK at a time: each texel is fetched once, then every invocation adds its taps from the chunk in the order
// directSum adds them, so the sums are the same.
#define WEFT_BLUR_STRIDE (WEFT_BLUR_CHUNK + 1)
shared vec4 weftTile[16 * WEFT_BLUR_STRIDE];
void main() {
    ivec2 local = ivec2(gl_LocalInvocationID.xy);
    ivec2 first = ivec2(gl_WorkGroupID.xy) * 16 + weft.dispatchOrigin;
    ivec2 pixel = first + local;
    ivec2 center = centerAt(weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale);
    ivec2 base = centerAt(weft.outputOrigin + (vec2(first) + 0.5) / weft.scale);
    ivec2 step = ivec2(args.params.xy);
    int radius = int(args.params.w);
    bool horizontal = step == ivec2(1, 0);
    // Uniform: any other step is summed directly. Per invocation: a pixel whose center is not its place in the tile
    // (outputs not on the layer's grid) is too.
    bool tiled = horizontal || step == ivec2(0, 1);
    bool fromTile = tiled && center == base + local;
    int along = horizontal ? local.x : local.y;
    int lane = horizontal ? local.y : local.x;
    vec4 sum = vec4(0.0);
    if (tiled) {
        int start = (horizontal ? base.x : base.y) - radius;
        int span = 16 + 2 * radius;
        for (int chunk = 0; chunk < span; chunk += WEFT_BLUR_CHUNK) {
            int count = min(WEFT_BLUR_CHUNK, span - chunk);
            barrier();
            for (int i = int(gl_LocalInvocationIndex); i < 16 * count; i += 256) {
                int l = horizontal ? i / count : i % 16;
                int p = horizontal ? i % count : i / 16;
                ivec2 t = horizontal ? ivec2(start + chunk + p, base.y + l) : ivec2(base.x + l, start + chunk + p);
                weftTile[l * WEFT_BLUR_STRIDE + p] = texel(t);
            }
            barrier();
            if (fromTile) {
                // Tap k reads the window's texel along + radius + k, which this chunk holds from chunk on.
                int offset = along + radius - chunk;
                int lo = max(-radius, -offset), hi = min(radius, count - 1 - offset);
                for (int k = lo; k <= hi; k++) {
                    sum += weftArrayData[k + radius] * weftTile[lane * WEFT_BLUR_STRIDE + offset + k];
                }
            }
        }
    }
    if (!fromTile) sum = directSum(center);
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    imageStore(weftOutput, pixel, tinted(sum));
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
