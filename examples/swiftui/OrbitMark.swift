// OrbitMark of "geometryGroup, compositingGroup y drawingGroup en SwiftUI" (the Spanish article on the three grouping modifiers), as printed.
// Edits: `import SwiftUI` → `import Weft`; an entry point at the end.
import Weft

private struct OrbitMark: View {
    var body: some View {
        ZStack {
            Circle()
                .fill(.blue)
                .frame(width: 64, height: 64)
                .offset(x: -18)

            Circle()
                .fill(.pink)
                .frame(width: 64, height: 64)

            Circle()
                .fill(.orange)
                .frame(width: 64, height: 64)
                .offset(x: 18)
        }
    }
}

// Entry point (added): the mark alone.
let orbitMarkExample = SwiftUIExample(name: "orbit-mark", size: Size(width: 160, height: 100)) {
    try Timeline(OrbitMark(), size: Size(width: 160, height: 100))
}
