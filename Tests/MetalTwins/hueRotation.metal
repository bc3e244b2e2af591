#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// hueRotation (color), the Metal twin of Shaders/hueRotation.glsl.
// @param degrees -180..180 = 0  how far the hue turns
[[ stitchable ]] half4 hueRotation(float2 position, half4 color, float degrees) {
    float a = degrees * 0.017453292519943295f;
    float c = metal::cos(a), s = metal::sin(a);
    float3x3 m = float3x3(
        float3(0.213f + c * 0.787f - s * 0.213f, 0.213f - c * 0.213f + s * 0.143f, 0.213f - c * 0.213f - s * 0.787f),
        float3(0.715f - c * 0.715f - s * 0.715f, 0.715f + c * 0.285f + s * 0.140f, 0.715f - c * 0.715f + s * 0.715f),
        float3(0.072f - c * 0.072f + s * 0.928f, 0.072f - c * 0.072f - s * 0.283f, 0.072f + c * 0.928f + s * 0.072f));
    return half4(clamp(half3(m * float3(color.rgb)), 0.0h, color.a), color.a);
}
