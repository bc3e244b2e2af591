import CLaneMath
/// The execution state of one thread: a register file of `rowCount` rows of `Lanes.count`
/// 32-bit values (structure of arrays: row r, lane l at `regs[r * Lanes.count + l]`), the active
/// mask, per-lane block counters, and the tallies of the checks. The program is immutable and
/// shared; each thread owns one `LaneState` while it runs a dispatch, then gives it back to the program's pool
/// (`LaneStatePool`) for the next dispatch, bound to that one's resources (`bind`).
final class LaneState {
    let regs: UnsafeMutablePointer<UInt32>
    /// All ones for lanes that run the current block, 0 otherwise (masked writes blend with it
    /// bitwise, which the compiler vectorises where a per-lane branch would not be).
    let mask: UnsafeMutablePointer<UInt32>
    /// Per lane: the block it waits at (`Int32.max` when finished).
    let pc: UnsafeMutablePointer<Int32>
    /// Scratch lane masks for terminators.
    let edgeMask: UnsafeMutablePointer<UInt32>
    /// Position of each lane inside the batch (`Lanes.position`), for vectorised loops.
    let laneX: UnsafeMutablePointer<UInt32>
    let laneY: UnsafeMutablePointer<UInt32>
    /// The dispatch's resources, kept alive while it runs; nil in the pool.
    private var resources: BoundResources?
    /// `resources.samplers`.
    private(set) var samplers: [SamplerState]
    /// `resources.textures` by slot, as plain views.
    let textures: UnsafeMutablePointer<TextureView>
    /// `resources.buffers` by slot.
    let buffers: UnsafeMutablePointer<UnsafeRawBufferPointer>
    private(set) var checks: CheckConfiguration
    let rowCount: Int
    /// The register file's size.
    var registerBytes: Int { (rowCount + Self.slackRows) * Lanes.count * MemoryLayout<UInt32>.stride }
    private let textureCapacity: Int
    private let bufferCapacity: Int
    static let slackRows = 32

    /// Mutable scalars live behind a pointer: stored `var`s of a class would pay for dynamic
    /// exclusivity checks on every access from the ops.
    struct Control {
        var allActive = true
        var originX = 0
        var originY = 0
        var originZ = 0
        var tally = CheckTally()
        var runtimeError: CPUError?
    }
    let control: UnsafeMutablePointer<Control>
    /// Set only while tracing one invocation (`KernelProgram.trace`); the trace ops report to it.
    var tracer: PixelTracer?

    /// Every lane of the batch runs the current block.
    var allActive: Bool {
        @inline(__always) get { control.pointee.allActive }
        @inline(__always) set { control.pointee.allActive = newValue }
    }
    /// Global invocation id of lane position (0, 0) of the current batch.
    var originX: Int { @inline(__always) get { control.pointee.originX } }
    var originY: Int { @inline(__always) get { control.pointee.originY } }
    var originZ: Int { @inline(__always) get { control.pointee.originZ } }
    /// What the checks found so far on this thread.
    var tally: CheckTally {
        get { control.pointee.tally }
        set { control.pointee.tally = newValue }
    }
    /// First run-time error met by an op (ops cannot throw; the scheduler checks this).
    var runtimeError: CPUError? { control.pointee.runtimeError }

    func setOrigin(_ x: Int, _ y: Int, _ z: Int) {
        control.pointee.originX = x
        control.pointee.originY = y
        control.pointee.originZ = z
    }

    init(program: KernelProgram, resources: BoundResources, checks: CheckConfiguration) {
        rowCount = program.rowCount
        // Slack rows after the last value: an operand whose type disagrees with what an
        // instruction assumes (which the decoder does not check for every opcode) reads or
        // writes them instead of memory outside the register file.
        let capacity = (program.rowCount + Self.slackRows) * Lanes.count
        regs = .allocate(capacity: capacity)
        regs.initialize(repeating: 0, count: capacity)
        mask = .allocate(capacity: Lanes.count)
        mask.initialize(repeating: .max, count: Lanes.count)
        edgeMask = .allocate(capacity: Lanes.count * 2)
        edgeMask.initialize(repeating: 0, count: Lanes.count * 2)
        pc = .allocate(capacity: Lanes.count)
        pc.initialize(repeating: 0, count: Lanes.count)
        laneX = .allocate(capacity: Lanes.count)
        laneY = .allocate(capacity: Lanes.count)
        for l in 0..<Lanes.count {
            let p = Lanes.position(l)
            laneX[l] = UInt32(p.x)
            laneY[l] = UInt32(p.y)
        }
        samplers = []
        textureCapacity = max(1, program.imageSlots.count)
        textures = .allocate(capacity: textureCapacity)
        bufferCapacity = max(1, program.bufferSlots.count)
        buffers = .allocate(capacity: bufferCapacity)
        self.checks = checks
        control = .allocate(capacity: 1)
        control.initialize(to: Control())
        for c in program.constantRows {
            let p = regs + c.row * Lanes.count
            for l in 0..<Lanes.count { p[l] = c.bits }
        }
        bind(program, resources: resources, checks: checks)
    }

