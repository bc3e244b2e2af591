import Dispatch
import SPIRV
import Synchronization
import WeftImage

extension KernelProgram {
    /// Default per-batch instruction budget: far beyond any effect kernel, small enough that a
    /// runaway loop is reported within a second or two.
    public static let defaultInstructionBudget = 20_000_000

    /// Runs `groups` workgroups of the kernel. `threads` worker threads share the batches
    /// (1 runs everything on the calling thread). Textures are written in place; the returned
    /// dictionary holds the contents of every storage buffer after the dispatch.
    @discardableResult
    public func dispatch(groups: (x: Int, y: Int, z: Int), bindings: CPUBindings, threads: Int = defaultThreadCount,
                         instructionBudget: Int = defaultInstructionBudget) throws(CPUError) -> [UInt32: [UInt8]] {
        let resources = try BoundResources(program: self, bindings: bindings)
        let work = KernelDispatch(program: self, groups: groups, resources: resources, checks: .none)
        _ = try Self.dispatch([work], threads: threads, instructionBudget: instructionBudget)[0].get()
        var out: [UInt32: [UInt8]] = [:]
        for (slot, source) in bufferSlots.enumerated() {
            if case .storage(let b) = source { out[b] = Array(resources.buffers[slot]) }
        }
        return out
    }

    /// Runs `dispatches` side by side, as one list of work: their batches listed dispatch by dispatch and cut into takes
    /// (`BatchTakes`: one batch of a large kernel, several neighbouring batches of a small one), each of `threads`
    /// workers taking the next take nobody has taken. The caller
    /// guarantees that no dispatch reads or writes what another writes. Each dispatch's outcome: what its checks found,
    /// or an error one of its batches met. A worker stops at an error, after the batches it took before, so a failing
    /// dispatch always fails when no earlier one does.
    static func dispatch(_ dispatches: [KernelDispatch], threads: Int, instructionBudget: Int) -> [Result<CheckTally, CPUError>] {
        precondition(threads >= 1 && instructionBudget >= 1)
        let takes = BatchTakes(batches: dispatches.map(\.batches), rows: dispatches.map(\.program.rowCount), threads: threads)
        let workers = min(threads, takes.count)
        let outcomes = Outcomes(workers: workers, dispatches: dispatches.count)
        guard workers > 0 else { return outcomes.merged() }
        let next = PartCounter()
        let work: @Sendable (Int) -> Void = { worker in
            // One lane state at a time: rebound when the worker's next batch belongs to another dispatch of the same
            // program, exchanged at the pools for another program's.
            var current = -1
            var held: (state: LaneState, program: KernelProgram)?
            func keepTally() {
                if let held, current >= 0 { outcomes[worker, current].tally.merge(held.state.tally) }
            }
            defer {
                keepTally()
                if let held { held.program.lanePool.giveBack(held.state) }
            }
            var t = next.take()
            var d = 0
            while t < takes.count {
                let (taken, batches) = takes.take(t, from: d)
                d = taken
                let dispatch = dispatches[d]
                if d != current {
                    keepTally()
                    if let held, held.program === dispatch.program {
                        held.state.unbind()
                        held.state.bind(dispatch.program, resources: dispatch.resources, checks: dispatch.checks)
                    } else {
                        if let held { held.program.lanePool.giveBack(held.state) }
                        let program = dispatch.program
                        held = (program.lanePool.take(program, resources: dispatch.resources, checks: dispatch.checks), program)
                    }
                    current = d
                }
                for b in batches {
                    if let e = dispatch.runBatch(b, held!.state, budget: instructionBudget) {
                        outcomes[worker, d].error = e
                        return
                    }
                }
                t = next.take()
            }
        }
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        return outcomes.merged()
    }

    public static var defaultThreadCount: Int { max(1, System.coreCount) }

    struct Grid {
        var width: Int
        var height: Int
        var groups: (x: Int, y: Int, z: Int)
        var localSize: (x: Int, y: Int, z: Int)
    }

