#if !defined(WEFT_IN_PLACE) && !defined(WEFT_OVER_SOLID)
layout(binding = 2) uniform sampler2D weftDestination;
#endif
struct WeftArgumentsData {
    ivec4 counts;        // shapes in the batch, clamp after each blend
#ifdef WEFT_OVER_SOLID
    vec4 solidDestination; // the one color the canvas holds (premultiplied)
#endif
};
// Two copies, read at weftLane (docs/kernel-abi.md): no uniform load has a constant offset.
layout(binding = 3, std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
#define args weftArgumentLanes[weftLane]
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
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
    vec4 result = weftDestinationTexel(pixel);
    for (int i = 0; i < args.counts.x; i++) {
        int base = i * WEFT_SHAPE_RECORD_STRIDE;
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
