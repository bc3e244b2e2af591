import WeftRuntime
import WeftViews

/// Scheduling, a pure reorder of the pass list after fusion and bounded passes and before allocation: passes are
/// grouped into *levels* such that no pass reads, or draws in place over, what another pass of its level writes, then
/// listed level by level (lowering order within a level). An executor needs one barrier batch per level instead of one
/// per pass (`RenderPlan.barrierFreeRuns`).
///
/// A pass depends on the passes that write the logical textures it reads (layer, destination, images); a pass drawn in
/// place over its destination (`PlanBuilder.drawInPlace`) also comes after every other reader of that destination,
/// whose texture it overwrites. Each pass is placed as *late* as its readers allow (its level is the critical path's
/// length less its longest path to the end), not as early as its inputs allow: an independent chain (a shape's shadow)
/// then runs just before the pass that consumes it, alongside the neighbouring chains, instead of every chain running at
/// the start and holding its texture until its composite — the same number of levels, less texture memory.
struct PassSchedule {
    /// Indices into the passes given, level by level.
    let order: [Int]
    /// The level of each pass of `order`, ascending.
    let levels: [Int]

    init(_ passes: [KernelPass]) {
        // Textures by index: the plan's logical textures are numbered densely.
        var textures = 0
        for pass in passes {
            textures = max(textures, pass.output.index + 1)
            pass.forEachInput { textures = max(textures, $0.index + 1) }
        }
        var producer = [Int](repeating: -1, count: textures)
        var readers = [[Int]](repeating: [], count: textures)
        for (i, pass) in passes.enumerated() {
            producer[pass.output.index] = i
            pass.forEachInput { input in
                if readers[input.index].last != i { readers[input.index].append(i) }
            }
        }
        // Every edge runs forward in lowering order: inputs are written before they are read, and drawInPlace draws in
        // place only over a destination whose other readers all come before. An input bound twice makes its edge twice,
        // which changes no path's length.
        var successors = [[Int]](repeating: [], count: passes.count)
        for (i, pass) in passes.enumerated() {
            pass.forEachInput { input in
                let p = producer[input.index]
                if p >= 0 { successors[p].append(i) }
            }
            if pass.kernel.interface.readsOutput, let destination = pass.destination {
                for reader in readers[destination.index] where reader != i {
                    precondition(reader < i, "a pass drawn in place over a texture read after it")
                    successors[reader].append(i)
                }
            }
        }
        var toEnd = [Int](repeating: 0, count: passes.count)
        for i in passes.indices.reversed() {
            toEnd[i] = successors[i].reduce(0) { max($0, toEnd[$1] + 1) }
        }
        let last = toEnd.max() ?? 0
        let order = passes.indices.sorted { (last - toEnd[$0], $0) < (last - toEnd[$1], $1) }
        self.order = order
        self.levels = order.map { last - toEnd[$0] }
    }
}
