// blur9 (layer): the mean of a 3×3 grid of bilinear layer samples `spacing` points apart. Not a
// stock effect: it is the shape of the CPU anchor quoted for the evaluator ("a 9-tap bilinear
// blur"), so that the CPU evaluator can be compared with it directly. maxSampleOffset: spacing.
[[ stitchable ]]
vec4 blur9(vec2 position, Layer layer, float spacing) {
    vec4 sum = vec4(0.0);
    for (int y = -1; y <= 1; y++) {
        for (int x = -1; x <= 1; x++) {
            sum += sampleLayer(layer, position + vec2(x, y) * spacing);
        }
    }
    return sum / 9.0;
}
