// Blend modes (W3C Compositing and Blending Level 1 on premultiplied colors), shape
// distances and color-mode conversion, shared by the shape and layer kernels.
float weftLum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
vec3 weftClipColor(vec3 c) {
    float l = weftLum(c);
    float n = min(c.r, min(c.g, c.b));
    float x = max(c.r, max(c.g, c.b));
    if (n < 0.0) c = l + (c - l) * l / (l - n);
    if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
    return c;
}
vec3 weftSetLum(vec3 c, float l) { return weftClipColor(c + (l - weftLum(c))); }
float weftSat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
vec3 weftSetSat(vec3 c, float s) {
    float mx = max(c.r, max(c.g, c.b));
    float mn = min(c.r, min(c.g, c.b));
    return mx > mn ? (c - mn) * s / (mx - mn) : vec3(0.0);
}
float weftHardLight(float b, float s) {
    return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0);
}
float weftSoftLight(float b, float s) {
    if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
    float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
    return b + (2.0 * s - 1.0) * (d - b);
}
float weftColorDodge(float b, float s) {
    if (b <= 0.0) return 0.0;
    if (s >= 1.0) return 1.0;
    return min(1.0, b / (1.0 - s));
}
float weftColorBurn(float b, float s) {
    if (b >= 1.0) return 1.0;
    if (s <= 0.0) return 0.0;
    return 1.0 - min(1.0, (1.0 - b) / s);
}
// B(Cb, Cs) of the separable and non-separable modes 1…15, on straight colors.
vec3 weftMix(int mode, vec3 b, vec3 s) {
    switch (mode) {
    case 1: return b * s;
    case 2: return b + s - b * s;
    case 3: return vec3(weftHardLight(s.r, b.r), weftHardLight(s.g, b.g), weftHardLight(s.b, b.b));
    case 4: return min(b, s);
    case 5: return max(b, s);
    case 6: return vec3(weftColorDodge(b.r, s.r), weftColorDodge(b.g, s.g), weftColorDodge(b.b, s.b));
    case 7: return vec3(weftColorBurn(b.r, s.r), weftColorBurn(b.g, s.g), weftColorBurn(b.b, s.b));
    case 8: return vec3(weftSoftLight(b.r, s.r), weftSoftLight(b.g, s.g), weftSoftLight(b.b, s.b));
    case 9: return vec3(weftHardLight(b.r, s.r), weftHardLight(b.g, s.g), weftHardLight(b.b, s.b));
    case 10: return abs(b - s);
    case 11: return b + s - 2.0 * b * s;
    case 12: return weftSetLum(weftSetSat(s, weftSat(b)), weftLum(b));
    case 13: return weftSetLum(weftSetSat(b, weftSat(s)), weftLum(b));
    case 14: return weftSetLum(s, weftLum(b));
    case 15: return weftSetLum(b, weftLum(s));
    }
    return s;
}
// Source `s` over destination `d`, both premultiplied; codes as BlendMode.kernelCode, 21 = copy, 22 = destination-in.
vec4 weftBlend(int mode, vec4 s, vec4 d) {
    switch (mode) {
    case 0: return s + d * (1.0 - s.a);
    case 16: return vec4(s.rgb * d.a + d.rgb * (1.0 - s.a), d.a);
    case 17: return s * (1.0 - d.a) + d;
    case 18: return d * (1.0 - s.a);
    case 19: {
        float a = min(1.0, s.a + d.a);
        return vec4(max(vec3(0.0), a - ((s.a - s.rgb) + (d.a - d.rgb))), a);
    }
    case 20: return min(vec4(1.0), s + d);
    case 21: return s;
    case 22: return d * s.a;
    }
    vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
    vec3 cb = d.a > 0.0 ? d.rgb / d.a : vec3(0.0);
    vec3 mixed = weftMix(mode, cb, cs);
    return vec4(s.rgb * (1.0 - d.a) + d.rgb * (1.0 - s.a) + s.a * d.a * mixed, s.a + d.a - s.a * d.a);
}

// Signed distance (local points) from q to a shape filling the rectangle (0, 0)…size.
float weftBox(vec2 p, vec2 halfSize, float r) {
    vec2 d = abs(p) - halfSize + r;
    return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0) - r;
}
float weftShapeDistance(int kind, vec2 q, vec2 size, float cornerRadius) {
    vec2 h = size * 0.5;
    vec2 p = q - h;
    float shorter = min(h.x, h.y);
    switch (kind) {
    case 0: return weftBox(p, h, 0.0);
    case 1: return weftBox(p, h, clamp(cornerRadius, 0.0, shorter));
    case 2: return length(p) - shorter;
    case 3: {
        if (h.x == h.y) return length(p) - h.x;
        float k0 = length(p / h);
        float k1 = length(p / (h * h));
        return k1 > 0.0 ? k0 * (k0 - 1.0) / k1 : -shorter;
    }
    case 4: return weftBox(p, h, shorter);
    }
    return -1.0e9;
}
// Coverage of the pixel at canvas point `position`: the shape's distance converted to
// canvas pixels through the map's Jacobian, then a one-pixel linear ramp.
float weftCoverage(int kind, mat2 toLocal, vec2 translation, vec2 position, vec2 size, float cornerRadius, float scale) {
    if (kind == 5) return 1.0;
    vec2 q = toLocal * position + translation;
    float dist = weftShapeDistance(kind, q, size, cornerRadius);
    float e = max(1.0e-3, 1.0e-3 * max(size.x, size.y));
    vec2 gradLocal = vec2(
        weftShapeDistance(kind, q + vec2(e, 0.0), size, cornerRadius) - weftShapeDistance(kind, q - vec2(e, 0.0), size, cornerRadius),
        weftShapeDistance(kind, q + vec2(0.0, e), size, cornerRadius) - weftShapeDistance(kind, q - vec2(0.0, e), size, cornerRadius)) / (2.0 * e);
    float perPoint = length(transpose(toLocal) * gradLocal);
    float pixels = dist / max(perPoint, 1.0e-6) * scale;
    return clamp(0.5 - pixels, 0.0, 1.0);
}

// Color modes: 0 nonLinear (sRGB-encoded), 1 linear, 2 extendedLinear.
float weftDecode(float v) {
    float a = abs(v);
    float l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4);
    return v < 0.0 ? -l : l;
}
float weftEncode(float v) {
    float a = abs(v);
    float e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1.0 / 2.4) - 0.055;
    return v < 0.0 ? -e : e;
}
vec4 weftConvert(vec4 c, int from, int to) {
    if ((from == 0) == (to == 0) || c.a <= 0.0) return c;
    vec3 straight = c.rgb / c.a;
    vec3 converted = from == 0
        ? vec3(weftDecode(straight.r), weftDecode(straight.g), weftDecode(straight.b))
        : vec3(weftEncode(straight.r), weftEncode(straight.g), weftEncode(straight.b));
    return vec4(converted * c.a, c.a);
}
vec4 weftStoreClamp(vec4 c, int clampOutput) {
    return clampOutput != 0 ? clamp(c, 0.0, 1.0) : c;
}

