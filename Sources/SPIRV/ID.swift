/// A SPIR-V result id, typed by what it names so that a type id cannot be passed where a
/// value id is expected (after SwiftShader's `SpirvID<T>`).
public struct ID<Kind>: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let raw: UInt32
    public init(_ raw: UInt32) { self.raw = raw }
    public static func < (a: ID, b: ID) -> Bool { a.raw < b.raw }
    public var description: String { "%\(raw)" }
}

public enum TypeKind {}
public enum ValueKind {}
public enum LabelKind {}
public enum FunctionKind {}

public typealias TypeID = ID<TypeKind>
public typealias ValueID = ID<ValueKind>
public typealias LabelID = ID<LabelKind>
public typealias FunctionID = ID<FunctionKind>
