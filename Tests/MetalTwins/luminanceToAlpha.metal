#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// luminanceToAlpha (color), the Metal twin of Shaders/luminanceToAlpha.glsl.
[[ stitchable ]] half4 luminanceToAlpha(float2 position, half4 color) {
    return half4(0.0h, 0.0h, 0.0h, clamp(dot(color.rgb, half3(0.2125h, 0.7154h, 0.0721h)), 0.0h, 1.0h));
}
