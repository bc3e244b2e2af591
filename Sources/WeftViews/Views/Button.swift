import WeftImage

/// A labelled control, drawn by its style (`ButtonStyle`; `.automatic` unless `buttonStyle(_:)` sets one): by default
/// its label tinted with the accent color where the label sets no color. A host that drives the view (`Interaction`)
/// runs the action when the button is tapped.
public struct Button: View {
    public var label: ViewNode
    public var style: any ButtonStyle
    public let action: @Sendable () -> Void
    /// The accent color SwiftUI tints buttons with by default.
    public static let accent = Color.blue

    public init(action: @escaping @Sendable () -> Void = {}, @ViewBuilder label: () throws -> [ViewNode]) rethrows {
        let children = try label()
        self.label = children.count == 1 ? children[0] : ViewNode(.stacked(StackLayout(axis: .horizontal, spacing: 6, alignment: 0.5), children))
        self.style = DefaultButtonStyle()
        self.action = action
    }

    /// A text label.
    public init(_ title: String, action: @escaping @Sendable () -> Void = {}) {
        self.label = Text(title).node
        self.style = DefaultButtonStyle()
        self.action = action
    }

    /// A title with a symbol beside it.
    public init(_ title: String, systemImage: String, action: @escaping @Sendable () -> Void = {}) throws(ViewError) {
        self.label = try Label(title, systemImage: systemImage, font: nil).node
        self.style = DefaultButtonStyle()
        self.action = action
    }

    /// The button drawn by `style` (SwiftUI's `buttonStyle(_:)`, here on the button itself).
    public func buttonStyle(_ style: some ButtonStyle) -> Button {
        var button = self
        button.style = style
        return button
    }

    /// The styled label; a tap target when a host builds it (`Interaction`).
    public var node: ViewNode {
        let drawn = style.makeBody(configuration: ButtonStyleConfiguration(label: .init(node: label), isPressed: false)).node
        return Evaluation.current?.tappable(drawn, action: action) ?? drawn
    }
}
