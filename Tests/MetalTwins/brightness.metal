#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// brightness (color), the Metal twin of Shaders/brightness.glsl.
// @param amount -1..1 = 0  added to red, green and blue
[[ stitchable ]] half4 brightness(float2 position, half4 color, float amount) {
    if (color.a <= 0.0h) return color;
    half3 straight = color.rgb / color.a;
    return half4(clamp(straight + half(amount), 0.0h, 1.0h) * color.a, color.a);
}
