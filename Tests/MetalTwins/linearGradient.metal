#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// linearGradient (fill), the Metal twin of Shaders/linearGradient.glsl: `stops` arrive as SwiftUI passes a
// colorArray, a pointer and a count.
// @param start = 0, 0  where the first stop sits, in points
// @param end = 512, 384  where the last stop sits, in points
// @param stops  the colors, evenly spaced
[[ stitchable ]] half4 linearGradient(float2 position, float2 start, float2 end, device const half4 *stops, int count) {
    if (count == 0) return half4(0.0h);
    if (count == 1) return stops[0];
    float2 axis = end - start;
    float t = saturate(dot(position - start, axis) / max(dot(axis, axis), 1e-8f));
    float x = t * float(count - 1);
    int i = min(int(floor(x)), count - 2);
    return mix(stops[i], stops[i + 1], half(x - (float)i));
}
