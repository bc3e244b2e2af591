// radialTint (color): recolors pixels near `center` toward `tint`, fully at the centre and
// fading to none at `radius` points away; the pixel's own alpha is kept.
// @param center = 256, 192  where the tint is full, in points
// @param radius 1..512 = 220  distance in points at which the tint has faded out
// @param tint = 1, 0.55, 0.1, 1  the tint color (premultiplied, working color mode)
[[ stitchable ]]
vec4 radialTint(vec2 position, vec4 color, vec2 center, float radius, vec4 tint) {
    float weight = 1.0 - smoothstep(0.0, max(radius, 1e-4), distance(position, center));
    vec3 tintRGB = tint.a > 0.0 ? tint.rgb / tint.a : vec3(0.0); // straight tint color
    return vec4(mix(color.rgb, tintRGB * color.a, weight * tint.a), color.a);
}
