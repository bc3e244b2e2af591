/// One step of a script that drives a view headless (`Timeline(_:size:environment:script:)`): a tap on a button or
/// `onTapGesture` view, found by its label or by a point, or a value set through one of the root view's bindings, at a
/// time in seconds.
public struct Interaction<Root: View>: Sendable {
    enum Kind: Sendable {
        case tapLabel(String)
        case tapPoint(SIMD2<Float>)
        case set(@Sendable (Root) -> Void, description: String)
    }
    let kind: Kind
    public let time: Double

    /// Taps the tap target (a `Button` or an `onTapGesture` view) whose text is `label`, the first in drawing order.
    public static func tap(label: String, at time: Double) -> Interaction { Interaction(kind: .tapLabel(label), time: time) }

    /// Taps the topmost tap target whose frame holds `point` (points, in the scene).
    public static func tap(at point: CGPoint, at time: Double) -> Interaction {
        Interaction(kind: .tapPoint(SIMD2(point.x, point.y)), time: time)
    }

    /// Sets `value` through the root view's binding `path` (`\.$name` of a `@State`), outside any `withAnimation`.
    public static func set<Value: Sendable>(_ path: KeyPath<Root, Binding<Value>> & Sendable, _ value: Value, at time: Double) -> Interaction {
        Interaction(kind: .set({ $0[keyPath: path].wrappedValue = value }, description: "\(path)"), time: time)
    }
}

/// Why an interaction script cannot be played.
public enum InteractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No tap target's text is the label; `labels` are those there are then.
    case noTarget(label: String, time: Double, labels: [String])
    /// No tap target holds the point.
    case nothingAt(x: Float, y: Float, time: Double)
    /// A step's time is negative, not finite or before the previous step's.
    case time(index: Int, time: Double)
    /// `onGeometryChange` actions kept changing the state they observe (a geometry ↔ state cycle).
    case geometryDoesNotSettle(time: Double, rounds: Int)
    /// A view of the body could not be built (`Image(systemName:)` with an unknown name…).
    case view(ViewError, time: Double)
    /// A state change's animation — `withAnimation`'s or a changed `animation(_:value:)`'s — cannot play (a spring
    /// without damping, a duration ≤ 0…); `message` says which value.
    case animation(message: String, time: Double)
    /// The body built nests views deeper than a tree is laid out (`ViewNode.deepestLaidOut`).
    case tooDeep(depth: Int, limit: Int, time: Double)

    public var description: String {
        switch self {
        case .noTarget(let label, let time, let labels):
            "no button or onTapGesture view reads \"\(label)\" at \(time) s; the tap targets then read \(labels.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .nothingAt(let x, let y, let time):
            "no button or onTapGesture view holds the point (\(x), \(y)) at \(time) s; tap inside one's frame"
        case .time(let index, let time):
            "step \(index) is at \(time) s: steps need finite times ≥ 0, in order"
        case .geometryDoesNotSettle(let time, let rounds):
            "at \(time) s the onGeometryChange actions still changed state after \(rounds) rounds: the state they set changes the geometry they read; observe a container sized from outside"
        case .view(let error, let time):
            "at \(time) s the body could not be built: \(error)"
        case .animation(let message, let time):
            "at \(time) s the state change's animation cannot play: \(message); give withAnimation or animation(_:value:) one that ends"
        case .tooDeep(let depth, let limit, let time):
            "at \(time) s the body \(ViewNode.nesting(depth, beyond: limit))"
        }
    }
}