    /// Readies the state for a dispatch of `program` over `resources`: the views of its textures and buffers, fresh
    /// tallies, and the dispatch-invariant rows. A state from the pool keeps in its other rows what its last batch left
    /// there: every batch writes a row before it reads it (as consecutive batches of one dispatch on one thread do).
    func bind(_ program: KernelProgram, resources: BoundResources, checks: CheckConfiguration) {
        precondition(program.rowCount == rowCount && resources.textures.count <= textureCapacity
                     && resources.buffers.count <= bufferCapacity, "a lane state is bound only to dispatches of its own program")
        self.resources = resources
        samplers = resources.samplers
        for (k, t) in resources.textures.enumerated() { (textures + k).initialize(to: t.view) }
        for (k, b) in resources.buffers.enumerated() { (buffers + k).initialize(to: b) }
        self.checks = checks
        control.pointee = Control()
        for op in program.invariantOps { op(self) }
    }

    /// Lets go of the dispatch's resources (its textures and buffers) when the state goes back to the pool.
    func unbind() {
        resources = nil
    }

    deinit {
        regs.deallocate()
        mask.deallocate()
        edgeMask.deallocate()
        pc.deallocate()
        laneX.deallocate()
        laneY.deallocate()
        textures.deallocate()
        buffers.deallocate()
        control.deinitialize(count: 1)
        control.deallocate()
    }

    @inline(__always) func row(_ r: Int) -> UnsafeMutablePointer<UInt32> { regs + r * Lanes.count }

    /// Global invocation id (x, y) of lane `l`.
    @inline(__always) func pixel(_ l: Int) -> (x: Int, y: Int) {
        let p = Lanes.position(l)
        return (originX + p.x, originY + p.y)
    }

    // MARK: Elementwise helpers. `sa`/`sb`/`sc` are 1 when the operand has one row per result
    // row, 0 when one row is broadcast to every result row (scalar operands of vector ops).

    @inline(__always)
    func copy(_ d: Int, _ s: Int, rows n: Int) {
        let all = allActive
        for r in 0..<n {
            if all {
                LaneLoops.copy(row(d + r), row(s + r))
            } else {
                LaneLoops.copy(row(d + r), row(s + r), mask)
            }
        }
    }

    /// Copies rows for the lanes set in `lanes` (a terminator's edge mask, not the active mask).
    @inline(__always)
    func copy(_ d: Int, _ s: Int, rows n: Int, lanes: UnsafeMutablePointer<UInt32>) {
        for r in 0..<n { LaneLoops.copy(row(d + r), row(s + r), lanes) }
    }

    /// The phi copies of an edge, in parallel: through `temporary` rows when sources overlap
    /// destinations. For the lanes in `lanes`, or the active lanes when nil.
    @inline(__always)
    func copyPhis(_ copies: some Collection<PhiCopy>, temporary: Int?, lanes: UnsafeMutablePointer<UInt32>?) {
        @inline(__always) func copy(_ d: Int, _ s: Int, _ n: Int) {
            if let lanes { self.copy(d, s, rows: n, lanes: lanes) } else { self.copy(d, s, rows: n) }
        }
        guard let temporary else {
            for c in copies { copy(c.destination, c.source, c.rows) }
            return
        }
        var t = temporary
        for c in copies { copy(t, c.source, c.rows); t += c.rows }
        t = temporary
        for c in copies { copy(c.destination, t, c.rows); t += c.rows }
    }

    /// `d = condition ? t : f` per active lane, for `rows` rows (the condition is one row).
    func select(_ d: Int, condition c: Int, _ t: Int, _ f: Int, rows n: Int) {
        for r in 0..<n {
            LaneLoops.select(row(d + r), row(c), row(t + r), row(f + r), allActive ? nil : mask)
        }
    }

