struct WeftArgumentsData { vec4 color; };
layout(binding = 3, std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
#define args weftArgumentLanes[weftLane]
void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    imageStore(weftOutput, pixel, args.color);
}
