import WeftRuntime

/// Where the bytes of a planned pass's argument block and array buffer came from, run by run: copied from a lowered
/// pass's buffer, or computed by a rewrite. `PlanReuse` rebinds a frame whose lowered values changed by copying the new
/// values through the copied runs into the previous plan; a changed value that a computed run was made from, or one
/// no run copies, means the frame is rewritten in full.
///
/// Both buffers count in bytes; the array buffer's floats are 4 bytes each, little-endian as they lie in memory (what a
/// layer batch's records are made of: `LayerBatching`).
struct ValueProvenance: Sendable, Equatable {
    enum Buffer: Sendable, Hashable { case arguments, arrayData }

    /// Bytes of one lowered pass's buffer.
    struct Span: Sendable, Hashable {
        /// The pass's index in the lowered frame (`PlanBuilder.planned` before the rewrites).
        var pass: Int
        var buffer: Buffer
        var offset: Int
        var count: Int
    }

    struct Run: Sendable, Equatable {
        enum Source: Sendable, Equatable {
            /// The run's bytes are those of a lowered pass, from its byte `offset` on.
            case copied(pass: Int, buffer: Buffer, offset: Int)
            /// The run's bytes were computed by a rewrite from the lowered bytes in `reading` (none: from what the
            /// structure holds, compared by `PlanBuilder.sameStructure`).
            case computed(reading: [Span])
        }
        var count: Int
        var source: Source
    }

    /// The runs of the argument block and of the array buffer, in order, covering each.
    var arguments: [Run]
    var arrayData: [Run]

    init(arguments: [Run], arrayData: [Run]) {
        self.arguments = arguments
        self.arrayData = arrayData
    }

    /// A lowered pass's values: all copied from pass `index`.
    init(lowered index: Int, of pass: KernelPass) {
        arguments = Self.copied(pass: index, buffer: .arguments, count: pass.arguments.count)
        arrayData = Self.copied(pass: index, buffer: .arrayData, count: 4 * pass.arrayData.count)
    }

    static func copied(pass: Int, buffer: Buffer, count: Int) -> [Run] {
        count == 0 ? [] : [Run(count: count, source: .copied(pass: pass, buffer: buffer, offset: 0))]
    }

    static func computed(_ count: Int, reading: [Span] = []) -> [Run] {
        count == 0 ? [] : [Run(count: count, source: .computed(reading: reading))]
    }

    /// The runs of bytes `range` of `runs`.
    static func slice(_ runs: [Run], _ range: Range<Int>) -> [Run] {
        var out: [Run] = []
        var at = 0
        for run in runs {
            let lower = max(range.lowerBound, at), upper = min(range.upperBound, at + run.count)
            if lower < upper {
                switch run.source {
                case .copied(let pass, let buffer, let offset):
                    out.append(Run(count: upper - lower, source: .copied(pass: pass, buffer: buffer, offset: offset + lower - at)))
                case .computed:
                    out.append(Run(count: upper - lower, source: run.source))
                }
            }
            at += run.count
        }
        return out
    }

    /// `runs` with bytes `range` replaced by `replacement`.
    static func replacing(_ runs: [Run], _ range: Range<Int>, with replacement: [Run]) -> [Run] {
        let total = runs.reduce(0) { $0 + $1.count }
        return slice(runs, 0..<range.lowerBound) + replacement + slice(runs, range.upperBound..<total)
    }

    /// The lowered bytes that bytes `range` of `runs` were copied or computed from.
    static func spans(of runs: [Run], _ range: Range<Int>) -> [Span] {
        slice(runs, range).flatMap { run -> [Span] in
            switch run.source {
            case .copied(let pass, let buffer, let offset): [Span(pass: pass, buffer: buffer, offset: offset, count: run.count)]
            case .computed(let reading): reading
            }
        }
    }
}
