/// The values a host gives every view it builds (SwiftUI's environment, as far as Weft's views read it).
public struct EnvironmentValues: Sendable {
    /// The reader prefers less motion (SwiftUI's accessibility setting).
    public var accessibilityReduceMotion: Bool
    public init(accessibilityReduceMotion: Bool = false) { self.accessibilityReduceMotion = accessibilityReduceMotion }
}

/// SwiftUI's `@Environment(\.name)`: a value of the host's environment, read while the view is built (the defaults of
/// `EnvironmentValues()` outside a host).
@propertyWrapper
public struct Environment<Value: Sendable>: Sendable {
    private let keyPath: KeyPath<EnvironmentValues, Value> & Sendable
    public init(_ keyPath: KeyPath<EnvironmentValues, Value> & Sendable) { self.keyPath = keyPath }
    public var wrappedValue: Value { (Evaluation.current?.environment ?? EnvironmentValues())[keyPath: keyPath] }
}
