#include "lane_math.h"

#if defined(__SSE2__)
#include <emmintrin.h>

static inline void store_masked(float *destination, __m128 value, const uint32_t *lanes, int l) {
    if (lanes) {
        __m128 mask = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(lanes + l)));
        __m128 old = _mm_loadu_ps(destination + l);
        value = _mm_or_ps(_mm_and_ps(mask, value), _mm_andnot_ps(mask, old));
    }
    _mm_storeu_ps(destination + l, value);
}

void weft_lane_sqrt(float *destination, const float *source, const uint32_t *lanes, int count) {
    for (int l = 0; l < count; l += 4)
        store_masked(destination, _mm_sqrt_ps(_mm_loadu_ps(source + l)), lanes, l);
}

void weft_lane_inverse_sqrt(float *destination, const float *source, const uint32_t *lanes, int count) {
    const __m128 one = _mm_set1_ps(1.0f);
    for (int l = 0; l < count; l += 4)
        store_masked(destination, _mm_div_ps(one, _mm_sqrt_ps(_mm_loadu_ps(source + l))), lanes, l);
}

#else
#include <math.h>

void weft_lane_sqrt(float *destination, const float *source, const uint32_t *lanes, int count) {
    for (int l = 0; l < count; l++)
        if (!lanes || lanes[l]) destination[l] = sqrtf(source[l]);
}

void weft_lane_inverse_sqrt(float *destination, const float *source, const uint32_t *lanes, int count) {
    for (int l = 0; l < count; l++)
        if (!lanes || lanes[l]) destination[l] = 1.0f / sqrtf(source[l]);
}
#endif
