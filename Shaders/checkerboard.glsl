// checkerboard (fill): squares of `size` points alternating between colors `first` and `second`.
// @param size 2..128 = 32  side of a square in points
// @param first = 0.9, 0.9, 0.93, 1  color of the square at the origin (premultiplied, working color mode)
// @param second = 0.1, 0.09, 0.66, 1  color of the other squares
[[ stitchable ]]
vec4 checkerboard(vec2 position, float size, vec4 first, vec4 second) {
    vec2 cell = floor(position / max(size, 1e-3));
    return mod(cell.x + cell.y, 2.0) < 1.0 ? first : second;
}
