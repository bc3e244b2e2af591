#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 tinteRadial(float2 posicion,
                                   half4 color,
                                   float2 centro,
                                   float radio,
                                   half4 acento) {
    float d = distance(posicion, centro) / max(radio, 1.0);
    half mezcla = half(saturate(1.0 - d));
    return mix(color, acento * color.a, mezcla) ;
}
