import WeftRuntime

/// Glyphs waiting to be drawn on one canvas, a line's worth, or several lines that meet no pixel of
/// each other (`PendingDraws`): one `weft.glyph` pass. Records sorted by left edge,
/// so the kernel finds a pixel's glyphs by binary search.
struct GlyphRun {
    /// Floats per glyph record, laid out as the kernel reads them: 0–3 the canvas pixels covered (x0, y0, x1, y1),
    /// 4–5 the atlas texel of (x0, y0), 6 opacity, 7 unused, 8–11 premultiplied color.
    static let recordStride = NativeKernel.glyphRecordStride

    struct Record {
        var pixels: SIMD4<Int32>
        var texel: SIMD2<Int32>
        var opacity: Float
        var color: SIMD4<Float>
    }

    private(set) var records: [Record] = []
    private(set) var widest: Int32 = 0

    var isEmpty: Bool { records.isEmpty }
    var count: Int { records.count }

    mutating func append(_ record: Record) {
        records.append(record)
        widest = max(widest, record.pixels.z - record.pixels.x)
    }

    /// No glyphs, keeping the room the records had (a line's run is reused for the next line).
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        widest = 0
    }

    /// Appends `other`'s glyphs after these, in order.
    mutating func append(contentsOf other: GlyphRun) {
        records += other.records
        widest = max(widest, other.widest)
    }

    /// The pixels the run covers: (x0, y0, x1, y1).
    var bounds: SIMD4<Int32>? {
        guard let first = records.first else { return nil }
        return records.dropFirst().reduce(first.pixels) {
            SIMD4(min($0.x, $1.pixels.x), min($0.y, $1.pixels.y), max($0.z, $1.pixels.z), max($0.w, $1.pixels.w))
        }
    }

    /// The array buffer, sorted by left edge (stable: glyphs at one edge keep their order).
    var arrayData: [Float] {
        assert(Self.recordStride == 12, "a glyph record is written as twelve floats")
        // Each record's left edge (offset to be unsigned) above its index: sorting the keys sorts by edge, then order.
        let order = records.indices.map { i in UInt64(UInt32(bitPattern: records[i].pixels.x) ^ 0x8000_0000) << 32 | UInt64(i) }.sorted()
        return [Float](unsafeUninitializedCapacity: records.count * Self.recordStride) { data, written in
            for (slot, key) in order.enumerated() {
                let r = records[Int(truncatingIfNeeded: key & 0xFFFF_FFFF)]
                let base = slot * Self.recordStride
                (data[base], data[base + 1], data[base + 2], data[base + 3]) = (Float(r.pixels.x), Float(r.pixels.y), Float(r.pixels.z), Float(r.pixels.w))
                (data[base + 4], data[base + 5], data[base + 6], data[base + 7]) = (Float(r.texel.x), Float(r.texel.y), r.opacity, 0)
                (data[base + 8], data[base + 9], data[base + 10], data[base + 11]) = (r.color.x, r.color.y, r.color.z, r.color.w)
            }
            written = records.count * Self.recordStride
        }
    }
}
