#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// saturation (color), the Metal twin of Shaders/saturation.glsl.
// @param amount 0..3 = 1  1 keeps the colors, 0 is grey
[[ stitchable ]] half4 saturation(float2 position, half4 color, float amount) {
    half luma = dot(color.rgb, half3(0.2126h, 0.7152h, 0.0722h));
    return half4(clamp(mix(half3(luma), color.rgb, half(amount)), 0.0h, color.a), color.a);
}
