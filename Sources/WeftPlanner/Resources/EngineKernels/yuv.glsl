// A frame's straight-alpha colors as the planes of YUV (BT.709 limited range; 4:2:0, 4:2:2 or 4:4:4; 8 or 10 bits):
// Y, then U, then V, then A where there is alpha, one sample after another in the output's rows, each texel four
// consecutive bytes; a 10-bit sample is two bytes, little-endian. Chroma is sited on the left pixel of each pair of
// columns (and, in 4:2:0, between the pair's two rows), as ffmpeg's area conversion sites it: three quarters of the
// mean of the pixels' block (2 × 2 or 2 × 1) and a quarter of the block on its left (the first block's own at the left
// edge). Pixels beyond the frame (a side rounded up to even) are transparent black.
layout(binding = 1) uniform sampler2D weftLayer;
struct WeftArgumentsData {
    ivec4 geometry; // padded width, padded height, alpha plane (1) or none (0), bytes in all
    ivec4 format;   // chroma halves the columns (1) or not (0), the rows (1) or not (0); bits a sample (8 or 10)
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

// The mean straight color of the block of 2^halves.x × 2^halves.y pixels at p.
vec3 blockMean(ivec2 p, ivec2 halves) {
    vec3 c = vec3(straight(p).rgb);
    if (halves.x == 1) c += vec3(straight(p + ivec2(1, 0)).rgb);
    if (halves.y == 1) c += vec3(straight(p + ivec2(0, 1)).rgb);
    if (halves.x == 1 && halves.y == 1) c += vec3(straight(p + ivec2(1, 1)).rgb);
    return c / float(1 << (halves.x + halves.y));
}

// The nearest code of `bits` bits to `value`, already on that scale.
uint code(float value, int bits) { return uint(clamp(floor(value + 0.5), 0.0, float((1 << bits) - 1))); }

// Sample `index` of the planes, on its bit depth's scale (8-bit codes times 4 for 10 bits: Y 64–940, U and V 64–960).
uint planeSample(int index) {
    int width = args.geometry.x, height = args.geometry.y, bits = args.format.z;
    ivec2 halves = args.format.xy;
    float scale = float(1 << (bits - 8));
    int lumaSamples = width * height;
    int chromaWidth = width >> halves.x, chromaSamples = chromaWidth * (height >> halves.y);
    if (index < lumaSamples) {
        vec3 c = vec3(straight(ivec2(index % width, index / width)).rgb);
        return code(scale * (16.0 + dot(luma, c) * (219.0 / 255.0)), bits);
    }
    int chroma = index - lumaSamples;
    if (chroma < 2 * chromaSamples) {
        int plane = chroma / chromaSamples, at = chroma % chromaSamples;
        ivec2 p = ivec2(at % chromaWidth, at / chromaWidth) << halves;
        vec3 c = blockMean(p, halves);
        if (halves.x == 1) c = 0.75 * c + 0.25 * blockMean(ivec2(max(p.x - 2, 0), p.y), halves);
        float y = dot(luma, c);
        float difference = plane == 0 ? (c.b - y) / 1.8556 : (c.r - y) / 1.5748;
        return code(scale * (128.0 + difference * (224.0 / 255.0)), bits);
    }
    int alpha = chroma - 2 * chromaSamples;
    uint a = straight(ivec2(alpha % width, alpha / width)).a;
    return bits == 8 ? a : code(float(a) * float((1 << bits) - 1) / 255.0, bits);
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    int first = 4 * (pixel.y * weft.outputSize.x + pixel.x), bytes = args.geometry.w;
    uvec4 texel = uvec4(0u);
    if (args.format.z == 8) {
        for (int i = 0; i < 4; i++) {
            if (first + i < bytes) texel[i] = planeSample(first + i);
        }
    } else {
        for (int i = 0; i < 2; i++) {
            if (first + 2 * i >= bytes) break;
            uint value = planeSample(first / 2 + i);
            texel[2 * i] = value & 255u;
            texel[2 * i + 1] = value >> 8;
        }
    }
    imageStore(weftOutput, pixel, vec4(texel) / 255.0);
}
