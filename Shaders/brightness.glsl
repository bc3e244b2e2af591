// brightness (color): SwiftUI's `brightness(_:)`: adds `amount` to each color channel (straight color, alpha kept).
// @param amount -1..1 = 0  added to red, green and blue
[[ stitchable ]]
vec4 brightness(vec2 position, vec4 color, float amount) {
    if (color.a <= 0.0) return color;
    vec3 straight = color.rgb / color.a;
    return vec4(clamp(straight + amount, 0.0, 1.0) * color.a, color.a);
}
