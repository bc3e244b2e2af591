import Synchronization

/// SwiftUI's `@State`: a value a view owns and its actions change. Setting it inside an action that a host runs
/// (`Interaction`) makes the host build the body again and animate to it under the change's transaction
/// (`withAnimation`). A host keeps the value by the view's identity (`ViewStates`): the first time a view stands at
/// its place in the tree its state starts from the value the view was made with; while views of its type stay there,
/// each new view value built there reads and writes the kept value — its actions and its `$name` bindings too; once
/// none stands there the value is dropped, and a view that comes back starts over. Outside a host (a body built for a
/// plain render) the value is the view value's own, shared by its copies.
@propertyWrapper
public struct State<Value: Sendable>: Sendable {
    private let storage: StateStorage<Value>

    public init(wrappedValue: Value) { storage = StateStorage(wrappedValue) }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// `$name`: a binding to the value.
    public var projectedValue: Binding<Value> { Binding(get: { storage.value }, set: { storage.value = $0 }) }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

extension State: PlaceKeptProperty {
    func bind(to states: ViewStates, at key: ViewStates.Key) { states.bind(storage, at: key) }
}

/// A `State`'s value: the view value's own, until a host binds it to the value the host keeps for the view's place
/// (`ViewStates`), which it reads and writes from then on. Every write is a change its host hears of (`StateChanges`).
final class StateStorage<Value: Sendable>: Sendable {
    private struct Cell {
        var own: Value
        var kept: StateStorage<Value>?
    }
    private let cell: Mutex<Cell>

    init(_ value: Value) { cell = Mutex(Cell(own: value)) }

    /// The value the view value was made with, or last given while no host kept it.
    var own: Value { cell.withLock { $0.own } }

    /// From now on the value is `kept`'s.
    func bind(to kept: StateStorage<Value>) { cell.withLock { $0.kept = kept } }

    var value: Value {
        get {
            if let kept = cell.withLock({ $0.kept }) { return kept.value }
            return own
        }
        set {
            if let kept = cell.withLock({ $0.kept }) {
                kept.value = newValue
                return
            }
            cell.withLock { $0.own = newValue }
            StateChanges.current?.record()
        }
    }
}

/// SwiftUI's `Binding`: read and write access to a value owned elsewhere (a `State`'s `$name`).
@propertyWrapper
public struct Binding<Value: Sendable>: Sendable {
    private let read: @Sendable () -> Value
    private let write: @Sendable (Value) -> Void

    public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
        read = get
        write = set
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding that never changes: what a preview passes for a value it does not drive.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { self }
}
