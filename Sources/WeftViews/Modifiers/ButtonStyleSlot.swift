/// A button's look: its style's body (the child), with the label it was made from, so that a container's
/// `buttonStyle(_:)` can draw it again in another style. `ownsStyle` once the button or an inner container chose one:
/// SwiftUI's innermost style wins. Changes nothing drawn itself; only Weft puts it in a tree.
package struct ButtonStyleSlot: ModifierRule, Equatable {
    let label: ViewNode
    let ownsStyle: Bool

    /// `label` drawn by `style`, in its slot.
    static func drawn(_ label: ViewNode, style: any ButtonStyle, ownsStyle: Bool) -> ViewNode {
        let body = style.makeBody(configuration: ButtonStyleConfiguration(label: .init(node: label), isPressed: false)).node
        return ViewNode(.modified(body, ButtonStyleSlot(label: label, ownsStyle: ownsStyle)))
    }

    package static let sceneKeys: [String] = []

    /// The very same label, its style owned alike.
    package static func == (a: ButtonStyleSlot, b: ButtonStyleSlot) -> Bool { a.label.identity == b.label.identity && a.ownsStyle == b.ownsStyle }

    package var keepsSpacer: Bool { false }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? ButtonStyleSlot }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }

    /// The label is held, not drawn: a container's environment (`font`, `foregroundStyle`) reaches it as it reaches
    /// the drawn body, so a style chosen later draws the label the container styled.
    package var heldViews: [ViewNode] { [label] }

    package func replacingHeldViews(_ transform: (ViewNode) -> ViewNode) -> any ModifierRule {
        ButtonStyleSlot(label: transform(label), ownsStyle: ownsStyle)
    }
}

extension View {
    /// SwiftUI's `buttonStyle(_:)` as an environment value: every `Button` inside — in `TimelineView` content too — that
    /// neither sets its own style nor is inside a container closer to it that sets one is drawn by `style`.
    public func buttonStyle<Style: ButtonStyle>(_ style: Style) -> ModifiedView {
        eachView { $0.stylingButtons(style) }
    }
}

extension ViewNode {
    /// The text of the label of the button this node draws (`ButtonStyleSlot.drawn`): what a tap finds it by.
    var styledButtonLabels: [String] {
        guard case .modified(_, let slot as ButtonStyleSlot) = kind else { return [] }
        return slot.label.textStrings
    }

    fileprivate func stylingButtons(_ style: some ButtonStyle) -> ViewNode {
        rewritten { node in
            guard case .modified(_, let rule) = node.kind else { return nil }
            if let unbuilt = rule as? UnbuiltBody { return unbuilt.finished { $0.stylingButtons(style) } }
            if let slot = rule as? ButtonStyleSlot {
                return slot.ownsStyle ? node : ButtonStyleSlot.drawn(slot.label.stylingButtons(style), style: style, ownsStyle: true)
            }
            if var clock = rule as? ClockedContent, clock.shownAt == nil, case .modified(let child, _) = node.kind {
                let content = clock.content
                clock.content = { content($0).stylingButtons(style) }
                return ViewNode(.modified(child.stylingButtons(style), clock))
            }
            return nil
        }
    }
}
