#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// radialTint (color), the Metal twin of Shaders/radialTint.glsl.
// @param center = 256, 192  where the tint is full, in points
// @param radius 1..512 = 220  distance in points at which the tint has faded out
// @param tint = 1, 0.55, 0.1, 1  the tint color (premultiplied, working color mode)
[[ stitchable ]] half4 radialTint(float2 position, half4 color, float2 center, float radius, half4 tint) {
    half weight = 1.0h - half(metal::smoothstep(0.0f, max(radius, 1e-4f), metal::distance(position, center)));
    half3 tintRGB = select(half3(0.0h), tint.rgb / tint.a, tint.a > 0.0h); // straight tint color
    return half4(mix(color.rgb, tintRGB * color.a, weight * tint.a), color.a);
}
