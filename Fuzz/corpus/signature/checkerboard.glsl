// checkerboard (fill): squares of `size` points alternating between colors `first` and `second`.
[[ stitchable ]]
vec4 checkerboard(vec2 position, float size, vec4 first, vec4 second) {
    vec2 cell = floor(position / max(size, 1e-3));
    return mod(cell.x + cell.y, 2.0) < 1.0 ? first : second;
}
