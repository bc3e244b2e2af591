import WeftRuntime
import WeftViews

/// Packs an engine kernel's argument block: `vec4`/`ivec4` members one after another, laid out by a `UniformBlock`
/// (so each sits 16 bytes after the one before, as std140 puts them). Members are unnamed: the engine's GLSL names them,
/// and a block is written on every frame's lowering.
struct ArgumentBlock {
    private var layout = UniformBlock()
    private var writer = UniformWriter(size: 0)

    var bytes: [UInt8] { writer.bytes }

    mutating func vec4(_ v: SIMD4<Float>) {
        writer.write(v, at: layout.append("", .vec4))
    }
    mutating func vec4(_ x: Float, _ y: Float, _ z: Float, _ w: Float) { vec4(SIMD4(x, y, z, w)) }
    mutating func vec4(_ xy: SIMD2<Float>, _ zw: SIMD2<Float>) { vec4(xy.x, xy.y, zw.x, zw.y) }
    mutating func ivec4(_ x: Int32, _ y: Int32 = 0, _ z: Int32 = 0, _ w: Int32 = 0) {
        writer.write(SIMD4(x, y, z, w), at: layout.append("", .ivec4))
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
