#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// colorInvert (color), the Metal twin of Shaders/colorInvert.glsl.
[[ stitchable ]] half4 colorInvert(float2 position, half4 color) {
    return half4(color.a - color.rgb, color.a);
}
