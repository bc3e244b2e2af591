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
        for (i, word) in words.enumerated() { write(word, at: offset + 4 * i) }
    }

    /// One little-endian word, growing the bytes with zeros to reach it (planning writes thousands of blocks a frame:
    /// no value goes through an array of its own).
    public mutating func write(_ word: UInt32, at offset: Int) {
        if offset + 4 > bytes.count { bytes.append(contentsOf: repeatElement(0, count: offset + 4 - bytes.count)) }
        bytes[offset] = UInt8(truncatingIfNeeded: word)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: word >> 8)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: word >> 16)
        bytes[offset + 3] = UInt8(truncatingIfNeeded: word >> 24)
    }

    public mutating func write(_ v: Float, at offset: Int) { write(v.bitPattern, at: offset) }
    public mutating func write(_ v: SIMD2<Float>, at offset: Int) {
        for i in 0..<2 { write(v[i].bitPattern, at: offset + 4 * i) }
    }
    public mutating func write(_ v: SIMD2<Int32>, at offset: Int) {
        for i in 0..<2 { write(UInt32(bitPattern: v[i]), at: offset + 4 * i) }
    }
    public mutating func write(_ v: SIMD4<Float>, at offset: Int) {
        for i in 0..<4 { write(v[i].bitPattern, at: offset + 4 * i) }
    }
    public mutating func write(_ v: SIMD4<Int32>, at offset: Int) {
        for i in 0..<4 { write(UInt32(bitPattern: v[i]), at: offset + 4 * i) }
    }
}
