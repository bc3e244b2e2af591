#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Runs SPIRV-Tools' performance passes (inlining, mem2reg, constant folding, dead-code
/// elimination …) over a Vulkan 1.2 module. On success returns 1 and sets *output/*output_count
/// to a malloc'd copy of the result; on failure returns 0 and sets *message to a malloc'd
/// description. The caller frees both with free().
int weft_spirv_optimize(const uint32_t *input, size_t input_count,
                        uint32_t **output, size_t *output_count, char **message);

#ifdef __cplusplus
}
#endif
