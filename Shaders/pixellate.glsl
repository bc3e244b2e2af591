// pixellate (layer): replaces each `size`-point square by the layer's color at its centre.
// maxSampleOffset: size / 2.
// @param size 1..64 = 16  side of a block in points
// @maxSampleOffset 32, 32  the farthest it samples over its parameters' ranges (presets.json gives its defaults')
[[ stitchable ]]
vec4 pixellate(vec2 position, Layer layer, float size) {
    float s = max(size, 1e-3);
    return sampleLayer(layer, (floor(position / s) + 0.5) * s);
}
