/// How a sampled-image binding filters and addresses its texture (Vulkan's `VkSamplerCreateInfo`
/// subset that matters for single-level 2D textures sampled at LOD 0).
public struct SamplerState: Sendable, Hashable {
    public enum Filter: Sendable, Hashable { case nearest, linear }
    public enum AddressMode: Sendable, Hashable { case `repeat`, mirroredRepeat, clampToEdge, clampToBorder, mirrorClampToEdge }
    public enum BorderColor: Sendable, Hashable { case transparentBlack, opaqueBlack, opaqueWhite }

    /// With one mip level sampled at LOD 0, Vulkan applies the magnification filter.
    public var filter: Filter
    public var addressU: AddressMode
    public var addressV: AddressMode
    public var borderColor: BorderColor

    public init(filter: Filter = .linear, addressU: AddressMode = .clampToEdge, addressV: AddressMode = .clampToEdge,
                borderColor: BorderColor = .transparentBlack) {
        self.filter = filter
        self.addressU = addressU
        self.addressV = addressV
        self.borderColor = borderColor
    }

    public init(filter: Filter, address: AddressMode, borderColor: BorderColor = .transparentBlack) {
        self.init(filter: filter, addressU: address, addressV: address, borderColor: borderColor)
    }

    /// The sampler every Weft kernel binds (docs/kernel-abi.md): linear, clamp-to-edge, normalized.
    public static let weft = SamplerState()

    var border: SIMD4<Float> {
        switch borderColor {
        case .transparentBlack: .zero
        case .opaqueBlack: SIMD4(0, 0, 0, 1)
        case .opaqueWhite: .one
        }
    }
}

/// Texel lookups with Vulkan's addressing and filtering rules (texel centres at .5).
enum Sampling {
    /// A coordinate that cannot overflow `Int` (NaN becomes 0).
    @inline(__always)
    static func safeInt(_ v: Float) -> Int {
        // NaN fails the first comparison.
        Int(v > -16_777_216 ? (v < 16_777_216 ? v : 16_777_216) : -16_777_216)
    }

    /// The texel index addressed by integer `i` on an axis of `size` texels; nil means border.
    @inline(__always)
    static func address(_ i: Int, _ size: Int, _ mode: SamplerState.AddressMode) -> Int? {
        switch mode {
        case .clampToEdge: return min(max(i, 0), size - 1)
        case .clampToBorder: return i >= 0 && i < size ? i : nil
        case .repeat:
            let m = i % size
            return m < 0 ? m + size : m
        case .mirroredRepeat:
            var m = i % (2 * size)
            if m < 0 { m += 2 * size }
            return m < size ? m : 2 * size - 1 - m
        case .mirrorClampToEdge:
            let m = i < 0 ? -1 - i : i
            return min(m, size - 1)
        }
    }

    @inline(__always)
    static func texel(_ t: CPUTexture, _ s: SamplerState, _ i: Int, _ j: Int) -> SIMD4<Float> {
        guard let x = address(i, t.width, s.addressU), let y = address(j, t.height, s.addressV) else { return s.border }
        return t.texels[y * t.width + x]
    }

    /// Samples at normalized coordinates (u, v), LOD 0, with a texel offset.
    @inline(__always)
    static func sample(_ t: CPUTexture, _ s: SamplerState, _ u: Float, _ v: Float, offset: (Int, Int) = (0, 0)) -> SIMD4<Float> {
        let x = u * Float(t.width), y = v * Float(t.height)
        switch s.filter {
        case .nearest:
            return texel(t, s, safeInt(fastFloor(x)) + offset.0, safeInt(fastFloor(y)) + offset.1)
        case .linear:
            let fx = x - 0.5, fy = y - 0.5
            let x0 = fastFloor(fx), y0 = fastFloor(fy)
            let a = fx - x0, b = fy - y0
            let i = safeInt(x0) + offset.0, j = safeInt(y0) + offset.1
            if s.addressU == .clampToEdge, s.addressV == .clampToEdge {
                return bilinearClamped(t, i, j, a, b)
            }
            let t00 = texel(t, s, i, j), t10 = texel(t, s, i + 1, j)
            let t01 = texel(t, s, i, j + 1), t11 = texel(t, s, i + 1, j + 1)
            let top = t00 + (t10 - t00) * a
            let bottom = t01 + (t11 - t01) * a
            return top + (bottom - top) * b
        }
    }

    /// Bilinear filtering with clamp-to-edge on both axes: texels (i, j)…(i + 1, j + 1), weights a, b.
    @inline(__always)
    static func bilinearClamped(_ t: CPUTexture, _ i: Int, _ j: Int, _ a: Float, _ b: Float) -> SIMD4<Float> {
        let w = t.width, h = t.height
        let i0 = min(max(i, 0), w &- 1), i1 = min(max(i &+ 1, 0), w &- 1)
        let j0 = min(max(j, 0), h &- 1) &* w, j1 = min(max(j &+ 1, 0), h &- 1) &* w
        let p = t.texels
        let t00 = p[j0 &+ i0], t10 = p[j0 &+ i1], t01 = p[j1 &+ i0], t11 = p[j1 &+ i1]
        let top = t00 + (t10 - t00) * a
        let bottom = t01 + (t11 - t01) * a
        return top + (bottom - top) * b
    }

