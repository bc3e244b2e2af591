import WeftImage

/// A list of dispatches' batches (as `KernelProgram.dispatch(_:threads:instructionBudget:)` lists them) cut into *takes*: runs of consecutive batches of one dispatch that a worker takes at once, through one
/// shared counter. A batch of a small kernel (the image copy: 37 register rows, about 2 µs a batch) costs little more
/// than 16 workers contending for that counter's cache line, so such a kernel's batches go several to a take, neighbours
/// along a band; a large kernel's (the engine's shapes, 1,500–1,700 rows) one to a take, so that a worker that drew
/// costly batches holds the others up by one batch at most. Each dispatch keeps at least
/// `RowPartition.partsPerWorker` takes a worker where it has the batches. Which worker runs a batch never changes what
/// the batch computes, so the cut leaves every result as it is.
struct BatchTakes {
    /// Dispatch d's batches (numbered within it), cut into its takes.
    private let parts: [RowPartition]
    /// Dispatch d's takes are numbers firstTake[d]..<firstTake[d + 1].
    private let firstTake: [Int]

    /// The takes of dispatches of `batches[d]` batches each of programs of `rows[d]` register rows, for `threads`
    /// workers.
    init(batches: [Int], rows: [Int], threads: Int) {
        precondition(batches.count == rows.count && threads >= 1)
        parts = zip(batches, rows).map { count, rows in
            RowPartition(0..<count, parts: Self.takes(batches: count, rows: rows, threads: threads))
        }
        firstTake = parts.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
    }

    /// How many takes there are.
    var count: Int { firstTake[firstTake.count - 1] }

    /// Take `index`'s dispatch and its batches there, searched for from dispatch `from` on (a worker's takes only ever grow).
    func take(_ index: Int, from: Int) -> (dispatch: Int, batches: Range<Int>) {
        var d = from
        while firstTake[d + 1] <= index { d += 1 }
        return (d, parts[d][index - firstTake[d]])
    }

    /// Register rows a take covers at least, batches × rows: a batch of that many rows runs long enough that taking it
    /// costs nothing beside it.
    static let rowsPerTake = 512

    /// Takes for a dispatch of `batches` batches of a program of `rows` register rows on `threads` workers.
    static func takes(batches: Int, rows: Int, threads: Int) -> Int {
        guard batches > 0 else { return 1 }
        let batchesPerTake = max(1, rowsPerTake / max(1, rows))
        let least = RowPartition.parts(forWorkers: threads)
        return min(batches, max((batches + batchesPerTake - 1) / batchesPerTake, least))
    }
}
