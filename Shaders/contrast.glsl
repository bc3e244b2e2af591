// contrast (color): SwiftUI's `contrast(_:)`: scales each channel's distance from mid-grey by `amount`.
// @param amount 0..3 = 1  1 keeps the colors, 0 is flat grey
[[ stitchable ]]
vec4 contrast(vec2 position, vec4 color, float amount) {
    if (color.a <= 0.0) return color;
    vec3 straight = color.rgb / color.a;
    return vec4(clamp((straight - 0.5) * amount + 0.5, 0.0, 1.0) * color.a, color.a);
}
