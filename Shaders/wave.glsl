// wave (distortion): shifts rows sideways along a sine of `wavelength` points and
// `amplitude` points, moved along by `phase` (radians). maxSampleOffset: (amplitude, 0).
[[ stitchable ]]
vec2 wave(vec2 position, float amplitude, float wavelength, float phase) {
    float k = 6.28318530718 / max(wavelength, 1e-3);
    return position + vec2(amplitude * sin(position.y * k + phase), 0.0);
}