    /// Applies a row kernel (CLaneMath) to `rows` rows, writing only active lanes.
    @inline(__always)
    func apply(_ d: Int, _ a: Int, rows n: Int,
               _ kernel: (UnsafeMutablePointer<Float>, UnsafePointer<Float>, UnsafePointer<UInt32>?, Int32) -> Void) {
        let lanes: UnsafePointer<UInt32>? = allActive ? nil : UnsafePointer(mask)
        for r in 0..<n {
            let pd = UnsafeMutableRawPointer(row(d + r)).assumingMemoryBound(to: Float.self)
            let pa = UnsafeRawPointer(row(a + r)).assumingMemoryBound(to: Float.self)
            kernel(pd, pa, lanes, Int32(Lanes.count))
        }
    }

    @inline(__always)
    func map1(_ d: Int, _ a: Int, rows n: Int, _ f: (UInt32) -> UInt32) {
        let all = allActive
        for r in 0..<n {
            let pd = row(d + r), pa = row(a + r)
            if all {
                for l in 0..<Lanes.count { pd[l] = f(pa[l]) }
            } else {
                for l in 0..<Lanes.count {
                    let v = f(pa[l])
                    pd[l] = blend(v, pd[l], mask[l])
                }
            }
        }
    }

    /// `map1` through a fast lane function that may give up on some lanes (`exact` false); rows
    /// where any active lane gave up are redone with `slow`.
    @inline(__always)
    func map1(_ d: Int, _ a: Int, rows n: Int, fast: (UInt32) -> (value: UInt32, exact: Bool), slow: (UInt32) -> UInt32) {
        let all = allActive
        for r in 0..<n {
            let pd = row(d + r), pa = row(a + r)
            var inexact: UInt32 = 0
            if all {
                for l in 0..<Lanes.count {
                    let (v, exact) = fast(pa[l])
                    pd[l] = v
                    inexact |= laneMask(!exact)
                }
            } else {
                for l in 0..<Lanes.count {
                    let (v, exact) = fast(pa[l])
                    let m = mask[l]
                    pd[l] = blend(v, pd[l], m)
                    inexact |= m & laneMask(!exact)
                }
            }
            if inexact != 0 {
                for l in 0..<Lanes.count where all || mask[l] != 0 { pd[l] = slow(pa[l]) }
            }
        }
    }

    @inline(__always)
    func map2(_ d: Int, _ a: Int, _ sa: Int, _ b: Int, _ sb: Int, rows n: Int, _ f: (UInt32, UInt32) -> UInt32) {
        let all = allActive
        for r in 0..<n {
            let pd = row(d + r), pa = row(a + r * sa), pb = row(b + r * sb)
            if all {
                for l in 0..<Lanes.count { pd[l] = f(pa[l], pb[l]) }
            } else {
                for l in 0..<Lanes.count {
                    let v = f(pa[l], pb[l])
                    pd[l] = blend(v, pd[l], mask[l])
                }
            }
        }
    }

    @inline(__always)
    func map3(_ d: Int, _ a: Int, _ sa: Int, _ b: Int, _ sb: Int, _ c: Int, _ sc: Int, rows n: Int,
              _ f: (UInt32, UInt32, UInt32) -> UInt32) {
        let all = allActive
        for r in 0..<n {
            let pd = row(d + r), pa = row(a + r * sa), pb = row(b + r * sb), pc = row(c + r * sc)
            if all {
                for l in 0..<Lanes.count { pd[l] = f(pa[l], pb[l], pc[l]) }
            } else {
                for l in 0..<Lanes.count {
                    let v = f(pa[l], pb[l], pc[l])
                    pd[l] = blend(v, pd[l], mask[l])
                }
            }
        }
    }

    /// Runs `body` for each active lane.
    @inline(__always)
    func forActive(_ body: (Int) -> Void) {
        LaneLoops.forEach(allActive ? nil : mask, body)
    }

    func fail(_ error: CPUError) {
        if control.pointee.runtimeError == nil { control.pointee.runtimeError = error }
    }
}

/// `new` where `mask` is all ones, `old` where it is zero.
@inline(__always) func blend(_ new: UInt32, _ old: UInt32, _ mask: UInt32) -> UInt32 { (new & mask) | (old & ~mask) }

@inline(__always) func blend(_ new: Int32, _ old: Int32, _ mask: UInt32) -> Int32 {
    Int32(bitPattern: blend(UInt32(bitPattern: new), UInt32(bitPattern: old), mask))
}

/// All ones for true, zero for false.
@inline(__always) func laneMask(_ b: Bool) -> UInt32 { 0 &- (b ? 1 : 0) }
