#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// ripple (distortion), the Metal twin of Shaders/ripple.glsl; weftReduceMotion() is Weft's own.
// @param center = 256, 192  where the waves start, in points
// @param amplitude 0..40 = 8  largest displacement in points
// @param wavelength 4..200 = 40  distance between crests in points
// @param speed 0..200 = 60  how fast the waves spread, in points per second
// @param time 0..10 = 1  seconds since the start (bind $time)
[[ stitchable ]] float2 ripple(float2 position, float2 center, float amplitude, float wavelength, float speed, float time) {
    float2 d = position - center;
    float r = length(d);
    if (r < 1e-4f) return position;
    float t = weftReduceMotion() ? 0.0f : time;
    float k = 2.0f * M_PI_F / max(wavelength, 1e-3f);
    float fade = 1.0f / (1.0f + r / max(wavelength * 4.0f, 1e-3f));
    return position + d / r * amplitude * fade * sin(r * k - t * speed * k);
}
