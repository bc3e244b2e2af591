#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// brilloBarrido (color): the third article's shine, driven by a TimelineView's time and the view's measured size.
// A diagonal band of light crosses the view every 2 seconds; with reduce motion it stays still, a third of the way across.
// @param t = $time  seconds
// @param size = $size  the view's size, in points
// @param reduceMotion = $reduceMotion  1 freezes the band
[[ stitchable ]] half4 brilloBarrido(float2 position, half4 color, float t, float2 size, float reduceMotion) {
    float motion = 1.0 - reduceMotion;
    float progress = motion > 0.5 ? fract(t / 2.0) : 0.35;
    float span = size.x + size.y;
    float center = mix(-0.25, 1.25, progress) * span;
    float band = 1.0 - smoothstep(0.0, 0.12 * span, abs(position.x + position.y - center));
    half light = half(0.6 * band);
    return half4(mix(color.rgb, color.aaa, light), color.a);
}
