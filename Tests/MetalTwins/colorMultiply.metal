#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// colorMultiply (color), the Metal twin of Shaders/colorMultiply.glsl.
// @param tint = 1, 1, 1, 1  the color multiplied in (premultiplied, working color mode)
[[ stitchable ]] half4 colorMultiply(float2 position, half4 color, half4 tint) {
    return color * tint;
}
