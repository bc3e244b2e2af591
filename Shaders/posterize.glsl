// posterize (color): quantizes each channel of the straight color to `levels` steps (≥ 2).
// @param levels 2..16 = 4  steps per channel
[[ stitchable ]]
vec4 posterize(vec2 position, vec4 color, float levels) {
    if (color.a <= 0.0) return vec4(0.0);
    float steps = max(levels, 2.0) - 1.0;
    vec3 straight = saturate(color.rgb / color.a);
    // Rounds half a ten-thousandth below the tie, so a channel exactly halfway between two
    // levels (a 50% gray) lands on the same level whatever the division's last bit is.
    return vec4(floor(straight * steps + 0.4999) / steps * color.a, color.a);
}
