/// How a view enters when a change of state inserts it and leaves when one removes it, after
/// SwiftUI's `AnyTransition`. The removal plays the insertion backwards.
public enum Transition: Sendable, Hashable {
    /// Fades in from transparent (the default, as in SwiftUI).
    case opacity
    /// Grows from nothing about its centre.
    case scale
    /// Slides in from beyond `edge`, one of its own sizes away (Weft's reading of `move(edge:)`).
    case move(Edge)
    /// Appears and disappears at once.
    case identity

    public static let `default` = Transition.opacity

    /// The modifier that shows the view `presence` of the way in (0 = absent, 1 = in place).
    func modifier(presence: Float) -> (any ModifierRule)? {
        let p = min(max(presence, 0), 1)
        switch self {
        case .opacity: return OpacityEffect(value: p)
        case .scale: return ScaleEffect(factors: SIMD2(repeating: p))
        case .move(let edge): return RelativeOffset(fraction: edge.direction * (1 - p))
        case .identity: return p > 0 ? nil : OpacityEffect(value: 0)
        }
    }
}

/// A side of a view.
public enum Edge: String, Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing

    /// Outward from the view, in sizes of the view.
    var direction: SIMD2<Float> {
        switch self {
        case .top: SIMD2(0, -1)
        case .leading: SIMD2(-1, 0)
        case .bottom: SIMD2(0, 1)
        case .trailing: SIMD2(1, 0)
        }
    }
}
