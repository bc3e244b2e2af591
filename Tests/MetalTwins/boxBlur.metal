#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// boxBlur (layer), the Metal twin of Shaders/boxBlur.glsl.
// @param radius 0..32 = 6  blur reach in points on each side
[[ stitchable ]] half4 boxBlur(float2 position, SwiftUI::Layer layer, float radius) {
    constexpr int taps = 3;
    float2 spacing = float2(max(radius, 0.0f) / float(taps));
    half4 sum = half4(0.0h);
    for (int y = -taps; y <= taps; y++) {
        for (int x = -taps; x <= taps; x++) {
            sum += layer.sample(position + float2(x, y) * spacing);
        }
    }
    return sum / half((2 * taps + 1) * (2 * taps + 1));
}
