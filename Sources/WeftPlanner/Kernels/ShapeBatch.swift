import WeftRuntime
import WeftViews

/// Shapes waiting to be drawn on one canvas: consecutive shape draws become one `weft.shape`
/// pass that blends them in order per pixel (in floating point, without rounding to the
/// canvas's storage between shapes).
struct ShapeBatch {
    /// Floats per shape record, laid out as the kernel reads them:
    /// 0–3 canvas → local linear map, 4–5 translation, 6–7 size, 8–11 bounds (canvas points,
    /// min then max), 12 shape kind, 13 fill kind, 14 blend mode, 15 corner radius, 16 opacity,
    /// 17 first stop (an index into the whole array), 18 stop count, 19 unused, 20–23 solid
    /// color, 24–27 gradient geometry.
    static let recordStride = NativeKernel.shapeRecordStride
    /// Shapes per pass at most, bounding each invocation's work.
    static let capacity = 128

    private(set) var records: [Float] = []
    private(set) var stops: [Float] = []
    private(set) var count = 0
    /// The union of the shapes' bounds (canvas points): the batch changes no pixel outside it.
    private(set) var bounds: Rect?

    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count >= Self.capacity }

    mutating func append(toLocal: Affine, size: SIMD2<Float>, bounds: Rect, geometry: ShapeGeometry, fillKind: Int32,
                         blendMode: BlendMode, opacity: Float, color: SIMD4<Float>, gradient: SIMD4<Float>, stops newStops: [Float]) {
        precondition(!isFull && newStops.count % 5 == 0)
        // A tuple of floats is laid out as an array of them: appended without an array of its own.
        withUnsafeBytes(of: (toLocal.a, toLocal.b, toLocal.c, toLocal.d, toLocal.tx, toLocal.ty, size.x, size.y,
                             bounds.minimum.x, bounds.minimum.y, bounds.maximum.x, bounds.maximum.y,
                             Float(geometry.kernelCode), Float(fillKind), Float(blendMode.kernelCode), geometry.cornerRadius,
                             opacity, Float(stops.count), Float(newStops.count / 5), Float(0),
                             color.x, color.y, color.z, color.w, gradient.x, gradient.y, gradient.z, gradient.w)) {
            records.append(contentsOf: $0.bindMemory(to: Float.self))
        }
        stops += newStops
        count += 1
        self.bounds = self.bounds.map { $0.union(bounds) } ?? bounds
    }

    /// No shapes, keeping the room the arrays had: a canvas empties its open run at every draw of another kind.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        stops.removeAll(keepingCapacity: true)
        count = 0
        bounds = nil
    }

    /// Appends `other`'s shapes after these, in order (their stop indices moved past these shapes' stops).
    mutating func append(contentsOf other: ShapeBatch) {
        guard let otherBounds = other.bounds else { return }
        let first = records.count, offset = Float(stops.count)
        records += other.records
        for i in 0..<other.count { records[first + i * Self.recordStride + 17] += offset }
        stops += other.stops
        count += other.count
        bounds = bounds.map { $0.union(otherBounds) } ?? otherBounds
    }

    /// The array buffer: records, then stops, with stop indices made absolute.
    var arrayData: [Float] {
        var data = records
        let offset = Float(records.count)
        for i in 0..<count { data[i * Self.recordStride + 17] += offset }
        return data + stops
    }
}
