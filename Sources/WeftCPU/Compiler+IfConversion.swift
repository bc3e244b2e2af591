import SPIRV

/// If-conversion: a selection whose arms are short, side-effect-free straight lines runs both
/// arms under the header's lanes and picks each merge phi with a select, so the scheduler sees
/// one block instead of four. Divergent selections (a per-pixel condition) then cost a few masked
/// ops instead of several scheduling steps; uniform ones pay for the untaken arm's few ops.
extension Compiler {
    /// Ops an arm may hold and still be speculated.
    static let speculationLimit = 32

    /// Whether `i` may run for lanes that would not have reached it: it writes only its own
    /// result rows and never faults.
    static func isSpeculatable(_ i: Instruction) -> Bool {
        switch i.opcode {
        case .store, .copyMemory, .imageWrite, .variable:
            return false
        case .extInst:
            // Modf and Frexp with an out pointer store through it.
            return !(i.operands.count > 1 && [35, 51].contains(i.operands[1]))
        default:
            return true
        }
    }

    /// Converts every selection that qualifies, inner ones first (a converted inner selection
    /// becomes a straight line that its outer selection can absorb).
    mutating func convertSelections(entry: Int) {
        var progress = true
        while progress {
            progress = false
            let predecessors = predecessorCounts()
            for h in blocks.indices where convertSelection(at: h, predecessors) {
                progress = true
                mergeStraightLines(entry: entry)
                break
            }
        }
    }

    /// An arm of the selection at `header`: the straight-line block `edge` enters, ending in a
    /// branch to its merge; or nothing when the edge goes to the merge itself.
    private func arm(_ edge: Edge, predecessors: [Int]) -> (block: Int, exit: Edge)? {
        guard let b = blocks[edge.target], b.speculatable, predecessors[edge.target] == 1,
              b.ops.count <= Self.speculationLimit, case .branch(let exit) = b.terminator else { return nil }
        return (edge.target, exit)
    }

    private mutating func convertSelection(at h: Int, _ predecessors: [Int]) -> Bool {
        guard let header = blocks[h], case .conditional(let condition, let whenTrue, let whenFalse) = header.terminator,
              whenTrue.target != whenFalse.target, whenTrue.temporary == nil, whenFalse.temporary == nil else { return false }
        let trueArm = arm(whenTrue, predecessors: predecessors), falseArm = arm(whenFalse, predecessors: predecessors)
        // The merge and the edges into it from the true and the false side.
        let merge: Int, intoTrue: Edge, intoFalse: Edge
        switch (trueArm, falseArm) {
        case let (t?, f?) where t.exit.target == f.exit.target:
            (merge, intoTrue, intoFalse) = (t.exit.target, t.exit, f.exit)
        case let (t?, _) where t.exit.target == whenFalse.target:
            (merge, intoTrue, intoFalse) = (whenFalse.target, t.exit, whenFalse)
        case let (_, f?) where f.exit.target == whenTrue.target:
            (merge, intoTrue, intoFalse) = (whenTrue.target, whenTrue, f.exit)
        default:
            return false
        }
        let armBlocks = [trueArm?.block, falseArm?.block].compactMap { $0 }
        guard merge != h, !armBlocks.contains(merge), predecessors[merge] == 2,
              intoTrue.temporary == nil, intoFalse.temporary == nil,
              intoTrue.copies.map(\.destination) == intoFalse.copies.map(\.destination) else { return false }

        var ops = header.ops
        var instructions = header.instructionCount
        for (edge, arm) in [(whenTrue, trueArm), (whenFalse, falseArm)] {
            guard let arm, let b = blocks[arm.block] else { continue }
            if !edge.copies.isEmpty {
                let copies = edge.copies
                ops.append { s in s.copyPhis(copies, temporary: nil, lanes: nil) }
            }
            ops += b.ops
            instructions += b.instructionCount
        }
        if !intoTrue.copies.isEmpty {
            let picks = zip(intoTrue.copies, intoFalse.copies).map { (destination: $0.destination, whenTrue: $0.source, whenFalse: $1.source, rows: $0.rows) }
            ops.append { s in
                for p in picks { s.select(p.destination, condition: condition, p.whenTrue, p.whenFalse, rows: p.rows) }
            }
        }
        blocks[h] = FlatBlock(ops: ops, terminator: .branch(Edge(target: merge, copies: [], temporary: nil)),
                              instructionCount: instructions, function: header.function, block: header.block,
                              speculatable: header.speculatable && armBlocks.allSatisfy { blocks[$0]?.speculatable ?? false })
        for a in armBlocks {
            blocks[a] = nil
            mergedInto[a] = h
        }
        successors[h] = successors[h].filter { !armBlocks.contains($0) }
        if !successors[h].contains(merge) { successors[h].append(merge) }
        return true
    }
}
