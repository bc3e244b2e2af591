// grayscale (color): desaturates toward Rec. 709 luma; `amount` 0 keeps the colors, 1 is fully gray.
// @param amount 0..1 = 1  how gray: 0 keeps the colors
[[ stitchable ]]
vec4 grayscale(vec2 position, vec4 color, float amount) {
    float luma = dot(color.rgb, vec3(0.2126, 0.7152, 0.0722));
    return vec4(mix(color.rgb, vec3(luma), saturate(amount)), color.a);
}
