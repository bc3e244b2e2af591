import WeftRuntime
import WeftViews

/// Packs an engine kernel's argument block: `vec4`/`ivec4` members one after another, each 16 bytes after the one
/// before, as std140 lays out such members (`UniformBlock`), little-endian. Members are unnamed: the engine's GLSL names
/// them, and blocks are written by the thousand on every frame's lowering, so each member is appended as it comes.
struct ArgumentBlock {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(8 * Self.memberSize) }

    private static let memberSize = UniformType.vec4.size

    private mutating func append(_ words: SIMD4<UInt32>) {
        withUnsafeBytes(of: SIMD4(words.x.littleEndian, words.y.littleEndian, words.z.littleEndian, words.w.littleEndian)) {
            bytes.append(contentsOf: $0)
        }
    }

    mutating func vec4(_ v: SIMD4<Float>) {
        append(SIMD4(v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern))
    }
    mutating func vec4(_ x: Float, _ y: Float, _ z: Float, _ w: Float) { vec4(SIMD4(x, y, z, w)) }
    mutating func vec4(_ xy: SIMD2<Float>, _ zw: SIMD2<Float>) { vec4(xy.x, xy.y, zw.x, zw.y) }
    mutating func ivec4(_ x: Int32, _ y: Int32 = 0, _ z: Int32 = 0, _ w: Int32 = 0) {
        append(SIMD4(UInt32(bitPattern: x), UInt32(bitPattern: y), UInt32(bitPattern: z), UInt32(bitPattern: w)))
    }
    /// A 2×2 linear map as GLSL's column-major `mat2(v.xy, v.zw)`.
    mutating func linear(_ m: Affine) { vec4(m.a, m.b, m.c, m.d) }

    /// Where a draw can change a canvas of `scale` pixels per point: `rect` (canvas points) grown by a pixel for
    /// anti-aliased and bilinear edges, as `vec4(min, max)`.
    mutating func bounds(_ rect: Rect, scale: Float) {
        let grown = rect.outset(by: SIMD2(repeating: 1 / scale))
        vec4(grown.minimum, grown.maximum)
    }
}
