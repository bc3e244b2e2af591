// colorMultiply (color): SwiftUI's `colorMultiply(_:)`: multiplies each channel, alpha included, by `tint`'s.
// @param tint = 1, 1, 1, 1  the color multiplied in (premultiplied, working color mode)
[[ stitchable ]]
vec4 colorMultiply(vec2 position, vec4 color, vec4 tint) {
    return color * tint;
}
