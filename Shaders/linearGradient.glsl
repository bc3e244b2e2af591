// linearGradient (fill): evenly spaced color `stops` from point `start` to point `end`,
// clamped beyond both ends; colors interpolate premultiplied.
// @param start = 0, 0  where the first stop sits, in points
// @param end = 512, 384  where the last stop sits, in points
// @param stops  the colors, evenly spaced
[[ stitchable ]]
vec4 linearGradient(vec2 position, vec2 start, vec2 end, ColorArray stops) {
    int n = count(stops);
    if (n == 0) return vec4(0.0);
    if (n == 1) return colorAt(stops, 0);
    vec2 axis = end - start;
    float t = saturate(dot(position - start, axis) / max(dot(axis, axis), 1e-8));
    float x = t * float(n - 1);
    int i = min(int(floor(x)), n - 2);
    return mix(colorAt(stops, i), colorAt(stops, i + 1), x - float(i));
}
