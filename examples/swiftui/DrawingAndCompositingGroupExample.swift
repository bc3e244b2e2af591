// The two moving buttons of "62. Польза от .drawingGroup() и .compositingGroup()" (the Russian article on both
// modifiers), as printed with its two modifiers added ("Добавим два модификатора").
// Edits: `import SwiftUI` → `import Weft`; `DemoButtonStyleWithShadow`, which the article uses without printing, is
// written here (below, marked); an entry point at the end.
import Weft

struct DrawingAndCompositingGroupExample: View {
  @State private var didTap = false
   
  var body: some View {
    movingExample
  }
   
  private var movingExample: some View {
    VStack(spacing: 50) {
      if didTap { Spacer() }
      demoTextButton
      demoTextInCircleButton
      if !didTap { Spacer() }
    }
    .frame(maxWidth: .infinity, maxHeight: .infinity)
    .background(.black)
  }
   
  private var demoTextButton: some View {
    Button(action: performMoveAction) {
      makeMovingTextView(title: "top")
        .drawingGroup() // <- первый тут
    }
  }
   
  private var demoTextInCircleButton: some View {
    Button(action: performMoveAction) {
      ZStack {
        Circle()
          .fill(.black)
          .frame(width: 200, height: 200)
        makeMovingTextView(title: "bot")
      }
      .compositingGroup() // <- второй тут
    }
    .buttonStyle(DemoButtonStyleWithShadow(didTap: didTap))
  }
   
  private func performMoveAction() {
    withAnimation(.linear(duration: 1)) { didTap.toggle() }
  }
   
  private func makeMovingTextView(title: String) -> some View {
    Text(didTap ? "TRUE (\(title))" : "FALSE (\(title))")
      .font(.title.bold())
  }
}

// Written here (not printed in the article): the label in white, as it must be to show on the black screen, under
// a white shadow that turns green once tapped — a shadow, as the style's name says, that falls on the circle alone
// because the label is a compositing group.
private struct DemoButtonStyleWithShadow: ButtonStyle {
  let didTap: Bool

  func makeBody(configuration: Configuration) -> some View {
    configuration.label
      .foregroundStyle(.white)
      .shadow(color: didTap ? .green : .white, radius: 10)
  }
}

// Entry point (added): the circle tapped at 0.5 s, the text button at 2 s; each move takes 1 s.
let drawingAndCompositingGroupExample = SwiftUIExample(name: "moving-buttons", size: Size(width: 300, height: 560),
                                                       timeline: {
    try Timeline(DrawingAndCompositingGroupExample(), size: Size(width: 300, height: 560),
                 script: [.tap(label: "FALSE (bot)", at: 0.5), .tap(label: "TRUE (top)", at: 2)])
}, preview: clickable({ DrawingAndCompositingGroupExample() }, size: Size(width: 300, height: 560), name: "moving-buttons"))
