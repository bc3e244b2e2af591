// colorInvert (color): SwiftUI's `colorInvert()`: each straight channel becomes one minus itself, alpha kept.
[[ stitchable ]]
vec4 colorInvert(vec2 position, vec4 color) {
    return vec4(color.a - color.rgb, color.a);
}
