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
        _ = try dispatch(groups: groups, resources: resources, threads: threads, instructionBudget: instructionBudget, checks: .none)
        var out: [UInt32: [UInt8]] = [:]
        for (slot, source) in bufferSlots.enumerated() {
            if case .storage(let b) = source { out[b] = Array(resources.buffers[slot]) }
        }
        return out
    }

    func dispatch(groups: (x: Int, y: Int, z: Int), resources: BoundResources, threads: Int, instructionBudget: Int,
                  checks: CheckConfiguration) throws(CPUError) -> CheckTally {
        precondition(groups.x >= 0 && groups.y >= 0 && groups.z >= 0 && threads >= 1 && instructionBudget >= 1)
        let gridWidth = groups.x * localSize.x, gridHeight = groups.y * localSize.y, depth = groups.z * localSize.z
        let columns = (gridWidth + Lanes.width - 1) / Lanes.width
        let bandRows = (gridHeight + Lanes.height - 1) / Lanes.height
        let bands = bandRows * depth
        let batches = columns * bands
        guard batches > 0 else { return CheckTally() }
        // Chunks of consecutive batches (neighbouring pixels, warm caches), at most a band of columns each and enough
        // of them that every worker takes several; each worker takes the next chunk nobody has taken.
        let chunks = RowPartition(0..<batches, parts: max(bands, threads * Self.chunksPerWorker), minimumRows: 1)
        let workers = min(threads, chunks.count)
        let grid = Grid(width: gridWidth, height: gridHeight, groups: groups, localSize: localSize)
        let outcomes = Outcomes(count: workers)
        let next = ChunkCounter()
        let work: @Sendable (Int) -> Void = { worker in
            let state = self.lanePool.take(self, resources: resources, checks: checks)
            defer { self.lanePool.giveBack(state) }
            var c = next.take()
            while c < chunks.count {
                for b in chunks[c] {
                    let band = b / columns, x = b % columns
                    let z = band / bandRows, y = band % bandRows
                    if let e = self.runBatch(state, x: x * Lanes.width, y: y * Lanes.height, z: z, grid: grid, budget: instructionBudget) {
                        outcomes[worker] = Outcome(tally: state.tally, error: e)
                        return
                    }
                }
                c = next.take()
            }
            outcomes[worker] = Outcome(tally: state.tally, error: nil)
        }
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        var tally = CheckTally()
        for o in outcomes.all {
            if let e = o.error { throw e }
            tally.merge(o.tally)
        }
        return tally
    }

    public static var defaultThreadCount: Int { max(1, System.coreCount) }

    /// Chunks a dispatch is cut into per worker at least: small enough pieces that workers finishing early find more.
    static let chunksPerWorker = 8

    /// Hands out chunk numbers in order, each once, to whichever worker asks.
    final class ChunkCounter: Sendable {
        private let taken = Atomic(0)
        func take() -> Int { taken.add(1, ordering: .relaxed).oldValue }
    }

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

    /// One slot per worker; each worker writes only its own.
    final class Outcomes: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Outcome>
        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: Outcome())
        }
        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
        subscript(i: Int) -> Outcome {
            get { slots[i] }
            set { slots[i] = newValue }
        }
        var all: [Outcome] { Array(slots) }
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
