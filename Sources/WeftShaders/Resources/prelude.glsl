// The Weft prelude: prepended to every stitchable effect (docs/authoring.md, "The prelude").
// The generated wrapper declares the bindings before this text and defines
// WEFT_HAS_LAYER, WEFT_HAS_DESTINATION and WEFT_HAS_ARRAYS for the ones it declares, so
// helpers here reference only bindings that the kernel has. Names starting with `weft`
// are reserved for Weft.

// Metal-flavoured aliases, so SwiftUI shaders port with few edits.
#define float2 vec2
#define float3 vec3
#define float4 vec4
#define half float
#define half2 vec2
#define half3 vec3
#define half4 vec4
#define int2 ivec2
#define int3 ivec3
#define int4 ivec4

// The layer a layer effect reads: its padded bounds in points (user space).
struct Layer {
    vec2 origin;
    vec2 size;
};

// Array arguments: a window into the kernel's array buffer.
struct FloatArray {
    uint offset;
    uint count;
};

struct ColorArray {
    uint offset; // in floats; four per color
    uint count;  // in colors
};

// An image argument: which of the kernel's extra textures (binding 5 + index).
struct Image {
    uint index;
};

float saturate(float x) { return clamp(x, 0.0, 1.0); }
vec2 saturate(vec2 x) { return clamp(x, 0.0, 1.0); }
vec3 saturate(vec3 x) { return clamp(x, 0.0, 1.0); }
vec4 saturate(vec4 x) { return clamp(x, 0.0, 1.0); }

// Engine values, filled every frame.
float weftTime() { return weft.time; }
int weftFrame() { return int(weft.frame); }
vec2 weftViewSize() { return weft.viewSize; }
bool weftReduceMotion() { return weft.reduceMotion != 0u; }
vec2 weftMouse() { return weft.mouse; }

// Which run of a multi-pass effect this is ([[ stitchable(layer, passes: N) ]]), from 0; always 0 for other effects.
// A constant of each pass's kernel, so branches on it cost nothing.
#ifndef WEFT_PASS
#define WEFT_PASS 0
#endif
int weftPass() { return WEFT_PASS; }
// Pixels per point of the texture being written (the render's scale times the view's transform).
float weftScale() { return weft.scale; }

// The premultiplied layer at user-space point p: bilinear, texel centres at .5, transparent
// outside the padded layer, as a clamp-to-border sampler with a transparent border filters it:
// the edge texels fade to nothing over the half texel beyond the edge. The sampler clamps to
// the edge, and the coverage of the layer's texel-space rectangle (per axis, how much of the
// bilinear footprint's weight lies on texels inside) turns that into the border's result.
// Because of that, the texture bound may also be the layer's content alone, unpadded (weft.layerOrigin
// and weft.layerSize its rectangle; docs/fusion.md, "Read-through"): sampling it is sampling the padded layer.
vec4 sampleLayer(Layer layer, vec2 p) {
#ifdef WEFT_HAS_LAYER
    vec2 texel = (p - weft.layerOrigin) * weft.scale;
    vec2 inside = clamp(min(texel + 0.5, weft.layerSize + 0.5 - texel), 0.0, 1.0);
    float coverage = inside.x * inside.y;
    if (!(coverage > 0.0)) return vec4(0.0); // beyond the half texel, and NaN positions
    // The filter's fraction snapped to its 1/256 grid and sampled a quarter step above it: texture units that weight
    // with 8 bits, rounding or truncating, and the CPU evaluator's sampler (which truncates to 8 bits) all weigh k/256,
    // whatever texture (padded copy or read-through) holds the texels (docs/kernel-abi.md, "Coordinates").
    // With c = floor(texel - 0.5), the snap c + 0.5 + (round((texel - 0.5 - c) * 256) + 0.25) / 256 is
    // (floor(texel * 256 - 127.5) + 128.25) / 256, as c * 256 is whole. A division, not a multiply by a reciprocal:
    // lavapipe's reciprocal is approximate, enough to move the point off its quarter step.
#ifdef WEFT_UNSNAPPED_SAMPLING
    vec2 at = texel / weft.layerSize;
#else
    vec2 at = (floor(texel * 256.0 - 127.5) + 128.25) / (256.0 * weft.layerSize);
#endif
    return textureLod(weftLayer, at, 0.0) * coverage;
#else
    return vec4(0.0);
#endif
}

int count(FloatArray a) { return int(a.count); }
int count(ColorArray a) { return int(a.count); }

// Element i of an array argument; 0 (transparent for colors) outside [0, count).
float floatAt(FloatArray a, int i) {
#ifdef WEFT_HAS_ARRAYS
    if (i >= 0 && uint(i) < a.count) return weftArrayData[a.offset + uint(i)];
#endif
    return 0.0;
}

float floatAt(FloatArray a, uint i) { return floatAt(a, int(i)); }

vec4 colorAt(ColorArray a, int i) {
#ifdef WEFT_HAS_ARRAYS
    if (i >= 0 && uint(i) < a.count) {
        uint base = a.offset + 4u * uint(i);
        return vec4(weftArrayData[base], weftArrayData[base + 1u], weftArrayData[base + 2u], weftArrayData[base + 3u]);
    }
#endif
    return vec4(0.0);
}

vec4 colorAt(ColorArray a, uint i) { return colorAt(a, int(i)); }

// An image argument at p in the image's own pixel coordinates (texel centres at .5):
// bilinear, clamped to the edge. Defined by the wrapper for the kernel's images.
vec4 sampleImage(Image image, vec2 p);
// An image argument's size in pixels.
vec2 imageExtent(Image image);

// The texel of tex containing a user-space position; transparent outside the texture.
vec4 weftLoad(sampler2D tex, vec2 origin, vec2 size, vec2 position) {
    ivec2 texel = ivec2(floor((position - origin) * weft.scale));
    if (any(lessThan(texel, ivec2(0))) || any(greaterThanEqual(texel, ivec2(size)))) return vec4(0.0);
    return texelFetch(tex, texel, 0);
}
