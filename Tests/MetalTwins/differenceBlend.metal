#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// differenceBlend (blend), the Metal twin of Shaders/differenceBlend.glsl.
[[ stitchable ]] half4 differenceBlend(float2 position, half4 source, half4 destination) {
    half sa = source.a, da = destination.a;
    half3 rgb = source.rgb + destination.rgb - 2.0h * min(source.rgb * da, destination.rgb * sa);
    return half4(rgb, sa + da - sa * da);
}
