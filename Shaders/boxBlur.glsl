// boxBlur (layer): the mean of a 7×7 grid of layer samples spanning `radius` points on
// each side of the pixel. maxSampleOffset: radius.
// @param radius 0..32 = 6  blur reach in points on each side
// @maxSampleOffset 32, 32  the farthest it samples over its parameters' ranges (presets.json gives its defaults')
[[ stitchable ]]
vec4 boxBlur(vec2 position, Layer layer, float radius) {
    const int taps = 3;
    vec2 spacing = vec2(max(radius, 0.0) / float(taps));
    vec4 sum = vec4(0.0);
    for (int y = -taps; y <= taps; y++) {
        for (int x = -taps; x <= taps; x++) {
            sum += sampleLayer(layer, position + vec2(x, y) * spacing);
        }
    }
    return sum / float((2 * taps + 1) * (2 * taps + 1));
}
