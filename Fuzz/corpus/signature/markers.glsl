/* [[ stitchable ]] in a comment */
#define N 3
[[ stitchable(color) ]]
vec4 a(vec2 position, vec4 color,
       const in float amount /* , vec4 extra */, FloatArray weights) { return color; }
[[ stitchable(blend) ]] vec4 b(vec2 position, vec4 source, vec4 destination) { return source; }
[[ stitchable ]] vec4 c(vec2 position, Layer layer, ColorArray stops, int n) { return vec4(0.0); }
