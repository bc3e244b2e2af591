import WeftImage

/// SwiftUI's colours as shape styles, so `.fill(.blue)` and `.foregroundStyle(.orange)` name them.
extension ShapeStyle where Self == Color {
    public static var clear: Color { .clear }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var gray: Color { .gray }
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }

    // SwiftUI's hierarchical styles, as iOS's label colours in the light appearance: always these colours, not levels
    // of an enclosing foreground style (docs/swiftui.md).
    public static var primary: Color { .black }
    public static var secondary: Color { Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6) }
    public static var tertiary: Color { Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3) }
    public static var quaternary: Color { Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18) }
}

extension Color {
    /// SwiftUI's `gradient`, a gradient derived from the colour, which SwiftUI does not specify: here a linear
    /// gradient from the top, the colour mixed a fifth of the way toward white, to the bottom, the colour
    /// (docs/swiftui.md).
    public var gradient: LinearGradient {
        let k: Float = 0.2
        let top = Color(red: red + (1 - red) * k, green: green + (1 - green) * k, blue: blue + (1 - blue) * k, alpha: alpha)
        // Two colours are a valid gradient.
        return try! LinearGradient(colors: [top, self], startPoint: .top, endPoint: .bottom)
    }
}
