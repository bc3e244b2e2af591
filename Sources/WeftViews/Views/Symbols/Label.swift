import WeftImage

/// A symbol beside a title (SwiftUI's `Label(_:systemImage:)`). The title is drawn in the label's font when it has
/// one, else in the font of the nearest container that sets one, else `.body` (17 points); the symbol is sized by the
/// same font (`Symbol.side(forFontSize:)`), as tall as the title's line. Both take the label's color, else the
/// container's foreground style, else black.
public struct Label: View {
    public var title: String
    public var symbol: Symbol
    /// Nil: the environment's font, else `.body`.
    public var font: Font?
    /// Overrides the font's weight.
    public var weight: Font.Weight?
    /// Nil: the environment's foreground style, else black.
    public var color: Color?
    public var spacing: Float

    public init(_ title: String, systemImage: String, font: Font? = nil, color: Color? = nil, spacing: Float = 6) throws(ViewError) {
        if let font { guard font.size > 0, font.size.isFinite else { throw .textSize(font.size) } }
        self.title = title
        self.symbol = try Symbol(systemName: systemImage, font: nil)
        self.font = font
        self.color = color
        self.spacing = spacing
    }

    /// The label in `font`: its title's font and its symbol's size (SwiftUI's `.font` on a label).
    public func font(_ font: Font) -> Label { with { $0.font = font } }

    public func fontWeight(_ weight: Font.Weight) -> Label { with { $0.weight = weight } }

    /// The label's title and symbol in `color` (SwiftUI's `.foregroundStyle` on a label).
    public func foregroundStyle(_ color: Color) -> Label { with { $0.color = color } }

    private func with(_ change: (inout Label) -> Void) -> Label {
        var copy = self
        change(&copy)
        return copy
    }

    public var node: ViewNode {
        var text = Text(title)
        var symbol = symbol
        text.font = font
        text.weight = weight
        symbol.font = font
        symbol.weight = weight
        if let color {
            text.color = color
            symbol.color = color
        }
        return HStack(spacing: spacing) {
            symbol
            text
        }.node
    }
}
