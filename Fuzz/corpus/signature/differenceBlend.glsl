// differenceBlend (blend): the W3C difference blend |destination − source|, premultiplied,
// source-over compositing.
[[ stitchable ]]
vec4 differenceBlend(vec2 position, vec4 source, vec4 destination) {
    float as = source.a, ab = destination.a;
    vec3 rgb = source.rgb + destination.rgb - 2.0 * min(source.rgb * ab, destination.rgb * as);
    return vec4(rgb, as + ab - as * ab);
}
