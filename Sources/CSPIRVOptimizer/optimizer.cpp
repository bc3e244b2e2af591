#include "weft_spirv_optimizer.h"

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <spirv-tools/optimizer.hpp>

static char *copy_string(const std::string &text) {
    char *result = static_cast<char *>(std::malloc(text.size() + 1));
    if (result) std::memcpy(result, text.c_str(), text.size() + 1);
    return result;
}

extern "C" int weft_spirv_optimize(const uint32_t *input, size_t input_count,
                                   uint32_t **output, size_t *output_count, char **message) {
    *output = nullptr;
    *output_count = 0;
    *message = nullptr;
    std::string log;
    spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_2);
    optimizer.SetMessageConsumer([&log](spv_message_level_t level, const char *, const spv_position_t &position,
                                        const char *text) {
        if (level > SPV_MSG_WARNING) return;
        log += "word " + std::to_string(position.index) + ": " + text + "\n";
    });
    optimizer.RegisterPerformancePasses();
    spvtools::ValidatorOptions validator;
    spvtools::OptimizerOptions options;
    options.set_run_validator(true);
    options.set_validator_options(validator);
    options.set_preserve_bindings(true);
    std::vector<uint32_t> result;
    try {
        if (!optimizer.Run(input, input_count, &result, options)) {
            *message = copy_string(log.empty() ? "the SPIR-V optimizer failed" : log);
            return 0;
        }
    } catch (const std::exception &error) {
        *message = copy_string(std::string("the SPIR-V optimizer threw: ") + error.what());
        return 0;
    }
    *output = static_cast<uint32_t *>(std::malloc(result.size() * sizeof(uint32_t)));
    if (!*output) {
        *message = copy_string("out of memory");
        return 0;
    }
    std::memcpy(*output, result.data(), result.size() * sizeof(uint32_t));
    *output_count = result.size();
    return 1;
}
