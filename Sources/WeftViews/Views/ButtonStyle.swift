import WeftImage

/// SwiftUI's `ButtonStyle`: how a button draws its label. `makeBody(configuration:)` builds the button's look from
/// `configuration.label`; `Button.buttonStyle(_:)` takes any style. The stock looks are styles of this protocol:
/// `.automatic` and `.borderless` (the label tinted with the accent colour), `.plain` (the label as written),
/// `.bordered` and `.borderedProminent`.
public protocol ButtonStyle: Sendable {
    associatedtype Body: View
    /// The button drawn from its label.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ButtonStyleConfiguration
}

/// What a style draws a button from.
public struct ButtonStyleConfiguration: Sendable {
    /// The button's label as a view (SwiftUI's `ButtonStyleConfiguration.Label`).
    public struct Label: View {
        public let node: ViewNode
    }

    public let label: Label
    /// Whether the button is held down. Headless there is no holding: a script's tap runs the action at once, so a
    /// style is always drawn unpressed (docs/swiftui.md).
    public let isPressed: Bool
}

/// SwiftUI's default style on iOS: the borderless look.
public struct DefaultButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BorderlessButtonStyle().makeBody(configuration: configuration) }
}

/// The label tinted with the accent colour (`Button.accent`) where it sets no colour, no chrome.
public struct BorderlessButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.label.foregroundStyle(Button.accent) }
}

/// The label as written: no tint, no chrome.
public struct PlainButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// The tinted label, padded, on a light grey rounded rectangle.
public struct BorderedButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        configuration.label.foregroundStyle(Button.accent)
            .padding(Self.padding)
            .background(Color(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.12), in: RoundedRectangle(cornerRadius: 6))
    }

    static let padding = EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
}

/// The label in white, padded, on an accent-coloured rounded rectangle.
public struct BorderedProminentButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        configuration.label.foregroundStyle(.white)
            .padding(BorderedButtonStyle.padding)
            .background(Button.accent, in: RoundedRectangle(cornerRadius: 6))
    }
}

extension ButtonStyle where Self == DefaultButtonStyle {
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}
extension ButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}
extension ButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
extension ButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension ButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
