// luminanceToAlpha (color): SwiftUI's `luminanceToAlpha()`: black whose alpha is the color's Rec. 709 luminance
// (the W3C filter-effects luminanceToAlpha), over transparent.
[[ stitchable ]]
vec4 luminanceToAlpha(vec2 position, vec4 color) {
    return vec4(0.0, 0.0, 0.0, clamp(dot(color.rgb, vec3(0.2125, 0.7154, 0.0721)), 0.0, 1.0));
}
