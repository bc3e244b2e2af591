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
        let sorted = records.enumerated().sorted { ($0.element.pixels.x, $0.offset) < ($1.element.pixels.x, $1.offset) }
        var data: [Float] = []
        data.reserveCapacity(records.count * Self.recordStride)
        for (_, r) in sorted {
            // A tuple of floats is laid out as an array of them: appended without an array of its own.
            withUnsafeBytes(of: (Float(r.pixels.x), Float(r.pixels.y), Float(r.pixels.z), Float(r.pixels.w), Float(r.texel.x),
                                 Float(r.texel.y), r.opacity, Float(0), r.color.x, r.color.y, r.color.z, r.color.w)) {
                data.append(contentsOf: $0.bindMemory(to: Float.self))
            }
        }
        return data
    }
}
