layout(binding = 1) uniform sampler2D weftLayer; // the glyph atlas (GlyphAtlas): glyphs' coverage and paths' layers
#if !defined(WEFT_IN_PLACE) && !defined(WEFT_OVER_SOLID)
layout(binding = 2) uniform sampler2D weftDestination;
#endif
struct WeftArgumentsData {
    ivec4 counts;        // glyphs in the run, clamp after each blend, blend mode, widest glyph (pixels)
#ifdef WEFT_OVER_SOLID
    vec4 solidDestination; // the one color the canvas holds (premultiplied)
#endif
};
// Two copies, read at weftLane (docs/kernel-abi.md): no uniform load has a constant offset.
layout(binding = 3, std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
#define args weftArgumentLanes[weftLane]
// Glyph records of WEFT_GLYPH_RECORD_STRIDE floats (GlyphRun), sorted by left edge: canvas pixels covered (x0, y0,
// x1, y1), the atlas texel of (x0, y0), opacity, unused, premultiplied color.
layout(binding = 4, std430) readonly buffer WeftArrays { float weftArrayData[]; };

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    vec4 result = weftDestinationTexel(pixel);
    float x = float(pixel.x);
    // The glyphs whose left edge is at or left of the pixel: a binary search, then back over those near enough.
    int lo = 0;
    int hi = args.counts.x;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (weftArrayData[mid * WEFT_GLYPH_RECORD_STRIDE] <= x) lo = mid + 1; else hi = mid;
    }
    int first = lo;
    while (first > 0 && weftArrayData[(first - 1) * WEFT_GLYPH_RECORD_STRIDE] > x - float(args.counts.w)) first--;
    for (int i = first; i < lo; i++) {
        int base = i * WEFT_GLYPH_RECORD_STRIDE;
        vec4 rect = vec4(weftArrayData[base], weftArrayData[base + 1], weftArrayData[base + 2], weftArrayData[base + 3]);
        if (x >= rect.z || float(pixel.y) < rect.y || float(pixel.y) >= rect.w) continue;
        ivec2 t = ivec2(int(weftArrayData[base + 4]), int(weftArrayData[base + 5])) + pixel - ivec2(int(rect.x), int(rect.y));
        // A glyph's coverage (in every channel) or a path's layer (its color times its coverage, with color 1).
        vec4 coverage = texelFetch(weftLayer, t, 0);
        if (coverage == vec4(0.0)) continue;
        vec4 color = vec4(weftArrayData[base + 8], weftArrayData[base + 9], weftArrayData[base + 10], weftArrayData[base + 11]);
        result = weftStoreClamp(weftBlend(args.counts.z, color * (coverage * weftArrayData[base + 6]), result), args.counts.y);
    }
    imageStore(weftOutput, pixel, result);
}
