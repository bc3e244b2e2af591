// vignette (color): darkens toward the corners of `bounds` (pass .boundingRect);
// `strength` 0 leaves the colors, 1 is black at the corners; alpha is kept.
// @param bounds = 0, 0, 512, 384  the rectangle whose corners darken (bind $boundingRect)
// @param strength 0..1 = 0.8  darkness at the corners: 0 none, 1 black
[[ stitchable ]]
vec4 vignette(vec2 position, vec4 color, vec4 bounds, float strength) {
    vec2 centre = bounds.xy + bounds.zw * 0.5;
    vec2 d = (position - centre) / max(bounds.zw * 0.5, vec2(1e-3));
    float fall = saturate(dot(d, d) * 0.5);
    return vec4(color.rgb * (1.0 - saturate(strength) * fall), color.a);
}
