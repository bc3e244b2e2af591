#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// contrast (color), the Metal twin of Shaders/contrast.glsl.
// @param amount 0..3 = 1  1 keeps the colors, 0 is flat grey
[[ stitchable ]] half4 contrast(float2 position, half4 color, float amount) {
    if (color.a <= 0.0h) return color;
    half3 straight = color.rgb / color.a;
    return half4(clamp((straight - 0.5h) * half(amount) + 0.5h, 0.0h, 1.0h) * color.a, color.a);
}
