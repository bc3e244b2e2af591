/// `preference(key:value:)`: the value the view gives a preference key, for `onPreferenceChange` above it to read
/// (`PreferenceKey`); changes nothing drawn.
package struct PreferenceValue: ModifierRule {
    /// The key's type.
    let key: ObjectIdentifier
    let value: any Sendable

    package static let sceneKeys: [String] = []

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    /// A value is no attribute: the new one holds at once.
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? PreferenceValue, other.key == key else { return nil }
        return other
    }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}
