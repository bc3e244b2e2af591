// The direct 2-D Gaussian over the same taps as Shaders/gaussianBlur.glsl, (2r + 1)² samples in one pass: the reference
// that Benchmarks/readthru/check.sh and the tests (MultiPassEffectTests, LayerReadThroughTests) compare gaussianBlur
// with. maxSampleOffset: radius.
// @param radius 0..32 = 6  blur reach in points on each side (3σ)
[[ stitchable ]]
vec4 gaussian2D(vec2 position, Layer layer, float radius) {
    int taps = int(ceil(max(radius, 0.0) * weftScale()));
    if (taps == 0) return sampleLayer(layer, position);
    float sigma = float(taps) / 3.0;
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int y = -taps; y <= taps; y++) {
        for (int x = -taps; x <= taps; x++) {
            float w = exp(-0.5 * float(x * x + y * y) / (sigma * sigma));
            sum += w * sampleLayer(layer, position + vec2(x, y) * (radius / float(taps)));
            total += w;
        }
    }
    return sum / total;
}
