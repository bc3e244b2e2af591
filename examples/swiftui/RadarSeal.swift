// RadarSeal of "geometryGroup, compositingGroup y drawingGroup en SwiftUI" (the Spanish article on the three grouping
// modifiers), as printed.
// Edits: `import SwiftUI` → `import Weft`; an entry point at the end.
import Weft

struct RadarSeal: View {
    var body: some View {
        ZStack {
            ForEach(0..<72, id: \.self) { index in
                Capsule()
                    .fill(.mint.opacity(index.isMultiple(of: 3) ? 0.9 : 0.35))
                    .frame(width: 2, height: 14)
                    .offset(y: -70)
                    .rotationEffect(.degrees(Double(index) * 5))
            }

            Circle()
                .fill(.black.gradient)
                .frame(width: 110, height: 110)
                .overlay {
                    Image(systemName: "wave.3.right")
                        .font(.system(size: 38, weight: .semibold))
                        .foregroundStyle(.mint)
                }
                .shadow(color: .mint.opacity(0.5), radius: 14)
        }
        .frame(width: 180, height: 180)
        .drawingGroup(opaque: false, colorMode: .linear)
    }
}

// Entry point (added): the seal alone.
let radarSealExample = SwiftUIExample(name: "radar-seal", size: Size(width: 220, height: 220)) {
    try Timeline(RadarSeal(), size: Size(width: 220, height: 220))
}
