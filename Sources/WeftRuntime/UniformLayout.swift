/// A member type of a std140 uniform block.
public enum UniformType: String, Sendable, Hashable {
    case float, int, uint, vec2, ivec2, uvec2, vec3, vec4, ivec4

    /// Bytes the member occupies.
    public var size: Int {
        switch self {
        case .float, .int, .uint: 4
        case .vec2, .ivec2, .uvec2: 8
        case .vec3: 12
        case .vec4, .ivec4: 16
        }
    }

    /// std140 base alignment in bytes.
    public var alignment: Int {
        switch self {
        case .float, .int, .uint: 4
        case .vec2, .ivec2, .uvec2: 8
        case .vec3, .vec4, .ivec4: 16
        }
    }

    /// The type's GLSL spelling.
    public var glsl: String { rawValue }
}

/// The layout of one std140 uniform block: each member with the offset std140 gives it (SkRuntimeEffect's
/// `Uniform {name, offset, type}` record is the model). The one description behind every block kernels read — the
/// frame constants, a stitchable function's arguments, the engine kernels' argument blocks — and behind their GLSL.
public struct UniformBlock: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public let name: String
        public let type: UniformType
        public let offset: Int
    }

    public private(set) var members: [Member] = []
    /// Bytes up to the end of the last member.
    public private(set) var end = 0

    public init() {}

    public init(_ members: [(name: String, type: UniformType)]) {
        for member in members { append(member.name, member.type) }
    }

    /// Adds a member after the others, at the next offset its alignment allows; returns that offset.
    @discardableResult
    public mutating func append(_ name: String, _ type: UniformType) -> Int {
        let offset = (end + type.alignment - 1) / type.alignment * type.alignment
        members.append(Member(name: name, type: type, offset: offset))
        end = offset + type.size
        return offset
    }

    /// The block's size as a buffer binds it: `end` rounded up to 16 bytes (0 for an empty block).
    public var size: Int { (end + 15) / 16 * 16 }

    public func member(named name: String) -> Member? { members.first { $0.name == name } }

    /// The members as GLSL declarations, one per line, indented by four spaces.
    public var glslMembers: String {
        members.map { "    \($0.type.glsl) \($0.name);" }.joined(separator: "\n")
    }
}

/// The bytes of a uniform block, little-endian, written at a layout's offsets.
public struct UniformWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(size: Int) { bytes = [UInt8](repeating: 0, count: size) }

    public mutating func write(_ words: [UInt32], at offset: Int) {
        if offset + 4 * words.count > bytes.count { bytes += [UInt8](repeating: 0, count: offset + 4 * words.count - bytes.count) }
        for (i, word) in words.enumerated() {
            for b in 0..<4 { bytes[offset + 4 * i + b] = UInt8(truncatingIfNeeded: word >> UInt32(8 * b)) }
        }
    }

    public mutating func write(_ v: Float, at offset: Int) { write([v.bitPattern], at: offset) }
    public mutating func write(_ v: UInt32, at offset: Int) { write([v], at: offset) }
    public mutating func write(_ v: SIMD2<Float>, at offset: Int) { write([v.x.bitPattern, v.y.bitPattern], at: offset) }
    public mutating func write(_ v: SIMD2<Int32>, at offset: Int) {
        write([UInt32(bitPattern: v.x), UInt32(bitPattern: v.y)], at: offset)
    }
    public mutating func write(_ v: SIMD4<Float>, at offset: Int) {
        write([v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern], at: offset)
    }
    public mutating func write(_ v: SIMD4<Int32>, at offset: Int) {
        write([UInt32(bitPattern: v.x), UInt32(bitPattern: v.y), UInt32(bitPattern: v.z), UInt32(bitPattern: v.w)], at: offset)
    }
}
