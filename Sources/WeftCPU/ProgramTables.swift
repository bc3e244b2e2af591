/// The flattened blocks in plain-data form for the scheduler: reading trivial structs through
/// unsafe buffers costs no reference counting in the hot loop.
final class ProgramTables: @unchecked Sendable {
    enum Kind: UInt8 { case branch, conditional, `switch`, exit, unreachable }

    struct BlockInfo {
        var opStart: Int
        var opCount: Int
        var instructionCount: Int
        var kind: Kind
        /// Condition or selector row.
        var row: Int
        /// Edge indices: branch target / true edge / switch default; false edge.
        var first: Int
        var second: Int
        var caseStart: Int
        var caseCount: Int
    }

    struct EdgeInfo {
        var target: Int32
        var copyStart: Int
        var copyCount: Int
        /// First temporary row, or -1 when the copies do not overlap.
        var temporary: Int
    }

    struct SwitchCase {
        var literal: UInt32
        var edge: Int
    }

    /// The ops, boxed; the scheduler calls them through unretained references (the boxes live
    /// as long as the tables) so that a call costs no reference counting.
    let ops: UnsafeMutableBufferPointer<Unmanaged<OpBox>>
    private let boxes: [OpBox]
    let blocks: UnsafeMutableBufferPointer<BlockInfo>
    let edges: UnsafeMutableBufferPointer<EdgeInfo>
    let copies: UnsafeMutableBufferPointer<PhiCopy>
    let cases: UnsafeMutableBufferPointer<SwitchCase>

    init(_ flat: [FlatBlock]) {
        var ops: [Op] = [], blocks: [BlockInfo] = [], edges: [EdgeInfo] = [], copies: [PhiCopy] = [], cases: [SwitchCase] = []
        func add(_ e: Edge) -> Int {
            edges.append(EdgeInfo(target: Int32(e.target), copyStart: copies.count, copyCount: e.copies.count, temporary: e.temporary ?? -1))
            copies += e.copies
            return edges.count - 1
        }
        for b in flat {
            var info = BlockInfo(opStart: ops.count, opCount: b.ops.count, instructionCount: b.instructionCount, kind: .exit,
                                 row: 0, first: 0, second: 0, caseStart: 0, caseCount: 0)
            ops += b.ops
            switch b.terminator {
            case .branch(let e):
                info.kind = .branch
                info.first = add(e)
            case .conditional(let c, let t, let f):
                info.kind = .conditional
                info.row = c
                info.first = add(t)
                info.second = add(f)
            case .switch(let selector, let list, let fallback):
                info.kind = .switch
                info.row = selector
                info.first = add(fallback)
                let resolved = list.map { SwitchCase(literal: $0.0, edge: add($0.1)) }
                info.caseStart = cases.count
                info.caseCount = resolved.count
                cases += resolved
            case .exit:
                info.kind = .exit
            case .unreachable:
                info.kind = .unreachable
            }
            blocks.append(info)
        }
        func own<T>(_ a: [T]) -> UnsafeMutableBufferPointer<T> {
            let p = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, a.count))
            _ = p.initialize(from: a)
            return UnsafeMutableBufferPointer(rebasing: p[0..<a.count])
        }
        boxes = ops.map(OpBox.init)
        self.ops = own(boxes.map { Unmanaged.passUnretained($0) })
        self.blocks = own(blocks)
        self.edges = own(edges)
        self.copies = own(copies)
        self.cases = own(cases)
    }

    deinit {
        ops.deinitialize()
        for p in [UnsafeMutableRawPointer(ops.baseAddress), UnsafeMutableRawPointer(blocks.baseAddress), UnsafeMutableRawPointer(edges.baseAddress),
                  UnsafeMutableRawPointer(copies.baseAddress), UnsafeMutableRawPointer(cases.baseAddress)] {
            p?.deallocate()
        }
    }
}

final class OpBox: @unchecked Sendable {
    let run: Op
    init(_ run: @escaping Op) { self.run = run }
}
