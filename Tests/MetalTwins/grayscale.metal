#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// grayscale (color), the Metal twin of Shaders/grayscale.glsl.
// @param amount 0..1 = 1  how gray: 0 keeps the colors
[[ stitchable ]] half4 grayscale(float2 position, half4 color, float amount) {
    half luma = dot(color.rgb, half3(0.2126h, 0.7152h, 0.0722h));
    return half4(mix(color.rgb, half3(luma), half(saturate(amount))), color.a);
}
