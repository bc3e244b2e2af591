import Synchronization

/// A kernel's checked variant (docs/kernel-abi.md, "Checked kernels"): the same kernel with the render-time checks
/// compiled in, counting into the storage buffer at `KernelABI.checkBinding`. Compiled on first use only, so a render
/// without checks never pays for it. Part of the kernel it belongs to, which its `cacheKey` names; it takes no part in
/// the kernel's equality.
public final class CheckedKernel: Sendable, Hashable {
    private let make: @Sendable () throws -> [UInt32]
    private let made = Mutex<[UInt32]?>(nil)
    /// What the executor's pipeline cache keys the checked pipeline by.
    public let cacheKey: String

    public init(cacheKey: String, make: @escaping @Sendable () throws -> [UInt32]) {
        self.cacheKey = cacheKey
        self.make = make
    }

    /// The checked SPIR-V, compiled on the first call.
    public func spirv() throws -> [UInt32] {
        if let words = made.withLock({ $0 }) { return words }
        let words = try make()
        made.withLock { $0 = words }
        return words
    }

    public static func == (a: CheckedKernel, b: CheckedKernel) -> Bool { a.cacheKey == b.cacheKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(cacheKey) }
}

/// The checked kernels' counters (`KernelABI.checkBinding`): one slot of `slotStride` bytes per checked pass, 32-bit
/// words at these indices. The executor writes the initial words before the frame and reads the counts after it.
public enum CheckCounters {
    public static let notPremultiplied = 0
    /// The first pixel (in row-major order) as `y << 16 | x`; `noPixel` when none.
    public static let firstNotPremultiplied = 1
    public static let nonFinite = 2
    public static let firstNonFinite = 3
    public static let beyondLimit = 4
    public static let firstBeyondLimit = 5
    /// The largest per-axis distance (points) from a pixel to a sample, as float bits (atomicMax on positive floats).
    public static let maxDistanceX = 6
    public static let maxDistanceY = 7
    /// Written by the executor: the declared maxSampleOffset (float bits) and whether there is one (1) or not (0).
    public static let limitX = 8
    public static let limitY = 9
    public static let bounded = 10
    public static let words = 16
    /// Bytes between passes' slots: the largest `minStorageBufferOffsetAlignment` Vulkan allows.
    public static let slotStride = 256
    public static let noPixel = UInt32.max

    /// A slot's initial words for a pass with `limit` as its maxSampleOffset.
    public static func initial(limit: SIMD2<Float>?) -> [UInt32] {
        var w = [UInt32](repeating: 0, count: words)
        w[firstNotPremultiplied] = noPixel
        w[firstNonFinite] = noPixel
        w[firstBeyondLimit] = noPixel
        if let limit {
            w[limitX] = limit.x.bitPattern
            w[limitY] = limit.y.bitPattern
            w[bounded] = 1
        }
        return w
    }

    /// The findings of a slot read back after the frame, in the CPU evaluator's words (`ExecutionReport.check...`).
    public static func reports(kernel: String, limit: SIMD2<Float>?, slot w: [UInt32]) -> [ExecutionReport] {
        func pixel(_ key: UInt32) -> (x: Int, y: Int) { (Int(key & 0xFFFF), Int(key >> 16)) }
        var out: [ExecutionReport] = []
        if w[notPremultiplied] > 0 {
            let p = pixel(w[firstNotPremultiplied])
            out.append(.notPremultiplied(kernel: kernel, count: Int(w[notPremultiplied]), x: p.x, y: p.y, value: nil))
        }
        if w[nonFinite] > 0 {
            let p = pixel(w[firstNonFinite])
            out.append(.nonFinite(kernel: kernel, count: Int(w[nonFinite]), x: p.x, y: p.y, value: nil))
        }
        if w[beyondLimit] > 0, let limit {
            let p = pixel(w[firstBeyondLimit])
            let farthest = SIMD2(Float(bitPattern: w[maxDistanceX]), Float(bitPattern: w[maxDistanceY]))
            out.append(.sampleBound(kernel: kernel, count: Int(w[beyondLimit]), x: p.x, y: p.y, limit: limit, farthest: farthest, sampled: nil))
        }
        return out
    }
}

/// The render-time checks' findings, one wording whichever executor found them.
extension ExecutionReport {
    private static func describe(_ v: SIMD4<Float>) -> String { "(\(v.x), \(v.y), \(v.z), \(v.w))" }

    public static func notPremultiplied(kernel: String, count: Int, x: Int, y: Int, value: SIMD4<Float>?) -> ExecutionReport {
        ExecutionReport(kernel: kernel, check: "premultiplication",
                        message: "\(count) stored pixel(s) have RGB greater than A; first at (\(x), \(y))" + (value.map { ": " + describe($0) } ?? ""),
                        fix: "return premultiplied color, RGB no greater than alpha (multiply the RGB by the alpha, e.g. vec4(rgb * a, a))")
    }

    public static func nonFinite(kernel: String, count: Int, x: Int, y: Int, value: SIMD4<Float>?) -> ExecutionReport {
        ExecutionReport(kernel: kernel, check: "non-finite",
                        message: "\(count) stored pixel(s) hold NaN or infinity; first at (\(x), \(y))" + (value.map { ": " + describe($0) } ?? ""),
                        fix: "keep divisors away from zero and the arguments of sqrt, log and pow in their domains at these values "
                            + "(e.g. max(x, 1e-4)), or narrow the parameter's range with // @param NAME LOW..HIGH")
    }

    public static func sampleBound(kernel: String, count: Int, x: Int, y: Int, limit: SIMD2<Float>, farthest m: SIMD2<Float>,
                                   sampled: SIMD2<Float>?) -> ExecutionReport {
        ExecutionReport(kernel: kernel, check: "sample bound",
                        message: "samples up to (\(m.x), \(m.y)) points from the pixel, beyond the declared maxSampleOffset (\(limit.x), \(limit.y)); \(count) sample(s) too far, first at pixel (\(x), \(y))"
                            + (sampled.map { ", which sampled point (\($0.x), \($0.y))" } ?? ""),
                        fix: maxSampleOffsetFix(reach: m), sampleReach: m)
    }

    /// How to declare a maxSampleOffset that covers `reach` (points), in each place one is declared.
    public static func maxSampleOffsetFix(reach: SIMD2<Float>) -> String {
        func points(_ v: Float) -> String { String(Int(v.rounded(.up))) }
        let (x, y) = (points(reach.x), points(reach.y))
        return "declare a maxSampleOffset of at least \(x), \(y): // @maxSampleOffset \(x), \(y) above the function, "
            + "--max-sample-offset \(x),\(y) on the command line, or \"maxSampleOffset\": [\(x), \(y)] on the effect in a scene or presets.json"
    }
}
