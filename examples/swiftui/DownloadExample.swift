// The download badge of "geometryGroup, compositingGroup y drawingGroup en SwiftUI" (the Spanish article on the three
// grouping modifiers), as printed.
// Edits: `import SwiftUI` → `import Weft`; an entry point at the end.
import Weft

struct DownloadExample: View {
    @State private var isAvailable = false

    var body: some View {
        VStack(spacing: 24) {
            DownloadStatus(isAvailable: isAvailable)
                .frame(
                    maxWidth: .infinity,
                    alignment: isAvailable ? .trailing : .leading
                )

            Button("Cambiar estado") {
                withAnimation(.easeInOut(duration: 1.2)) {
                    isAvailable.toggle()
                }
            }
        }
        .padding()
    }
}

private struct DownloadStatus: View {
    let isAvailable: Bool

    private var color: Color {
        isAvailable ? .green : .orange
    }

    var body: some View {
        Label(
            isAvailable ? "Disponible" : "Descargando",
            systemImage: isAvailable ? "checkmark" : "arrow.down"
        )
        .font(.headline)
        .foregroundStyle(color)
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .background(color.opacity(0.15), in: .capsule)
    }
}

// Entry point (added): the button tapped at 0.5 s; the badge crosses in 1.2 s.
let downloadExample = SwiftUIExample(name: "download-badge", size: Size(width: 360, height: 140)) {
    try Timeline(DownloadExample(), size: Size(width: 360, height: 140), script: [.tap(label: "Cambiar estado", at: 0.5)])
}
