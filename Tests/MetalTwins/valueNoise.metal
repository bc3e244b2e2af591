#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// valueNoise (fill), the Metal twin of Shaders/valueNoise.glsl.
inline float valueNoiseHash(float2 cell, float seed) {
    uint2 q = uint2(int2(cell)) * uint2(1597334673u, 3812015801u);
    uint n = (q.x ^ q.y ^ (as_type<uint>(seed) * 2654435761u)) * 1597334673u;
    n ^= n >> 16;
    n *= 2246822519u;
    n ^= n >> 13;
    return float(n >> 8) * (1.0f / 16777216.0f);
}

// @param cellSize 2..128 = 24  lattice spacing in points
// @param tint = 1, 1, 1, 1  the color at full noise (premultiplied)
// @param seed 0..1000 = 1  picks the pattern
[[ stitchable ]] half4 valueNoise(float2 position, float cellSize, half4 tint, float seed) {
    float2 p = position / max(cellSize, 1e-3f);
    float2 cell = floor(p);
    float2 f = fract(p);
    float2 u = f * f * (3.0f - 2.0f * f);
    float a = valueNoiseHash(cell, seed);
    float b = valueNoiseHash(cell + float2(1.0, 0.0), seed);
    float c = valueNoiseHash(cell + float2(0.0, 1.0), seed);
    float d = valueNoiseHash(cell + float2(1.0, 1.0), seed);
    float n = mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
    return tint * half(n);
}
