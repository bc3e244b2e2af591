/// What the run-time checks look at during one dispatch.
struct CheckConfiguration: Sendable {
    /// The storage-image binding whose stores are checked (premultiplication, non-finite values).
    var storeBinding: UInt32?
    var premultiplication = false
    var nonFinite = false
    /// RGB may exceed A by this much before a store counts as not premultiplied.
    var premultiplicationTolerance: Float = 1e-4
    var sampleBound: SampleBoundCheck?

    var checksStores: Bool { premultiplication || nonFinite }

    static let none = CheckConfiguration()
}

/// Converts sample coordinates on `binding` back to user-space points and measures them against
/// each pixel's own position.
struct SampleBoundCheck: Sendable {
    var binding: UInt32
    var layerOrigin: SIMD2<Float>
    var layerSize: SIMD2<Float>
    var outputOrigin: SIMD2<Float>
    var scale: Float
    /// Distances beyond this (per axis, points) are counted; nil only measures.
    var limit: SIMD2<Float>?
    var tolerance: Float = 1e-3
    /// `sampleLayer` samples at its position snapped to the filter's 1/256 grid plus a quarter step (docs/kernel-abi.md,
    /// "Coordinates"), so distances are measured on that grid: in texels, rounded to 1/256.
    static let grid: Float = 256
}

/// A pixel a check points at, with the value or position it found there.
public struct CheckFinding: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var value: SIMD4<Float>

    /// Row-major order, so that merging threads keeps the first pixel of the image.
    func precedes(_ other: CheckFinding) -> Bool { (y, x) < (other.y, other.x) }
}

/// Per-thread (then merged) results of the checks.
public struct CheckTally: Sendable, Hashable {
    public var notPremultipliedCount = 0
    public var firstNotPremultiplied: CheckFinding?
    public var nonFiniteCount = 0
    public var firstNonFinite: CheckFinding?
    /// Largest per-axis distance, in points, between a pixel and a position it sampled.
    public var maxSampleDistance: SIMD2<Float> = .zero
    /// The sample farther than the limit that comes first in row-major order: the pixel, and in
    /// `value` the sampled point (x, y) and its distance (dx, dy).
    public var firstBeyondLimit: CheckFinding?
    public var beyondLimitCount = 0
    public var samplesChecked = 0

    mutating func merge(_ o: CheckTally) {
        notPremultipliedCount += o.notPremultipliedCount
        nonFiniteCount += o.nonFiniteCount
        beyondLimitCount += o.beyondLimitCount
        samplesChecked += o.samplesChecked
        maxSampleDistance = pointwiseMax(maxSampleDistance, o.maxSampleDistance)
        firstNotPremultiplied = earlier(firstNotPremultiplied, o.firstNotPremultiplied)
        firstNonFinite = earlier(firstNonFinite, o.firstNonFinite)
        firstBeyondLimit = earlier(firstBeyondLimit, o.firstBeyondLimit)
    }

    private func earlier(_ a: CheckFinding?, _ b: CheckFinding?) -> CheckFinding? {
        guard let a else { return b }
        guard let b else { return a }
        return b.precedes(a) ? b : a
    }

    mutating func recordStore(_ v: SIMD4<Float>, x: Int, y: Int, _ c: CheckConfiguration) {
        if c.nonFinite, !(v.x.isFinite && v.y.isFinite && v.z.isFinite && v.w.isFinite) {
            nonFiniteCount += 1
            let f = CheckFinding(x: x, y: y, value: v)
            if firstNonFinite.map({ f.precedes($0) }) ?? true { firstNonFinite = f }
        }
        if c.premultiplication {
            let limit = v.w + c.premultiplicationTolerance
            if v.x > limit || v.y > limit || v.z > limit {
                notPremultipliedCount += 1
                let f = CheckFinding(x: x, y: y, value: v)
                if firstNotPremultiplied.map({ f.precedes($0) }) ?? true { firstNotPremultiplied = f }
            }
        }
    }

    mutating func recordSample(u: Float, v: Float, pixelX: Int, pixelY: Int, _ c: SampleBoundCheck) {
        samplesChecked += 1
        let point = c.layerOrigin + SIMD2(u, v) * c.layerSize / c.scale
        let position = c.outputOrigin + (SIMD2(Float(pixelX), Float(pixelY)) + 0.5) / c.scale
        let delta = point - position
        let steps = SampleBoundCheck.grid * c.scale
        var distance = SIMD2<Float>((Swift.abs(delta.x) * steps).rounded() / steps, (Swift.abs(delta.y) * steps).rounded() / steps)
        if !distance.x.isFinite { distance.x = Float.infinity }
        if !distance.y.isFinite { distance.y = Float.infinity }
        maxSampleDistance = pointwiseMax(maxSampleDistance, distance)
        if let limit = c.limit, distance.x > limit.x + c.tolerance || distance.y > limit.y + c.tolerance {
            beyondLimitCount += 1
            let f = CheckFinding(x: pixelX, y: pixelY, value: SIMD4(point.x, point.y, distance.x, distance.y))
            if firstBeyondLimit.map({ f.precedes($0) }) ?? true { firstBeyondLimit = f }
        }
    }
}
