// gaussianBlur (layer, 2 passes): a Gaussian blur reaching `radius` points (3σ) on each side of the pixel, run as a
// horizontal pass and then a vertical one over its result, so it costs 2·(r + 1) samples for a radius of r pixels,
// not (2r + 1)². The weights follow the Gaussian by recurrence, one tap pair per step. Where the taps lie a whole
// pixel apart (radius × scale a whole number), each two neighbouring taps k, k + 1 are one bilinear sample between
// their texels at their weighted position, which filtering turns into exactly the two taps' weighted sum; otherwise
// every tap is its own sample. maxSampleOffset: radius.
// @param radius 0..32 = 6  blur reach in points on each side (3σ)
// @maxSampleOffset 32, 32  the farthest it samples over its parameters' ranges (presets.json gives its defaults')
[[ stitchable(layer, passes: 2) ]]
vec4 gaussianBlur(vec2 position, Layer layer, float radius) {
    float pixels = max(radius, 0.0) * weftScale();
    int taps = int(ceil(pixels));
    vec4 center = sampleLayer(layer, position);
    if (taps == 0) return center;
    // Taps a pixel apart or a little less, so the last one lands on `radius` and never beyond it.
    vec2 step = (weftPass() == 0 ? vec2(1.0, 0.0) : vec2(0.0, 1.0)) * (radius / float(taps));
    float sigma = float(taps) / 3.0;
    float g = exp(-0.5 / (sigma * sigma));
    float w = 1.0;          // weight of the last tap taken: g^(k²)
    float ratio = g;        // w(k + 1) / w(k) = g^(2k + 1)
    vec4 sum = center;
    float total = 1.0;
    if (pixels == float(taps)) {
        // Taps on texel centres, a texel apart (the layer's grid is the output's): pairs k, k + 1 (the last alone).
        for (int k = 1; k <= taps; k += 2) {
            float a = w * ratio;    // w(k)
            ratio *= g * g;
            w = a * ratio;          // w(k + 1)
            ratio *= g * g;
            float b = k < taps ? w : 0.0;
            float pair = a + b;
            vec2 offset = (float(k) + b / pair) * step;
            sum += pair * (sampleLayer(layer, position + offset) + sampleLayer(layer, position - offset));
            total += 2.0 * pair;
        }
    } else {
        for (int k = 1; k <= taps; k++) {
            w *= ratio;
            ratio *= g * g;
            sum += w * (sampleLayer(layer, position + float(k) * step) + sampleLayer(layer, position - float(k) * step));
            total += 2.0 * w;
        }
    }
    return sum / total;
}
