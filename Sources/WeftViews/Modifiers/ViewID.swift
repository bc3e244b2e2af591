/// `id(_:)`: the view's name, so that it is the same view in every state wherever it stands among its siblings;
/// changes nothing drawn.
package struct ViewID: ModifierRule, Hashable {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package static let sceneKeys = ["id"]

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    /// Another name is another view.
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? ViewID, other.name == name else { return nil }
        return other
    }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}

extension View {
    /// Names the view, so that it is the same view in every state of a scene wherever it stands
    /// among its siblings (SwiftUI's explicit identity).
    public func id(_ id: String) -> ModifiedView { modified(ViewID(name: id)) }
}
