import Synchronization

/// SwiftUI's `@State`: a value a view owns and its actions change. Setting it inside an action that a host runs
/// (`Interaction`) makes the host build the view's body again and animate to it under the change's transaction
/// (`withAnimation`). The value lives in storage shared by the view's copies, so it lasts as long as the view value
/// that holds it: the root view a host drives keeps its state; a view that a body makes anew starts from its initial
/// value at every evaluation (docs/swiftui.md).
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

/// A value shared by a `State`'s copies; every write is a change its host hears of (`StateChanges`).
final class StateStorage<Value: Sendable>: Sendable {
    private let cell: Mutex<Value>
    init(_ value: Value) { cell = Mutex(value) }
    var value: Value {
        get { cell.withLock { $0 } }
        set {
            cell.withLock { $0 = newValue }
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
