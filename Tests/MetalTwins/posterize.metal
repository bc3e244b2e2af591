#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// posterize (color), the Metal twin of Shaders/posterize.glsl.
// @param levels 2..16 = 4  steps per channel
[[ stitchable ]] half4 posterize(float2 position, half4 color, float levels) {
    if (color.a <= 0.0h) return half4(0.0h);
    float steps = max(levels, 2.0f) - 1.0f;
    float3 straight = saturate(float3(color.rgb) / float(color.a));
    return half4(half3(floor(straight * steps + 0.4999f) / steps * float(color.a)), color.a);
}
