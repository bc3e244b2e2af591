#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 pixelado(float2 posicion,
                                SwiftUI::Layer capa,
                                float tamano) {
    float2 celda = floor(posicion / tamano) * tamano + tamano * 0.5;
    return capa.sample(celda);
}
