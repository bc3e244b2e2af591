#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// wave (distortion), the Metal twin of Shaders/wave.glsl.
// @param amplitude 0..40 = 10  wave height in points
// @param wavelength 4..256 = 64  wave length in points
// @param phase 0..6.2832 = 0  shift along the wave in radians (bind $time to animate)
[[ stitchable ]] float2 wave(float2 position, float amplitude, float wavelength, float phase) {
    float k = 2.0f * M_PI_F / max(wavelength, 1e-3f);
    return position + float2(0.0f, amplitude * metal::sin(position.x * k + phase));
}
