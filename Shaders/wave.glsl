// wave (distortion): makes horizontal lines wavy: shifts each column up and down along a
// sine of `wavelength` points and `amplitude` points, moved along by `phase` (radians; pass
// .engine(.time) to animate). maxSampleOffset: (0, amplitude).
// @param amplitude 0..40 = 10  wave height in points
// @param wavelength 4..256 = 64  wave length in points
// @param phase 0..6.2832 = 0  shift along the wave in radians (bind $time to animate)
// @maxSampleOffset 0, 40  the farthest it samples over its parameters' ranges (presets.json gives its defaults')
[[ stitchable ]]
vec2 wave(vec2 position, float amplitude, float wavelength, float phase) {
    float k = 6.28318530718 / max(wavelength, 1e-3);
    return position + vec2(0.0, amplitude * sin(position.x * k + phase));
}
