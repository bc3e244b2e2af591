#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>
