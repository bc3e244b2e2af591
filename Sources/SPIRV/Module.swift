/// A decoded, validated SPIR-V module: immutable, and shareable across threads.
///
/// Produced only by `Module.decode(_:)`, which checks the header, every instruction's length,
/// opcode and result id, every id that the evaluator's opcodes take, and the operand types of
/// arithmetic, comparison, memory, composite and control-flow instructions.
public struct Module: Sendable {
    public static let magic: UInt32 = 0x0723_0203

    public internal(set) var version: (major: Int, minor: Int) = (1, 0)
    public internal(set) var generator: UInt32 = 0
    public internal(set) var bound: UInt32 = 0
    public internal(set) var capabilities: [UInt32] = []
    public internal(set) var extensions: [String] = []
    /// `OpExtInstImport` results: id → set name (e.g. "GLSL.std.450").
    public internal(set) var extInstImports: [ValueID: String] = [:]
    public internal(set) var entryPoints: [EntryPoint] = []
    /// `OpName`, by raw id (names attach to any kind of id).
    public internal(set) var names: [UInt32: String] = [:]
    /// `OpString` literals (file names of `OpLine`), by id.
    public internal(set) var strings: [UInt32: String] = [:]
    /// The `OpLine` location in effect at each function-body instruction, by word offset; empty
    /// unless the module was compiled with debug information.
    public internal(set) var sourceLocations: [Int: SourceLocation] = [:]
    public internal(set) var memberNames: [TypeID: [Int: String]] = [:]
    /// `OpDecorate`, by raw id.
    public internal(set) var decorations: [UInt32: [Decorated]] = [:]
    public internal(set) var memberDecorations: [TypeID: [Int: [Decorated]]] = [:]
    public internal(set) var types: [TypeID: SPIRVType] = [:]
    public internal(set) var constants: [ValueID: Constant] = [:]
    /// `OpUndef` results at module scope or in functions: id → type.
    public internal(set) var undefs: [ValueID: TypeID] = [:]
    public internal(set) var globals: [ValueID: GlobalVariable] = [:]
    public internal(set) var functions: [FunctionID: Function] = [:]
    /// The type of every value: constants, globals (their pointer type), parameters, results.
    public internal(set) var valueTypes: [ValueID: TypeID] = [:]

    /// The literal operands of decoration `d` on `id`, or nil when it is not decorated so.
    public func decoration(_ d: Decoration, on id: UInt32) -> [UInt32]? {
        decorations[id]?.first { $0.decoration == d }?.literals
    }

    public func memberDecoration(_ d: Decoration, on type: TypeID, member: Int) -> [UInt32]? {
        memberDecorations[type]?[member]?.first { $0.decoration == d }?.literals
    }

    /// `OpName` of an id, or `%id`.
    public func displayName(_ id: UInt32) -> String {
        if let n = names[id], !n.isEmpty { return n }
        return "%\(id)"
    }

    /// The entry point called `name` (any model), if present.
    public func entryPoint(named name: String) -> EntryPoint? {
        entryPoints.first { $0.name == name }
    }

    /// The scalar type at the bottom of a scalar, vector or matrix type.
    public func scalarType(of type: TypeID) -> SPIRVType? {
        switch types[type] {
        case .vector(let c, _): return scalarType(of: c)
        case .matrix(let c, _): return scalarType(of: c)
        case let t: return t
        }
    }

    /// Number of components of a scalar (1) or vector type; nil for other types.
    public func componentCount(of type: TypeID) -> Int? {
        switch types[type] {
        case .bool, .int, .float: 1
        case .vector(_, let n): n
        default: nil
        }
    }
}

/// A place in a shader's source, from `OpLine`.
public struct SourceLocation: Sendable, Hashable {
    /// The `OpString` file name (for Weft's kernels, the `#line` tag of the part: author, prelude, wrapper).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}
