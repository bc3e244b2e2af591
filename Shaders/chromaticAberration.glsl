// chromaticAberration (layer): splits the channels, red sampled at +`offset` points and
// blue at -`offset`, green in place. maxSampleOffset: abs(offset).
// @param offset -16..16 = 6, 0  how far red and blue are pulled apart, in points
// @maxSampleOffset 16, 16  the farthest it samples over its parameters' ranges (presets.json gives its defaults')
[[ stitchable ]]
vec4 chromaticAberration(vec2 position, Layer layer, vec2 offset) {
    vec4 r = sampleLayer(layer, position + offset);
    vec4 g = sampleLayer(layer, position);
    vec4 b = sampleLayer(layer, position - offset);
    return vec4(r.r, g.g, b.b, max(max(r.a, g.a), b.a));
}
