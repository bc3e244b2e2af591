// softLightBlend (blend): the W3C soft-light blend of `source` over `destination`
// (premultiplied in and out, source-over compositing).
float softLightChannel(float cb, float cs) {
    if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
    float d = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
    return cb + (2.0 * cs - 1.0) * (d - cb);
}

[[ stitchable ]]
vec4 softLightBlend(vec2 position, vec4 source, vec4 destination) {
    float as = source.a, ab = destination.a;
    vec3 cs = as > 0.0 ? saturate(source.rgb / as) : vec3(0.0);
    vec3 cb = ab > 0.0 ? saturate(destination.rgb / ab) : vec3(0.0);
    vec3 mixed = vec3(softLightChannel(cb.r, cs.r), softLightChannel(cb.g, cs.g), softLightChannel(cb.b, cs.b));
    vec3 rgb = source.rgb * (1.0 - ab) + destination.rgb * (1.0 - as) + as * ab * mixed;
    return vec4(rgb, as + ab - as * ab);
}
