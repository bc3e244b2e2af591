// The hero of "matchedGeometryEffect: el efecto héroe entre dos vistas" (the Spanish article on matchedGeometryEffect), as printed.
// Edits: `import SwiftUI` → `import Weft`; an entry point at the end; `Miniatura` and `Detalle`, which the article uses but does not print, are
// written here (a 60-point rounded thumbnail and a 240 × 160 detail card).
import Weft

struct Galeria: View {
    @Namespace private var ns
    @State private var expandida = false

    var body: some View {
        ZStack {
            if expandida {
                Detalle()
                    .matchedGeometryEffect(id: "tarjeta", in: ns)
            } else {
                Miniatura()
                    .matchedGeometryEffect(id: "tarjeta", in: ns)
            }
        }
        .onTapGesture { withAnimation(.snappy) { expandida.toggle() } }
    }
}

private struct Miniatura: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 8).fill(.indigo).frame(width: 60, height: 60)
    }
}

private struct Detalle: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 16).fill(.teal).frame(width: 240, height: 160)
    }
}

// Entry point (added): the thumbnail tapped open at 0.5 s and closed again at 1.5 s, at the centre where both are.
let galeriaExample = SwiftUIExample(name: "galeria", size: Size(width: 320, height: 240), timeline: {
    try Timeline(Galeria(), size: Size(width: 320, height: 240),
                 script: [.tap(at: CGPoint(x: 160, y: 120), at: 0.5), .tap(at: CGPoint(x: 160, y: 120), at: 1.5)])
}, preview: clickable({ Galeria() }, size: Size(width: 320, height: 240), name: "galeria"))
