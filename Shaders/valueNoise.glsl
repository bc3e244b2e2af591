// valueNoise (fill): smooth value noise with cells of `cellSize` points, shading `tint`
// (premultiplied) by the noise value; `seed` picks a different pattern.
float valueNoiseHash(vec2 cell, float seed) {
    return fract(sin(dot(cell, vec2(127.1, 311.7)) + seed * 74.7) * 43758.5453);
}

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
