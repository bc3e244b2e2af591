#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// gaussianBlur (layer, 2 passes), the Metal twin of Shaders/gaussianBlur.glsl; weftScale() and weftPass() are
// Weft's own (docs/authoring.md, "The prelude").
// @param radius 0..32 = 6  blur reach in points on each side (3σ)
[[ stitchable(layer, passes: 2) ]]
half4 gaussianBlur(float2 position, SwiftUI::Layer layer, float radius) {
    float pixels = max(radius, 0.0f) * weftScale();
    int taps = int(ceil(pixels));
    half4 center = layer.sample(position);
    if (taps == 0) return center;
    float2 step = (weftPass() == 0 ? float2(1.0, 0.0) : float2(0.0, 1.0)) * (radius / float(taps));
    float sigma = float(taps) / 3.0f;
    float g = exp(-0.5f / (sigma * sigma));
    float w = 1.0f;
    float ratio = g;
    half4 sum = center;
    float total = 1.0f;
    if (pixels == float(taps)) {
        for (int k = 1; k <= taps; k += 2) {
            float a = w * ratio;
            ratio *= g * g;
            w = a * ratio;
            ratio *= g * g;
            float b = k < taps ? w : 0.0f;
            float pair = a + b;
            float2 offset = (float(k) + b / pair) * step;
            sum += half(pair) * (layer.sample(position + offset) + layer.sample(position - offset));
            total += 2.0f * pair;
        }
    } else {
        for (int k = 1; k <= taps; k++) {
            w *= ratio;
            ratio *= g * g;
            sum += half(w) * (layer.sample(position + float(k) * step) + layer.sample(position - float(k) * step));
            total += 2.0f * w;
        }
    }
    return sum / half(total);
}
