#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// pixellate (layer), the Metal twin of Shaders/pixellate.glsl.
// @param size 1..64 = 16  side of a block in points
[[ stitchable ]] half4 pixellate(float2 position, SwiftUI::Layer layer, float size) {
    float s = max(size, 1e-3f);
    return layer.sample((floor(position / s) + 0.5f) * s);
}
