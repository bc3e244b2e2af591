// wave (distortion): makes horizontal lines wavy: shifts each column up and down along a
// sine of `wavelength` points and `amplitude` points, moved along by `phase` (radians; pass
// .engine(.time) to animate). maxSampleOffset: (0, amplitude).
[[ stitchable ]]
vec2 wave(vec2 position, float amplitude, float wavelength, float phase) {
    float k = 6.28318530718 / max(wavelength, 1e-3);
    return position + vec2(0.0, amplitude * sin(position.x * k + phase));
}
