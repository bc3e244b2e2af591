// valueNoise (fill): smooth value noise with cells of `cellSize` points, shading `tint`
// (premultiplied) by the noise value; `seed` picks a different pattern. The lattice values
// come from an integer hash, so every backend computes the same pattern.
float valueNoiseHash(vec2 cell, float seed) {
    uvec2 q = uvec2(ivec2(cell)) * uvec2(1597334673u, 3812015801u);
    uint n = (q.x ^ q.y ^ (floatBitsToUint(seed) * 2654435761u)) * 1597334673u;
    n ^= n >> 16;
    n *= 2246822519u;
    n ^= n >> 13;
    return float(n >> 8) * (1.0 / 16777216.0);
}

// @param cellSize 2..128 = 24  lattice spacing in points
// @param tint = 1, 1, 1, 1  the color at full noise (premultiplied)
// @param seed 0..1000 = 1  picks the pattern
[[ stitchable ]]
vec4 valueNoise(vec2 position, float cellSize, vec4 tint, float seed) {
    vec2 p = position / max(cellSize, 1e-3);
    vec2 cell = floor(p);
    vec2 f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    float a = valueNoiseHash(cell, seed);
    float b = valueNoiseHash(cell + vec2(1.0, 0.0), seed);
    float c = valueNoiseHash(cell + vec2(0.0, 1.0), seed);
    float d = valueNoiseHash(cell + vec2(1.0, 1.0), seed);
    float n = mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
    return tint * n;
}
