import WeftImage

/// A labelled control, drawn by its style (`ButtonStyle`): its own `buttonStyle(_:)`, else the innermost container's
/// (`View.buttonStyle(_:)`), else `.automatic` — its label tinted with the accent color where the label sets no color.
/// A host that drives the view (`Interaction`) runs the action when the button is tapped.
public struct Button: View {
    public var label: ViewNode
    /// The button's own style; nil takes its containers' (`.automatic` where none sets one).
    public var style: (any ButtonStyle)?
    public let action: @Sendable () -> Void
    /// The accent color SwiftUI tints buttons with by default.
    public static let accent = Color.blue

    public init(action: @escaping @Sendable () -> Void = {}, @ViewBuilder label: () throws -> [ViewNode]) rethrows {
        let children = try label()
        self.label = children.count == 1 ? children[0] : ViewNode(.stacked(StackLayout(axis: .horizontal, spacing: 6, alignment: 0.5), children))
        self.style = nil
        self.action = action
    }

    /// A text label.
    public init(_ title: String, action: @escaping @Sendable () -> Void = {}) {
        self.label = Text(title).node
        self.style = nil
        self.action = action
    }

    /// A title with a symbol beside it.
    public init(_ title: String, systemImage: String, action: @escaping @Sendable () -> Void = {}) throws(ViewError) {
        self.label = try Label(title, systemImage: systemImage, font: nil).node
        self.style = nil
        self.action = action
    }

    /// The button drawn by `style`, whatever style its containers set.
    public func buttonStyle(_ style: some ButtonStyle) -> Button {
        var button = self
        button.style = style
        return button
    }

    /// The styled label; a tap target when a host builds it (`Interaction`), found by its label's text.
    public var node: ViewNode {
        let drawn = ButtonStyleSlot.drawn(label, style: style ?? DefaultButtonStyle(), ownsStyle: style != nil)
        return Evaluation.current?.tappable(drawn, labels: \.styledButtonLabels, action: action) ?? drawn
    }
}
