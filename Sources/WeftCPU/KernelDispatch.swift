/// One dispatch of a program on the evaluator: `groups` workgroups over a grid of invocations, with its resources and
/// checks, cut into batches of `Lanes.width × Lanes.height` invocations numbered along each band of `Lanes.height` rows
/// (depth slices one after another). `KernelProgram.dispatch` runs the batches of one or several of them side by side.
struct KernelDispatch: Sendable {
    let program: KernelProgram
    let resources: BoundResources
    let checks: CheckConfiguration
    let grid: KernelProgram.Grid
    /// Batches across a band, and bands of one depth slice.
    private let columns: Int
    private let bandRows: Int
    let batches: Int

    init(program: KernelProgram, groups: (x: Int, y: Int, z: Int), resources: BoundResources, checks: CheckConfiguration) {
        precondition(groups.x >= 0 && groups.y >= 0 && groups.z >= 0)
        let local = program.localSize
        let width = groups.x * local.x, height = groups.y * local.y, depth = groups.z * local.z
        self.program = program
        self.resources = resources
        self.checks = checks
        grid = KernelProgram.Grid(width: width, height: height, groups: groups, localSize: local)
        columns = (width + Lanes.width - 1) / Lanes.width
        bandRows = (height + Lanes.height - 1) / Lanes.height
        batches = columns * bandRows * depth
    }

    /// Runs batch `index` on `state` (bound to this dispatch); the error it met, if any.
    func runBatch(_ index: Int, _ state: LaneState, budget: Int) -> CPUError? {
        let band = index / columns, x = index % columns
        let z = band / bandRows, y = band % bandRows
        return program.runBatch(state, x: x * Lanes.width, y: y * Lanes.height, z: z, grid: grid, budget: budget)
    }
}
