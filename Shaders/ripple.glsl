// ripple (distortion): circular waves spreading from `center` at `speed` points per second
// (pass .engine(.time) as `time`), `wavelength` points apart, displacing by up to
// `amplitude` points and fading with distance; still when reduce-motion is on.
// maxSampleOffset: amplitude.
// @param center = 256, 192  where the waves start, in points
// @param amplitude 0..40 = 8  largest displacement in points
// @param wavelength 4..200 = 40  distance between crests in points
// @param speed 0..200 = 60  how fast the waves spread, in points per second
// @param time 0..10 = 1  seconds since the start (bind $time)
// @maxSampleOffset 40, 40  the farthest it samples over its parameters' ranges (presets.json gives its defaults')
[[ stitchable ]]
vec2 ripple(vec2 position, vec2 center, float amplitude, float wavelength, float speed, float time) {
    vec2 d = position - center;
    float r = length(d);
    if (r < 1e-4) return position;
    float t = weftReduceMotion() ? 0.0 : time;
    float k = 6.28318530718 / max(wavelength, 1e-3);
    float fade = 1.0 / (1.0 + r / max(wavelength * 4.0, 1e-3));
    return position + d / r * amplitude * fade * sin(r * k - t * speed * k);
}
