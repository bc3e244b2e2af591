// hueRotation (color): SwiftUI's `hueRotation(_:)`: turns colors about the grey axis by `degrees`, keeping luma
// (the W3C filter-effects hue-rotate matrix).
// @param degrees -180..180 = 0  how far the hue turns
[[ stitchable ]]
vec4 hueRotation(vec2 position, vec4 color, float degrees) {
    float a = radians(degrees);
    float c = cos(a), s = sin(a);
    mat3 m = mat3(
        0.213 + c * 0.787 - s * 0.213, 0.213 - c * 0.213 + s * 0.143, 0.213 - c * 0.213 - s * 0.787,
        0.715 - c * 0.715 - s * 0.715, 0.715 + c * 0.285 + s * 0.140, 0.715 - c * 0.715 + s * 0.715,
        0.072 - c * 0.072 + s * 0.928, 0.072 - c * 0.072 - s * 0.283, 0.072 + c * 0.928 + s * 0.072);
    return vec4(clamp(m * color.rgb, 0.0, color.a), color.a);
}
