#ifndef WEFT_LANE_MATH_H
#define WEFT_LANE_MATH_H

#include <stdint.h>

/* Row kernels for the CPU evaluator where Swift's code generation falls short: Swift lowers
   Float.squareRoot() to libm's sqrtf (errno semantics), which never vectorises.
   Each runs over `count` lanes (a multiple of 4). With `lanes` non-null, only lanes whose
   mask word is all ones are written; the others keep their value. */

/* destination = sqrt(source) */
void weft_lane_sqrt(float *destination, const float *source, const uint32_t *lanes, int count);

/* destination = 1 / sqrt(source) */
void weft_lane_inverse_sqrt(float *destination, const float *source, const uint32_t *lanes, int count);

#endif
