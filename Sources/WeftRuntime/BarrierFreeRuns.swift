/// How many pipeline barriers an executor recorded for one render (Vulkan; the CPU evaluator has none).
public struct BarrierCounts: Sendable, Hashable {
    /// Image memory barriers.
    public var barriers: Int
    /// `vkCmdPipelineBarrier` calls holding them: the points where the device waits.
    public var batches: Int
    public init(barriers: Int, batches: Int) {
        self.barriers = barriers
        self.batches = batches
    }
}

extension RenderPlan {
    /// The plan's passes cut into runs of consecutive passes none of which reads or writes a texture an earlier pass
    /// of its run writes, nor writes one an earlier pass of its run reads: an executor records the barriers a whole run
    /// needs before its first pass and none between its passes. Scheduled plans have one run per level
    /// (docs/fusion.md, "Scheduling").
    public var barrierFreeRuns: [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        var written = Set<TextureID>()
        var read = Set<TextureID>()
        for (i, pass) in passes.enumerated() {
            let inputs = pass.inputs + (pass.kernel.interface.readsOutput ? [pass.output] : [])
            if !written.isDisjoint(with: inputs) || written.contains(pass.output) || read.contains(pass.output) {
                runs.append(start..<i)
                start = i
                written.removeAll()
                read.removeAll()
            }
            written.insert(pass.output)
            read.formUnion(inputs)
        }
        if start < passes.count { runs.append(start..<passes.count) }
        return runs
    }
}
