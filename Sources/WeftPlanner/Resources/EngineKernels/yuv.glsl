// A frame's straight-alpha colors as the planes of YUV 4:2:0, 8 bits (I420: Y, then U, then V, then A for yuva420p),
// BT.709 limited range, one byte after another in the output's rows: each texel holds four consecutive bytes.
// Chroma is the mean of each 2 × 2 block of straight colors; pixels beyond the frame (an odd side rounded up) are
// transparent black.
layout(binding = 1) uniform sampler2D weftLayer;
struct WeftArgumentsData {
    ivec4 geometry; // even width, even height, alpha plane (1) or none (0), bytes in all
};
layout(binding = 3, std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
#define args weftArgumentLanes[weftLane]

// The straight 8-bit color of pixel p, as PNG files hold it: round(p·255/a), halves up, clamped; 0 where a = 0.
uvec4 straight(ivec2 p) {
    if (any(greaterThanEqual(p, ivec2(weft.layerSize)))) return uvec4(0u);
    uvec4 q = uvec4(round(clamp(texelFetch(weftLayer, p, 0), 0.0, 1.0) * 255.0));
    if (q.a == 0u) return uvec4(0u);
    uvec3 c = min((510u * q.rgb + q.a) / (2u * q.a), uvec3(255u));
    return uvec4(c, q.a);
}

const vec3 luma = vec3(0.2126, 0.7152, 0.0722);

uint code(float value) { return uint(clamp(floor(value + 0.5), 0.0, 255.0)); }

// Byte `index` of the planes.
uint planeByte(int index) {
    int width = args.geometry.x, height = args.geometry.y;
    int lumaBytes = width * height, chromaWidth = width / 2, chromaBytes = lumaBytes / 4;
    if (index < lumaBytes) {
        vec3 c = vec3(straight(ivec2(index % width, index / width)).rgb);
        return code(16.0 + dot(luma, c) * (219.0 / 255.0));
    }
    int chroma = index - lumaBytes;
    if (chroma < 2 * chromaBytes) {
        int plane = chroma / chromaBytes, at = chroma % chromaBytes;
        ivec2 p = 2 * ivec2(at % chromaWidth, at / chromaWidth);
        vec3 c = 0.25 * vec3(straight(p).rgb + straight(p + ivec2(1, 0)).rgb + straight(p + ivec2(0, 1)).rgb + straight(p + ivec2(1, 1)).rgb);
        float y = dot(luma, c);
        float difference = plane == 0 ? (c.b - y) / 1.8556 : (c.r - y) / 1.5748;
        return code(128.0 + difference * (224.0 / 255.0));
    }
    int alpha = chroma - 2 * chromaBytes;
    return straight(ivec2(alpha % width, alpha / width)).a;
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    int first = 4 * (pixel.y * weft.outputSize.x + pixel.x);
    uvec4 bytes = uvec4(0u);
    for (int i = 0; i < 4; i++) {
        if (first + i < args.geometry.w) bytes[i] = planeByte(first + i);
    }
    imageStore(weftOutput, pixel, vec4(bytes) / 255.0);
}