    struct Outcome {
        var tally = CheckTally()
        var error: CPUError?
    }

    /// One slot per worker and dispatch; each worker writes only its own.
    final class Outcomes: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Outcome>
        private let dispatches: Int
        init(workers: Int, dispatches: Int) {
            self.dispatches = dispatches
            slots = .allocate(capacity: max(1, workers * dispatches))
            slots.initialize(repeating: Outcome())
        }
        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
        subscript(worker: Int, dispatch: Int) -> Outcome {
            get { slots[worker * dispatches + dispatch] }
            set { slots[worker * dispatches + dispatch] = newValue }
        }
        /// Each dispatch's tallies merged over the workers, or the error a worker met in it.
        func merged() -> [Result<CheckTally, CPUError>] {
            (0..<dispatches).map { d in
                var tally = CheckTally()
                for slot in stride(from: d, to: slots.count, by: dispatches) {
                    if let e = slots[slot].error { return .failure(e) }
                    tally.merge(slots[slot].tally)
                }
                return .success(tally)
            }
        }
    }

    /// Runs one batch to completion: every lane starts at the entry block; each step runs the
    /// lowest-numbered block any lane waits at, with exactly those lanes active. While every live
    /// lane is at the same block (the common case: uniform branches) the per-lane block counters
    /// are not touched; they are filled in when a branch first splits the lanes.
    func runBatch(_ s: LaneState, x: Int, y: Int, z: Int, grid: Grid, budget: Int) -> CPUError? {
        s.setOrigin(x, y, z)
        let L = Lanes.count
        let pc = s.pc, mask = s.mask
        var live = 0
        if x + Lanes.width <= grid.width && y + Lanes.height <= grid.height {
            for l in 0..<L { mask[l] = .max }
            live = L
        } else {
            live = LaneLoops.inside(mask, s.laneX, s.laneY, width: UInt32(grid.width - x), height: UInt32(max(0, grid.height - y)))
            if live == 0 { return nil }
        }
        s.allActive = live == L
        fillBuiltins(s, grid: grid)
        for op in prologue { op(s) }
        let t = tables
        let ops = t.ops, blocks = t.blocks, cases = t.cases
        var remaining = budget
        var uniform = true
        var current: Int32 = 0
        while true {
            if !uniform {
                let (lowest, active, running) = LaneLoops.lowest(pc, mask)
                if lowest == .max { return nil }
                s.allActive = active == L
                current = lowest
                uniform = active == running
            }
            let block = blocks[Int(current)]
            for k in block.opStart..<(block.opStart + block.opCount) { ops[k]._withUnsafeGuaranteedRef { $0.run(s) } }
            if let e = s.runtimeError { return e }
            remaining -= block.instructionCount
            if remaining < 0 {
                let b = self.blocks[Int(current)]
                return .instructionBudgetExceeded(budget: budget, function: b.function, block: b.block)
            }
            switch block.kind {
            case .branch:
                if uniform {
                    current = follow(block.first, s)
                } else {
                    take(block.first, s, mask)
                }
            case .conditional:
                let cond = s.row(block.row)
                if uniform {
                    let (anyTrue, anyFalse) = LaneLoops.outcomes(mask, cond)
                    if !anyFalse { current = follow(block.first, s); continue }
                    if !anyTrue { current = follow(block.second, s); continue }
                    diverge(s, at: current)
                    uniform = false
                }
                let yes = s.edgeMask, no = s.edgeMask + L
                let (anyTrue, anyFalse) = LaneLoops.split(mask, cond, yes: yes, no: no)
                if anyTrue { take(block.first, s, yes) }
                if anyFalse { take(block.second, s, no) }
            case .switch:
                let sel = s.row(block.row)
                let switchCases = cases[block.caseStart..<(block.caseStart + block.caseCount)]
                if uniform {
                    var first = 0
                    while mask[first] == 0 { first += 1 }
                    let value = sel[first]
                    if LaneLoops.allEqual(mask, sel, value) {
                        current = follow(switchCases.first(where: { $0.literal == value })?.edge ?? block.first, s)
                        continue
                    }
                    diverge(s, at: current)
                    uniform = false
                }
                let chosen = s.edgeMask, taken = s.edgeMask + L
                LaneLoops.copy(chosen, mask)
                for c in switchCases where LaneLoops.take(chosen, sel, c.literal, hit: taken) {
                    take(c.edge, s, taken)
                }
                take(block.first, s, chosen)
            case .exit:
                if uniform { return nil }
                LaneLoops.move(pc, mask, to: .max)
            case .unreachable:
                let b = self.blocks[Int(current)]
                return .reachedUnreachable(function: b.function, block: b.block)
            }
        }
    }

    /// Leaves uniform execution: every live lane (the mask) waits at `block`, the others are done.
    @inline(__always)
    func diverge(_ s: LaneState, at block: Int32) {
        LaneLoops.start(s.pc, s.mask, at: block)
    }

    /// Moves every active lane along edge `index` while execution is uniform: phi copies under
    /// the current mask, and the new block.
    @inline(__always)
    func follow(_ index: Int, _ s: LaneState) -> Int32 {
        copyPhis(of: tables.edges[index], s, lanes: nil)
        return tables.edges[index].target
    }

    /// Moves the lanes in `lanes` along edge `index`: phi copies, then the new block.
    @inline(__always)
    func take(_ index: Int, _ s: LaneState, _ lanes: UnsafeMutablePointer<UInt32>) {
        copyPhis(of: tables.edges[index], s, lanes: lanes)
        LaneLoops.move(s.pc, lanes, to: tables.edges[index].target)
    }

    @inline(__always)
    func copyPhis(of edge: ProgramTables.EdgeInfo, _ s: LaneState, lanes: UnsafeMutablePointer<UInt32>?) {
        guard edge.copyCount > 0 else { return }
        s.copyPhis(tables.copies[edge.copyStart..<(edge.copyStart + edge.copyCount)],
                   temporary: edge.temporary >= 0 ? edge.temporary : nil, lanes: lanes)
    }

    func fillBuiltins(_ s: LaneState, grid: Grid) {
        let (lx, ly, lz) = grid.localSize
        let z = s.originZ
        let ox = UInt32(truncatingIfNeeded: s.originX), oy = UInt32(truncatingIfNeeded: s.originY)
        let laneX = s.laneX, laneY = s.laneY
        for (builtIn, base) in builtinRows {
            let r0 = s.row(base), r1 = s.row(base + 1), r2 = s.row(base + 2)
            if builtIn == .globalInvocationId {
                let zz = UInt32(truncatingIfNeeded: z)
                for l in 0..<Lanes.count {
                    r0[l] = ox &+ laneX[l]
                    r1[l] = oy &+ laneY[l]
                    r2[l] = zz
                }
                continue
            }
            for l in 0..<Lanes.count {
                let p = s.pixel(l)
                let g = (p.x, p.y, z)
                let v: (Int, Int, Int)
                switch builtIn {
                case .localInvocationId: v = (g.0 % lx, g.1 % ly, g.2 % lz)
                case .workgroupId: v = (g.0 / lx, g.1 / ly, g.2 / lz)
                case .numWorkgroups: v = grid.groups
                case .workgroupSize: v = grid.localSize
                default: v = ((g.2 % lz) * lx * ly + (g.1 % ly) * lx + g.0 % lx, 0, 0)
                }
                r0[l] = UInt32(truncatingIfNeeded: v.0)
                if builtIn != .localInvocationIndex {
                    r1[l] = UInt32(truncatingIfNeeded: v.1)
                    r2[l] = UInt32(truncatingIfNeeded: v.2)
                }
            }
        }
    }
}

enum System {
    static var coreCount: Int {
        #if canImport(Glibc)
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        ProcessInfo.processInfo.activeProcessorCount
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