    /// Bilinear clamp-to-edge sampling of a whole batch in two passes: texel coordinates and
    /// weights for every lane first (branch-free, vectorisable: floor and float → int through
    /// the 1.5 × 2²³ rounding trick on values clamped to the texture), then one gather per lane.
    /// `scratch` is six rows: x0, x1, y0, y1 (integers), a, b (weights).
    @inline(__always)
    static func bilinearClampedBatch(_ s: LaneState, _ t: CPUTexture, _ cu: UnsafeMutablePointer<UInt32>, _ cv: UnsafeMutablePointer<UInt32>,
                                     offset: (Int, Int), scratch: Int,
                                     out: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>)) {
        let w = t.width, fw = Float(t.width), fh = Float(t.height)
        let maxX = fw - 1, maxY = fh - 1
        let ox = Float(offset.0) - 0.5, oy = Float(offset.1) - 0.5
        let x0s = s.row(scratch), x1s = s.row(scratch + 1), y0s = s.row(scratch + 2), y1s = s.row(scratch + 3)
        let aw = s.row(scratch + 4), bw = s.row(scratch + 5)
        let magic: Float = 12_582_912, bias: Float = 8_388_608
        for l in 0..<Lanes.count {
            var fx = asFloat(cu[l]) * fw + ox, fy = asFloat(cv[l]) * fh + oy
            fx = fx > -1 ? (fx < fw ? fx : fw) : -1
            fy = fy > -1 ? (fy < fh ? fy : fh) : -1
            let rx = (fx + magic) - magic, ry = (fy + magic) - magic
            let x0 = rx > fx ? rx - 1 : rx, y0 = ry > fy ? ry - 1 : ry
            aw[l] = bits(fx - x0)
            bw[l] = bits(fy - y0)
            let cx0 = x0 > 0 ? x0 : 0, cx1 = x0 + 1 < maxX ? (x0 + 1 > 0 ? x0 + 1 : 0) : maxX
            let cy0 = y0 > 0 ? y0 : 0, cy1 = y0 + 1 < maxY ? (y0 + 1 > 0 ? y0 + 1 : 0) : maxY
            x0s[l] = (min(cx0, maxX) + bias).bitPattern &- 0x4B00_0000
            x1s[l] = (cx1 + bias).bitPattern &- 0x4B00_0000
            y0s[l] = (min(cy0, maxY) + bias).bitPattern &- 0x4B00_0000
            y1s[l] = (cy1 + bias).bitPattern &- 0x4B00_0000
        }
        let p = t.texels
        let (d0, d1, d2, d3) = out
        s.forActive { l in
            let r0 = Int(y0s[l]) &* w, r1 = Int(y1s[l]) &* w
            let t00 = p[r0 &+ Int(x0s[l])], t10 = p[r0 &+ Int(x1s[l])]
            let t01 = p[r1 &+ Int(x0s[l])], t11 = p[r1 &+ Int(x1s[l])]
            let a = asFloat(aw[l]), b = asFloat(bw[l])
            let top = t00 + (t10 - t00) * a
            let bottom = t01 + (t11 - t01) * a
            let v = top + (bottom - top) * b
            d0[l] = bits(v.x); d1[l] = bits(v.y); d2[l] = bits(v.z); d3[l] = bits(v.w)
        }
    }

    /// `textureGather`: component `c` of the four texels of the bilinear footprint, in the order
    /// (i0, j1), (i1, j1), (i1, j0), (i0, j0).
    static func gather(_ t: CPUTexture, _ s: SamplerState, _ u: Float, _ v: Float, component c: Int, offset: (Int, Int)) -> SIMD4<Float> {
        let fx = u * Float(t.width) - 0.5, fy = v * Float(t.height) - 0.5
        let i = safeInt(fastFloor(fx)) + offset.0, j = safeInt(fastFloor(fy)) + offset.1
        return SIMD4(texel(t, s, i, j + 1)[c], texel(t, s, i + 1, j + 1)[c], texel(t, s, i + 1, j)[c], texel(t, s, i, j)[c])
    }

    /// `texelFetch`: out-of-range coordinates read zero (robust image access).
    @inline(__always)
    static func fetch(_ t: CPUTexture, _ x: Int32, _ y: Int32) -> SIMD4<Float> {
        guard x >= 0, y >= 0, Int(x) < t.width, Int(y) < t.height else { return .zero }
        return t.texels[Int(y) &* t.width &+ Int(x)]
    }
}
