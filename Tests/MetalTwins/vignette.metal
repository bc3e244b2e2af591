#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// vignette (color), the Metal twin of Shaders/vignette.glsl.
// @param bounds = 0, 0, 512, 384  the rectangle whose corners darken (bind $boundingRect)
// @param strength 0..1 = 0.8  darkness at the corners: 0 none, 1 black
[[ stitchable ]] half4 vignette(float2 position, half4 color, float4 bounds, float strength) {
    float2 centre = bounds.xy + bounds.zw * 0.5f;
    float2 d = (position - centre) / max(bounds.zw * 0.5f, float2(1e-3f));
    float fall = saturate(dot(d, d) * 0.5f);
    return half4(color.rgb * half(1.0f - saturate(strength) * fall), color.a);
}
