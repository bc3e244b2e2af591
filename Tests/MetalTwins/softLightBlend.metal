#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// softLightBlend (blend), the Metal twin of Shaders/softLightBlend.glsl.
static inline half softLightChannel(half cb, half cs) {
    if (cs <= 0.5h) return cb - (1.0h - 2.0h * cs) * cb * (1.0h - cb);
    half d = cb <= 0.25h ? ((16.0h * cb - 12.0h) * cb + 4.0h) * cb : sqrt(cb);
    return cb + (2.0h * cs - 1.0h) * (d - cb);
}

[[ stitchable ]] half4 softLightBlend(float2 position, half4 source, half4 destination) {
    half sa = source.a, da = destination.a;
    half3 cs = sa > 0.0h ? saturate(source.rgb / sa) : half3(0.0h);
    half3 cb = da > 0.0h ? saturate(destination.rgb / da) : half3(0.0h);
    half3 mixed = half3(softLightChannel(cb.r, cs.r), softLightChannel(cb.g, cs.g), softLightChannel(cb.b, cs.b));
    half3 rgb = source.rgb * (1.0h - da) + destination.rgb * (1.0h - sa) + sa * da * mixed;
    return half4(rgb, sa + da - sa * da);
}
