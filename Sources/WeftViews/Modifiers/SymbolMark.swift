/// Marks a symbol's drawing with the symbol it draws, so that a container's font and foreground style can draw it
/// again (`ViewNode.inheriting(text:symbol:)`); changes nothing drawn or laid out. Only Weft puts it in a tree.
package struct SymbolMark: ModifierRule, Equatable {
    package var symbol: Symbol

    package static let sceneKeys: [String] = []

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func ignoresOffer(childIgnores: Bool) -> Bool { childIgnores }

    /// Another symbol is another view.
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? SymbolMark, other.symbol.name == symbol.name else { return nil }
        return other
    }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}
