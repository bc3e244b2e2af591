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
    static func texel(_ t: TextureView, _ s: SamplerState, _ i: Int, _ j: Int) -> SIMD4<Float> {
        guard let x = address(i, t.width, s.addressU), let y = address(j, t.height, s.addressV) else { return s.border }
        return t.texel(y * t.width + x)
    }

    /// Samples at normalized coordinates (u, v), LOD 0, with a texel offset.
    @inline(__always)
    static func sample(_ t: TextureView, _ s: SamplerState, _ u: Float, _ v: Float, offset: (Int, Int) = (0, 0)) -> SIMD4<Float> {
        let x = u * Float(t.width), y = v * Float(t.height)
        switch s.filter {
        case .nearest:
            return texel(t, s, safeInt(FloatRounding.floor(x)) + offset.0, safeInt(FloatRounding.floor(y)) + offset.1)
        case .linear:
            let fx = x - 0.5, fy = y - 0.5
            let x0 = FloatRounding.floor(fx), y0 = FloatRounding.floor(fy)
            let a = weight(fx - x0), b = weight(fy - y0)
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

    /// A bilinear weight as texture units with 8-bit weights (NVIDIA's) give it: the fraction truncated to 1/256.
    /// `sampleLayer` samples a quarter step above the grid, so there rounding and truncating units agree with this.
    @inline(__always)
    static func weight(_ fraction: Float) -> Float { FloatRounding.floor(fraction * 256) / 256 }

    /// Bilinear filtering with clamp-to-edge on both axes: texels (i, j)…(i + 1, j + 1), weights a, b.
    @inline(__always)
    static func bilinearClamped(_ t: TextureView, _ i: Int, _ j: Int, _ a: Float, _ b: Float) -> SIMD4<Float> {
        let w = t.width, h = t.height
        let i0 = min(max(i, 0), w &- 1), i1 = min(max(i &+ 1, 0), w &- 1)
        let j0 = min(max(j, 0), h &- 1) &* w, j1 = min(max(j &+ 1, 0), h &- 1) &* w
        let t00 = t.texel(j0 &+ i0), t10 = t.texel(j0 &+ i1), t01 = t.texel(j1 &+ i0), t11 = t.texel(j1 &+ i1)
        let top = t00 + (t10 - t00) * a
        let bottom = t01 + (t11 - t01) * a
        return top + (bottom - top) * b
    }

    /// Bilinear clamp-to-edge sampling of a whole batch in two passes: texel indices and
    /// weights for every lane first (branch-free and vectorised: coordinates are clamped to
    /// [-1, size] before flooring, so they convert to integers exactly), then four texel loads
    /// per active lane. `scratch` is ten rows: x0, x1, y0 · width, y1 · width, a, b, and the four
    /// corner words of an RGBA8 texture.
    @inline(__always)
    static func bilinearClampedBatch(_ s: LaneState, _ t: TextureView, _ cu: UnsafeMutablePointer<UInt32>, _ cv: UnsafeMutablePointer<UInt32>,
                                     offset: (Int, Int), scratch: Int,
                                     out: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>)) {
        let x0s = s.row(scratch), x1s = s.row(scratch + 1), y0s = s.row(scratch + 2), y1s = s.row(scratch + 3)
        let aw = s.row(scratch + 4), bw = s.row(scratch + 5)
        bilinearFootprints(t, cu, cv, offset: offset, x0s, x1s, y0s, y1s, aw, bw)
        let mask = s.allActive ? nil : s.mask
        if let words = t.words {
            let corners = (s.row(scratch + 6), s.row(scratch + 7), s.row(scratch + 8), s.row(scratch + 9))
            gatherCorners(words, x0s, x1s, y0s, y1s, into: corners, mask: mask)
            filterBytes(corners, aw, bw, into: out, mask: mask)
            return
        }
        let p = t.texels.unsafelyUnwrapped
        let (d0, d1, d2, d3) = out
        s.forActive { l in
            let r0 = Int(y0s[l]), r1 = Int(y1s[l]), c0 = Int(x0s[l]), c1 = Int(x1s[l])
            let t00 = p[r0 &+ c0], t10 = p[r0 &+ c1], t01 = p[r1 &+ c0], t11 = p[r1 &+ c1]
            let a = SIMD4(repeating: asFloat(aw[l])), b = SIMD4(repeating: asFloat(bw[l]))
            let top = t00 + (t10 - t00) * a
            let bottom = t01 + (t11 - t01) * a
            let v = top + (bottom - top) * b
            d0[l] = bits(v.x); d1[l] = bits(v.y); d2[l] = bits(v.z); d3[l] = bits(v.w)
        }
    }

    /// The four RGBA8 words of each active lane's footprint: (x0, y0), (x1, y0), (x0, y1), (x1, y1).
    @inline(never)
    static func gatherCorners(_ words: UnsafeMutablePointer<UInt32>, _ x0s: UnsafeMutablePointer<UInt32>, _ x1s: UnsafeMutablePointer<UInt32>,
                              _ y0s: UnsafeMutablePointer<UInt32>, _ y1s: UnsafeMutablePointer<UInt32>,
                              into c: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>),
                              mask: UnsafeMutablePointer<UInt32>?) {
        LaneLoops.forEach(mask) { l in
            let r0 = Int(y0s[l]), r1 = Int(y1s[l]), i0 = Int(x0s[l]), i1 = Int(x1s[l])
            c.0[l] = words[r0 &+ i0]
            c.1[l] = words[r0 &+ i1]
            c.2[l] = words[r1 &+ i0]
            c.3[l] = words[r1 &+ i1]
        }
    }

    /// Bilinear weights applied to the four corner words, channel by channel across the lanes.
    @inline(never)
    static func filterBytes(_ c: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>),
                            _ aw: UnsafeMutablePointer<UInt32>, _ bw: UnsafeMutablePointer<UInt32>,
                            into out: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>),
                            mask: UnsafeMutablePointer<UInt32>?) {
        @inline(__always) func filtered(_ l: Int, _ shift: UInt32) -> UInt32 {
            @inline(__always) func k(_ w: UnsafeMutablePointer<UInt32>) -> Float { Float((w[l] >> shift) & 0xFF) }
            let a = asFloat(aw[l]), b = asFloat(bw[l])
            let top = k(c.0) + (k(c.1) - k(c.0)) * a
            let bottom = k(c.2) + (k(c.3) - k(c.2)) * a
            return ((top + (bottom - top) * b) / 255).bitPattern
        }
        @inline(__always) func channel(_ d: UnsafeMutablePointer<UInt32>, _ shift: UInt32) {
            if let mask {
                for l in 0..<Lanes.count { d[l] = blend(filtered(l, shift), d[l], mask[l]) }
            } else {
                for l in 0..<Lanes.count { d[l] = filtered(l, shift) }
            }
        }
        channel(out.0, 0)
        channel(out.1, 8)
        channel(out.2, 16)
        channel(out.3, 24)
    }

    /// The first pass of `bilinearClampedBatch`, for every lane.
    @inline(never)
    static func bilinearFootprints(_ t: TextureView, _ cu: UnsafeMutablePointer<UInt32>, _ cv: UnsafeMutablePointer<UInt32>, offset: (Int, Int),
                                   _ x0s: UnsafeMutablePointer<UInt32>, _ x1s: UnsafeMutablePointer<UInt32>,
                                   _ y0s: UnsafeMutablePointer<UInt32>, _ y1s: UnsafeMutablePointer<UInt32>,
                                   _ aw: UnsafeMutablePointer<UInt32>, _ bw: UnsafeMutablePointer<UInt32>) {
        let fw = Float(t.width), fh = Float(t.height), w = UInt32(t.width)
        let maxX = fw - 1, maxY = fh - 1
        let ox = Float(offset.0) - 0.5, oy = Float(offset.1) - 0.5
        let bias = FloatRounding.twoTo23
        @inline(__always) func index(_ v: Float, _ limit: Float) -> UInt32 {
            let c = v > 0 ? (v < limit ? v : limit) : 0
            return (c + bias).bitPattern &- 0x4B00_0000
        }
        for l in 0..<Lanes.count {
            var fx = asFloat(cu[l]) * fw + ox, fy = asFloat(cv[l]) * fh + oy
            // NaN fails the first comparison and samples the first texel.
            fx = fx > -1 ? (fx < fw ? fx : fw) : -1
            fy = fy > -1 ? (fy < fh ? fy : fh) : -1
            let x0 = FloatRounding.floor(fx), y0 = FloatRounding.floor(fy)
            aw[l] = bits(weight(fx - x0))
            bw[l] = bits(weight(fy - y0))
            x0s[l] = index(x0, maxX)
            x1s[l] = index(x0 + 1, maxX)
            y0s[l] = index(y0, maxY) &* w
            y1s[l] = index(y0 + 1, maxY) &* w
        }
    }

    /// `textureGather`: component `c` of the four texels of the bilinear footprint, in the order
    /// (i0, j1), (i1, j1), (i1, j0), (i0, j0).
    static func gather(_ t: TextureView, _ s: SamplerState, _ u: Float, _ v: Float, component c: Int, offset: (Int, Int)) -> SIMD4<Float> {
        let fx = u * Float(t.width) - 0.5, fy = v * Float(t.height) - 0.5
        let i = safeInt(FloatRounding.floor(fx)) + offset.0, j = safeInt(FloatRounding.floor(fy)) + offset.1
        return SIMD4(texel(t, s, i, j + 1)[c], texel(t, s, i + 1, j + 1)[c], texel(t, s, i + 1, j)[c], texel(t, s, i, j)[c])
    }

}
