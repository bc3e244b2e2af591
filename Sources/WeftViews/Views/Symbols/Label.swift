import WeftImage

/// A symbol beside a title (SwiftUI's `Label(_:systemImage:)`). The title is drawn in the label's font when it has
/// one, else in the font of the nearest container that sets one, else `.body` (17 points); the symbol is a square
/// 1.2 times the label's font size (`.body`'s when the label sets none), as tall as the title's line.
public struct Label: View {
    public var title: String
    public var symbol: Symbol
    /// Nil: the environment's font, else `.body`.
    public var font: Font?
    /// Overrides the font's weight.
    public var weight: Font.Weight?
    public var color: Color
    public var spacing: Float

    /// The symbol's side for a font of `size` points.
    public static func symbolSize(forFontSize size: Float) -> Float { size * 1.2 }

    public init(_ title: String, systemImage: String, font: Font? = nil, color: Color = .black, spacing: Float = 6) throws(ViewError) {
        if let font { guard font.size > 0, font.size.isFinite else { throw .textSize(font.size) } }
        self.title = title
        self.symbol = try Symbol(systemName: systemImage, size: Self.symbolSize(forFontSize: (font ?? .body).size), color: color)
        self.font = font
        self.color = color
        self.spacing = spacing
    }

    /// The label in `font`: its title's font and its symbol's size (SwiftUI's `.font` on a label).
    public func font(_ font: Font) -> Label {
        var label = self
        label.font = font
        label.symbol.size = Self.symbolSize(forFontSize: font.size)
        return label
    }

    public func fontWeight(_ weight: Font.Weight) -> Label {
        var label = self
        label.weight = weight
        return label
    }

    public var node: ViewNode {
        var text = Text(title, color: color)
        text.font = font
        text.weight = weight
        return HStack(spacing: spacing) {
            symbol
            text
        }.node
    }
}
