import WeftRuntime

extension RenderPlan {
    /// The plan's passes cut into runs of consecutive passes that the evaluator interprets at once, as one list of
    /// batches (`KernelProgram.dispatch(_:threads:instructionBudget:)`), so that many small passes — the lines of a
    /// page of text, each drawn in place — keep every worker busy and wait once instead of once a pass.
    ///
    /// A pass joins the run before it when `interpreted` (native passes run alone) and, against every pass of the run,
    /// it reads nothing the other writes and writes nothing the other reads, and where both write one texture both draw
    /// in place (`KernelInterface.readsOutput`: an engine kernel reads its output at the pixel it writes, and keeps the
    /// rest) over disjoint rectangles. Whatever the order the passes of a run then run in, each pixel gets the same value.
    func sideBySideRuns(interpreted: (KernelPass) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for (j, pass) in passes.enumerated() where j > start {
            let joins = interpreted(pass) && passes[start..<j].allSatisfy { other in
                interpreted(other) && independent(other, pass)
            }
            if !joins {
                runs.append(start..<j)
                start = j
            }
        }
        if start < passes.count { runs.append(start..<passes.count) }
        return runs
    }

    /// Whether `a` and `b` may run in either order or at once.
    private func independent(_ a: KernelPass, _ b: KernelPass) -> Bool {
        guard !a.inputs.contains(b.output), !b.inputs.contains(a.output) else { return false }
        guard a.output == b.output else { return true }
        guard a.kernel.interface.readsOutput, b.kernel.interface.readsOutput else { return false }
        let texture = textures[a.output.index]
        let ra = a.dispatchRegion(width: texture.width, height: texture.height)
        let rb = b.dispatchRegion(width: texture.width, height: texture.height)
        let lower = pointwiseMax(ra.origin, rb.origin), upper = pointwiseMin(ra.origin &+ ra.size, rb.origin &+ rb.size)
        return lower.x >= upper.x || lower.y >= upper.y
    }
}
