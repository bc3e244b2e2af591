import WeftViews

/// Packs an engine kernel's std140 argument block: a sequence of `vec4`/`ivec4` members,
/// each 16 bytes, little-endian.
struct ArgumentBlock {
    private(set) var bytes: [UInt8] = []

    mutating func vec4(_ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        for v in [x, y, z, w] { word(v.bitPattern) }
    }
    mutating func vec4(_ v: SIMD4<Float>) { vec4(v.x, v.y, v.z, v.w) }
    mutating func vec4(_ xy: SIMD2<Float>, _ zw: SIMD2<Float>) { vec4(xy.x, xy.y, zw.x, zw.y) }
    mutating func ivec4(_ x: Int32, _ y: Int32 = 0, _ z: Int32 = 0, _ w: Int32 = 0) {
        for v in [x, y, z, w] { word(UInt32(bitPattern: v)) }
    }
    /// A 2×2 linear map as GLSL's column-major `mat2(v.xy, v.zw)`.
    mutating func linear(_ m: Affine) { vec4(m.a, m.b, m.c, m.d) }

    /// Where a draw can change a canvas of `scale` pixels per point: `rect` (canvas points) grown by a pixel for
    /// anti-aliased and bilinear edges, as `vec4(min, max)`.
    mutating func bounds(_ rect: Rect, scale: Float) {
        let grown = rect.outset(by: SIMD2(repeating: 1 / scale))
        vec4(grown.minimum, grown.maximum)
    }

    private mutating func word(_ w: UInt32) {
        withUnsafeBytes(of: w.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
