import WeftImage

/// Texel loads and stores for a whole batch, in passes: a vectorised pass over the lanes
/// (texel indices with the bounds check), the per-lane memory accesses, and a vectorised format
/// conversion (RGBA8 words unpacked to, or packed from, four channel rows).
enum ImageLoops {
    typealias Row = UnsafeMutablePointer<UInt32>

    /// The sentinel index of a lane whose coordinate lies outside the texture.
    static let outside = UInt32.max

    /// `index[l] = y · width + x` for coordinates inside `width × height`, `outside` otherwise.
    @inline(never)
    static func indices(_ index: Row, x: Row, y: Row, dx: Int32, dy: Int32, width: Int, height: Int) {
        let w = Int32(truncatingIfNeeded: width), h = Int32(truncatingIfNeeded: height)
        for l in 0..<Lanes.count {
            // Signed compares combined bitwise: the loop vectorises (SSE2 has no unsigned compare).
            let px = Int32(bitPattern: x[l]) &+ dx, py = Int32(bitPattern: y[l]) &+ dy
            let m = laneMask(px >= 0) & laneMask(px < w) & laneMask(py >= 0) & laneMask(py < h)
            index[l] = blend(UInt32(bitPattern: py &* w &+ px), outside, m)
        }
    }

    /// Adds per-lane offsets to coordinates (into `x`, `y`, which are scratch rows).
    @inline(never)
    static func offset(x: Row, y: Row, from cx: Row, _ cy: Row, by ox: Row, _ oy: Row) {
        for l in 0..<Lanes.count {
            x[l] = cx[l] &+ ox[l]
            y[l] = cy[l] &+ oy[l]
        }
    }

    /// Reads the texel of each active lane (zero outside) into four rows; `word` is a scratch row.
    static func load(_ t: TextureView, _ index: Row, into d: (Row, Row, Row, Row), word: Row, mask: Row?) {
        if let words = t.words {
            gather(words, index, into: word, mask: mask)
            unpack(word, into: d, mask: mask)
        } else {
            load(t.texels.unsafelyUnwrapped, index, into: d, mask: mask)
        }
    }

    /// `word[l] = words[index[l]]` for active lanes, zero outside the texture.
    @inline(never)
    static func gather(_ words: UnsafeMutablePointer<UInt32>, _ index: Row, into word: Row, mask: Row?) {
        LaneLoops.forEach(mask) { l in
            let i = index[l]
            word[l] = i == outside ? 0 : words[Int(i)]
        }
    }

    /// RGBA8 words to four channel rows of k / 255.
    @inline(never)
    static func unpack(_ word: Row, into d: (Row, Row, Row, Row), mask: Row?) {
        @inline(__always) func channel(_ out: Row, _ shift: UInt32) {
            @inline(__always) func value(_ l: Int) -> UInt32 { CPUTexture.unorm8Value((word[l] >> shift) & 0xFF).bitPattern }
            if let mask {
                for l in 0..<Lanes.count { out[l] = blend(value(l), out[l], mask[l]) }
            } else {
                for l in 0..<Lanes.count { out[l] = value(l) }
            }
        }
        channel(d.0, 0)
        channel(d.1, 8)
        channel(d.2, 16)
        channel(d.3, 24)
    }

    @inline(never)
    static func load(_ texels: UnsafeMutablePointer<SIMD4<Float>>, _ index: Row, into d: (Row, Row, Row, Row), mask: Row?) {
        @inline(__always) func texel(_ l: Int) -> SIMD4<Float> {
            let i = index[l]
            return i == outside ? .zero : texels[Int(i)]
        }
        if let mask {
            LaneLoops.forEach(mask) { l in
                let v = texel(l)
                d.0[l] = v.x.bitPattern; d.1[l] = v.y.bitPattern; d.2[l] = v.z.bitPattern; d.3[l] = v.w.bitPattern
            }
            return
        }
        for l in stride(from: 0, to: Lanes.count, by: 4) {
            let a = texel(l), b = texel(l + 1), c = texel(l + 2), e = texel(l + 3)
            store(SIMD4(a.x, b.x, c.x, e.x), d.0 + l)
            store(SIMD4(a.y, b.y, c.y, e.y), d.1 + l)
            store(SIMD4(a.z, b.z, c.z, e.z), d.2 + l)
            store(SIMD4(a.w, b.w, c.w, e.w), d.3 + l)
        }
    }

    @inline(__always)
    private static func store(_ v: SIMD4<Float>, _ p: Row) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
    }

    /// Writes each active lane's texel from four channel rows, converted to the texture's format;
    /// lanes outside the texture write nothing. `scratch` is four rows.
    static func store(_ t: TextureView, _ index: Row, _ channels: (Row, Row, Row, Row), scratch: (Row, Row, Row, Row), mask: Row?) {
        if let words = t.words {
            pack(channels, into: scratch.0)
            scatter(words, index, scratch.0, mask: mask)
        } else {
            halves(channels, into: scratch)
            store(t.texels.unsafelyUnwrapped, index, scratch, mask: mask)
        }
    }

    /// Four channel rows to RGBA8 words.
    @inline(never)
    static func pack(_ c: (Row, Row, Row, Row), into word: Row) {
        @inline(__always) func byte(_ r: Row, _ l: Int) -> UInt32 { CPUTexture.unorm8Byte(Float(bitPattern: r[l])) }
        for l in 0..<Lanes.count {
            word[l] = byte(c.0, l) | byte(c.1, l) << 8 | byte(c.2, l) << 16 | byte(c.3, l) << 24
        }
    }

    @inline(never)
    static func scatter(_ words: UnsafeMutablePointer<UInt32>, _ index: Row, _ word: Row, mask: Row?) {
        LaneLoops.forEach(mask) { l in
            if index[l] != outside { words[Int(index[l])] = word[l] }
        }
    }

    /// Four channel rows rounded to half precision.
    @inline(never)
    static func halves(_ c: (Row, Row, Row, Row), into q: (Row, Row, Row, Row)) {
        @inline(__always) func convert(_ source: Row, _ destination: Row) {
            for l in 0..<Lanes.count { destination[l] = CPUTexture.half(Float(bitPattern: source[l])).bitPattern }
        }
        convert(c.0, q.0)
        convert(c.1, q.1)
        convert(c.2, q.2)
        convert(c.3, q.3)
    }

    @inline(never)
    static func store(_ texels: UnsafeMutablePointer<SIMD4<Float>>, _ index: Row, _ q: (Row, Row, Row, Row), mask: Row?) {
        LaneLoops.forEach(mask) { l in
            if index[l] != outside {
                texels[Int(index[l])] = SIMD4(Float(bitPattern: q.0[l]), Float(bitPattern: q.1[l]), Float(bitPattern: q.2[l]), Float(bitPattern: q.3[l]))
            }
        }
    }
}
