/// A SPIR-V type, as declared by an `OpType*` instruction. Component and element types are ids
/// into `Module.types`.
public enum SPIRVType: Hashable, Sendable {
    case void
    case bool
    case int(width: Int, signed: Bool)
    case float(width: Int)
    case vector(component: TypeID, count: Int)
    case matrix(column: TypeID, columns: Int)
    case array(element: TypeID, count: Int)
    case runtimeArray(element: TypeID)
    case structure(members: [TypeID])
    case pointer(storage: StorageClass, pointee: TypeID)
    case function(result: TypeID, parameters: [TypeID])
    case image(ImageType)
    case sampler
    case sampledImage(image: TypeID)
}

/// `OpTypeImage`'s operands.
public struct ImageType: Hashable, Sendable {
    public var sampledType: TypeID
    public var dim: Dim
    /// 0 no depth, 1 depth, 2 unknown.
    public var depth: UInt32
    public var arrayed: Bool
    public var multisampled: Bool
    /// 1 sampled, 2 storage, 0 known at run time.
    public var sampled: UInt32
    public var format: ImageFormat
}

/// A constant's value. Scalars keep their 32-bit pattern (floats as IEEE bits, booleans as 0/1).
public enum ConstantValue: Hashable, Sendable {
    case scalar(UInt32)
    case composite([ValueID])
    /// `OpConstantNull`: every component zero.
    case null
}

public struct Constant: Hashable, Sendable {
    public var type: TypeID
    public var value: ConstantValue
    /// Declared with `OpSpecConstant*` (and given its default here).
    public var isSpecialization: Bool
}

public struct Decorated: Hashable, Sendable {
    public var decoration: Decoration
    /// Literal operands after the decoration.
    public var literals: [UInt32]
}

public struct EntryPoint: Hashable, Sendable {
    public var model: ExecutionModel
    public var function: FunctionID
    public var name: String
    public var interface: [ValueID]
    /// Execution modes given for this entry point: mode → literal operands.
    public var modes: [ExecutionMode: [UInt32]]
}

/// A module-scope `OpVariable`.
public struct GlobalVariable: Hashable, Sendable {
    public var id: ValueID
    /// The pointer type.
    public var type: TypeID
    public var storage: StorageClass
    public var pointee: TypeID
    public var initializer: ValueID?
}
