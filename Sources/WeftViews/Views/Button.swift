import WeftImage

/// How a button draws its label: SwiftUI's `plain`, `bordered` and `borderedProminent` looks.
public enum ButtonStyle: String, Sendable, Hashable, CaseIterable {
    /// The label as it is.
    case plain
    /// The label on a light grey rounded rectangle, padded.
    case bordered
    /// The label on an accent-colored rounded rectangle, padded.
    case borderedProminent
}

/// A labelled control. `Button("Save") {}` draws its title in the accent color (white on `borderedProminent`). A host
/// that drives the view (`Interaction`) runs the action when the button is tapped.
public struct Button: View {
    public var label: ViewNode
    public var style: ButtonStyle
    public let action: @Sendable () -> Void
    /// The accent color SwiftUI tints buttons with by default.
    public static let accent = Color.blue

    public init(action: @escaping @Sendable () -> Void = {}, @ViewBuilder label: () throws -> [ViewNode]) rethrows {
        let children = try label()
        self.label = children.count == 1 ? children[0] : ViewNode(.stacked(StackLayout(axis: .horizontal, spacing: 6, alignment: 0.5), children))
        self.style = .plain
        self.action = action
        self.title = nil
    }

    /// A text label, colored for the style when it is set (`buttonStyle`).
    public init(_ title: String, action: @escaping @Sendable () -> Void = {}) {
        self.title = (title, nil)
        self.label = Text(title, color: Self.accent).node
        self.style = .plain
        self.action = action
    }

    /// A title with a symbol beside it.
    public init(_ title: String, systemImage: String, action: @escaping @Sendable () -> Void = {}) throws(ViewError) {
        _ = try Symbol(systemName: systemImage)
        self.title = (title, systemImage)
        self.label = try Label(title, systemImage: systemImage, color: Self.accent).node
        self.style = .plain
        self.action = action
    }

    /// The title and symbol of a button made from them, so a style can recolor its label.
    private let title: (String, String?)?

    public func buttonStyle(_ style: ButtonStyle) -> Button {
        var button = self
        button.style = style
        if let (text, symbol) = title {
            let ink = style == .borderedProminent ? Color.white : Self.accent
            if let symbol, let label = try? Label(text, systemImage: symbol, color: ink) {
                button.label = label.node
            } else {
                button.label = Text(text, color: ink).node
            }
        }
        return button
    }

    /// The styled label; a tap target when a host builds it (`Interaction`).
    public var node: ViewNode {
        let drawn = switch style {
        case .plain:
            label
        case .bordered:
            ModifiedView(label).padding(EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
                .background(Color(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.12), in: RoundedRectangle(cornerRadius: 6)).node
        case .borderedProminent:
            ModifiedView(label).padding(EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
                .background(Self.accent, in: RoundedRectangle(cornerRadius: 6)).node
        }
        return Evaluation.current?.tappable(drawn, action: action) ?? drawn
    }
}
