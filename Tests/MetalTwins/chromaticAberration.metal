#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// chromaticAberration (layer), the Metal twin of Shaders/chromaticAberration.glsl.
// @param offset -16..16 = 6, 0  how far red and blue are pulled apart, in points
[[ stitchable ]] half4 chromaticAberration(float2 position, SwiftUI::Layer layer, float2 offset) {
    half4 r = layer.sample(position + offset);
    half4 g = layer.sample(position);
    half4 b = layer.sample(position - offset);
    return half4(r.r, g.g, b.b, max(max(r.a, g.a), b.a));
}
