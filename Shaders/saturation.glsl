// saturation (color): SwiftUI's `saturation(_:)`: moves each color from its Rec. 709 luma by `amount` (0 grey, 1 as is).
// @param amount 0..3 = 1  1 keeps the colors, 0 is grey
[[ stitchable ]]
vec4 saturation(vec2 position, vec4 color, float amount) {
    float luma = dot(color.rgb, vec3(0.2126, 0.7152, 0.0722));
    return vec4(clamp(mix(vec3(luma), color.rgb, amount), 0.0, color.a), color.a);
}
