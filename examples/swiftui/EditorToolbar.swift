// The editor toolbar of "onGeometryChange" (the Spanish article on onGeometryChange), as printed.
// Edits: `import SwiftUI` → `import Weft`; an entry point at the end.
import Weft

struct EditorToolbar: View {
@State private var isCompact = false
var body: some View {
HStack {
Button {
saveDocument()
} label: {
if isCompact {
Image(systemName: "square.and.arrow.down")
} else {
Label("Guardar", systemImage: "square.and.arrow.down")
}
}
Button {
duplicateDocument()
} label: {
if isCompact {
Image(systemName: "plus.square.on.square")
} else {
Label("Duplicar", systemImage: "plus.square.on.square")
}
}
Spacer()
Button {
showInspector()
} label: {
if isCompact {
Image(systemName: "sidebar.right")
} else {
Label("Inspector", systemImage: "sidebar.right")
}
}
}
.padding()
.onGeometryChange(for: Bool.self) { geometry in
geometry.size.width < 420
} action: { isCompact in
self.isCompact = isCompact
}
}
private func saveDocument() {}
private func duplicateDocument() {}
private func showInspector() {}
}

// Entry points (added): the toolbar at a regular width, and compact below 420 points.
let editorToolbarExample = SwiftUIExample(name: "editor-toolbar", size: Size(width: 600, height: 64)) {
    try Timeline(EditorToolbar(), size: Size(width: 600, height: 64))
}
let editorToolbarCompactExample = SwiftUIExample(name: "editor-toolbar-compact", size: Size(width: 360, height: 64)) {
    try Timeline(EditorToolbar(), size: Size(width: 360, height: 64))
}
