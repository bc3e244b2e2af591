layout(binding = 3, std140) readonly buffer WeftArguments { vec4 color; } args;
void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
    if (any(greaterThanEqual(pixel, weft.outputSize))) return;
    imageStore(weftOutput, pixel, args.color);
}
