#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// checkerboard (fill), the Metal twin of Shaders/checkerboard.glsl.
// @param size 2..128 = 32  side of a square in points
// @param first = 0.9, 0.9, 0.93, 1  color of the square at the origin
// @param second = 0.1, 0.09, 0.66, 1  color of the other squares
[[ stitchable ]] half4 checkerboard(float2 position, float size, half4 first, half4 second) {
    float2 cell = metal::floor(position / metal::max(size, 1e-3f));
    return fmod(cell.x + cell.y, 2.0f) < 1.0f ? first : second;
}
