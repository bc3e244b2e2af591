import SPIRV
import WeftRuntime

/// Translates one entry point of a decoded module into a `KernelProgram`: allocates register rows
/// for every value, inlines every function call, resolves phis into edge copies, and orders the
/// flattened blocks so that the scheduler's "lowest block first" rule reconverges lanes at merges.
struct Compiler {
    let module: Module
    let entry: EntryPoint
    let localSize: (Int, Int, Int)
    var rowCount = 0
    var constantRows: [ConstantRow] = []
    var globals: [ValueID: Value] = [:]
    var blocks: [FlatBlock?] = []
    /// Structured successors of each segment (merge and continue targets first).
    var successors: [[Int]] = []
    var callStack: [FunctionID] = []
    var bufferSlots: [BufferSource] = []
    /// Slots of storage buffers the kernel cannot write (every member `NonWritable`, as GLSL's `readonly` gives):
    /// their loads are dispatch-invariant like a uniform block's.
    var readOnlySlots: Set<Int> = []
    var imageSlots: [UInt32] = []
    var samplerSlots: [UInt32] = []
    var writtenImages: Set<UInt32> = []
    var builtinRows: [(BuiltIn, Int)] = []
    var prologue: [Op] = []
    var usesDerivatives = false
    /// Store-to-load forwarding inside one segment: variable rows [start, start + rows) hold the
    /// same values as SSA rows `source` (for the lanes that ran the segment so far).
    var forwarded: [Int: (source: Int, rows: Int)] = [:]
    /// For segments merged into their predecessor: that predecessor (structured successors
    /// that named the merged segment now name the joined one).
    var mergedInto: [Int] = []
    /// Ops whose results are the same for the whole dispatch, and the rows they fill.
    var invariantOps: [Op] = []
    var invariantRows: Set<Int> = []
    /// Translating for `KernelProgram.trace`: record points after instructions, no speculation or hoisting.
    var tracing = false
    var tracePoints: [TracePoint] = []
    /// Names of pointers for store records: variables' names, with the components an access chain selects.
    var pointerNames: [ValueID: String] = [:]

    /// Per inlined call: the callee, its values, and where its returns go.
    struct Frame {
        var function: Function
        var name: String
        var values: [ValueID: Value] = [:]
        var labels: [LabelID: Int] = [:]
        var phis: [LabelID: [(rows: Int, size: Int, incoming: [(ValueID, LabelID)])]] = [:]
        var returnRows: Int?
        var continuation: Int?
    }

    /// The segment being filled.
    struct Segment {
        var index: Int
        var ops: [Op] = []
        var instructionCount = 0
        var label: String
        /// No instruction of the segment has an effect beyond its result rows.
        var speculatable = true
        /// Original SPIR-V block, whose phis-by-parent this segment's terminator resolves.
        var originalLabel: LabelID
    }

    init(module: Module, entryPoint: String) throws(CPUError) {
        self.module = module
        guard let entry = module.entryPoints.first(where: { $0.name == entryPoint && $0.model == .glCompute }) else {
            throw .missingEntryPoint(entryPoint)
        }
        self.entry = entry
        if let size = entry.modes[.localSize], size.count == 3 {
            localSize = (Int(size[0]), Int(size[1]), Int(size[2]))
        } else if let ids = entry.modes[.localSizeId], ids.count == 3 {
            var v: [Int] = []
            for id in ids {
                guard case .scalar(let b)? = module.constants[ValueID(id)]?.value else {
                    throw .invalidKernel(offset: 0, message: "LocalSizeId operand %\(id) is not a scalar constant")
                }
                v.append(Int(b))
            }
            localSize = (v[0], v[1], v[2])
        } else {
            throw .invalidKernel(offset: 0, message: "entry point \"\(entryPoint)\" has no LocalSize execution mode")
        }
        guard localSize.0 >= 1, localSize.1 >= 1, localSize.2 >= 1 else {
            throw .invalidKernel(offset: 0, message: "LocalSize \(localSize) must be positive")
        }
        // Vulkan devices allow at most 1024 invocations per workgroup (the H200 and lavapipe both).
        guard localSize.0 <= 1024, localSize.1 <= 1024, localSize.2 <= 64, localSize.0 * localSize.1 * localSize.2 <= 1024 else {
            throw .invalidKernel(offset: 0, message: "LocalSize \(localSize) exceeds 1024 invocations per workgroup")
        }
    }

    // MARK: Registers and types

    mutating func allocate(_ rows: Int) -> Int {
        let base = rowCount
        rowCount += rows
        return base
    }

    /// Rows a value of `type` occupies in registers.
    func size(of type: TypeID, at offset: Int) throws(CPUError) -> Int {
        switch module.types[type] {
        case .bool, .int, .float: return 1
        case .vector(_, let n): return n
        case .matrix(let column, let n): return try size(of: column, at: offset) * n
        case .array(let e, let n): return try size(of: e, at: offset) * n
        case .structure(let members):
            var total = 0
            for m in members { total += try size(of: m, at: offset) }
            return total
        case let t:
            throw .unsupported(offset: offset, opcode: .nop, message: "values of type \(t.map { "\($0)" } ?? "%\(type.raw)") cannot be held in registers")
        }
    }

    /// Row offsets of the parts of a composite: (offset, type) of each constituent.
    func parts(of type: TypeID, at offset: Int) throws(CPUError) -> [(Int, TypeID)] {
        var result: [(Int, TypeID)] = []
        var o = 0
        switch module.types[type] {
        case .vector(let c, let n):
            for _ in 0..<n { result.append((o, c)); o += 1 }
        case .matrix(let c, let n):
            let s = try size(of: c, at: offset)
            for _ in 0..<n { result.append((o, c)); o += s }
        case .array(let e, let n):
            let s = try size(of: e, at: offset)
            for _ in 0..<n { result.append((o, e)); o += s }
        case .structure(let members):
            for m in members { result.append((o, m)); o += try size(of: m, at: offset) }
        default:
            throw .invalidKernel(offset: offset, message: "%\(type.raw) is not a composite type")
        }
        return result
    }

    // MARK: Values

    func value(_ id: ValueID, _ f: Frame, at offset: Int) throws(CPUError) -> Value {
        if let v = f.values[id] ?? globals[id] { return v }
        throw .invalidKernel(offset: offset, message: "%\(id.raw) is used before it has a value the evaluator can hold")
    }

    func rows(_ id: ValueID, _ f: Frame, at offset: Int) throws(CPUError) -> Int {
        guard case .rows(let r) = try value(id, f, at: offset) else {
            throw .invalidKernel(offset: offset, message: "%\(id.raw) is not a register value")
        }
        return r
    }

    func operand(_ i: Instruction, _ n: Int) throws(CPUError) -> UInt32 {
        guard n < i.operands.count else {
            throw .invalidKernel(offset: i.offset, message: "\(i.opcode.described) needs at least \(n + 1) operands")
        }
        return i.operands[n]
    }

    func rows(_ i: Instruction, _ n: Int, _ f: Frame) throws(CPUError) -> Int {
        try rows(ValueID(try operand(i, n)), f, at: i.offset)
    }

    func type(of i: Instruction, _ n: Int) throws(CPUError) -> TypeID {
        let id = try operand(i, n)
        guard let t = module.valueTypes[ValueID(id)] else {
            throw .invalidKernel(offset: i.offset, message: "%\(id) has no type")
        }
        return t
    }

    func resultType(_ i: Instruction) throws(CPUError) -> TypeID {
        guard let t = i.resultType else { throw .invalidKernel(offset: i.offset, message: "\(i.opcode.described) has no result type") }
        return t
    }

    /// Allocates the rows of instruction `i`'s result and records them.
    mutating func result(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> (rows: Int, count: Int) {
        let t = try resultType(i)
        let n = try size(of: t, at: i.offset)
        let r = allocate(n)
        guard let id = i.result else { throw .invalidKernel(offset: i.offset, message: "\(i.opcode.described) has no result id") }
        f.values[id] = .rows(r)
        return (r, n)
    }

    /// The 32-bit words of a constant, flattened like its registers.
    func constantBits(_ id: ValueID, at offset: Int) throws(CPUError) -> [UInt32] {
        if let t = module.undefs[id] { return Array(repeating: 0, count: try size(of: t, at: offset)) }
        guard let c = module.constants[id] else { throw .invalidKernel(offset: offset, message: "%\(id.raw) is not a constant") }
        switch c.value {
        case .scalar(let b): return [b]
        case .null: return Array(repeating: 0, count: try size(of: c.type, at: offset))
        case .composite(let parts):
            var out: [UInt32] = []
            for p in parts { out += try constantBits(p, at: offset) }
            return out
        }
    }

    mutating func materializeConstants() throws(CPUError) {
        for (id, c) in module.constants.sorted(by: { $0.key < $1.key }) {
            if case .pointer? = module.types[c.type] { continue }
            let b = try constantBits(id, at: 0)
            let base = allocate(b.count)
            for (k, v) in b.enumerated() {
                constantRows.append(ConstantRow(row: base + k, bits: v))
                invariantRows.insert(base + k)
            }
            globals[id] = .rows(base)
        }
        for (id, t) in module.undefs where globals[id] == nil {
            guard let n = try? size(of: t, at: 0) else { continue }
            let base = allocate(n)
            for k in 0..<n { constantRows.append(ConstantRow(row: base + k, bits: 0)) }
            globals[id] = .rows(base)
        }
    }

    mutating func slot(for source: BufferSource) -> Int {
        if let i = bufferSlots.firstIndex(of: source) { return i }
        bufferSlots.append(source)
        return bufferSlots.count - 1
    }

    mutating func imageSlot(_ binding: UInt32) -> Int {
        if let i = imageSlots.firstIndex(of: binding) { return i }
        imageSlots.append(binding)
        return imageSlots.count - 1
    }

    mutating func samplerSlot(_ binding: UInt32) -> Int {
        if let i = samplerSlots.firstIndex(of: binding) { return i }
        samplerSlots.append(binding)
        return samplerSlots.count - 1
    }

    /// Whether a buffer variable cannot be written: `NonWritable` on it, or on every member of its block.
    func isReadOnly(_ variable: ValueID, block: TypeID) -> Bool {
        if module.decoration(.nonWritable, on: variable.raw) != nil { return true }
        guard case .structure(let members)? = module.types[block], !members.isEmpty else { return false }
        return members.indices.allSatisfy { module.memberDecoration(.nonWritable, on: block, member: $0) != nil }
    }

    mutating func declareGlobals() throws(CPUError) {
        for (id, g) in module.globals.sorted(by: { $0.key < $1.key }) {
            let binding = module.decoration(.binding, on: id.raw)?.first
            let set = module.decoration(.descriptorSet, on: id.raw)?.first ?? 0
            let isFrameBlock = set == KernelABI.frameSet && binding == KernelABI.frameBinding
                && (g.storage == .storageBuffer || g.storage == .uniform)
            if set != 0 && !isFrameBlock {
                throw .unsupported(offset: 0, opcode: .variable,
                                   message: "descriptor set \(set) (only set 0, and the frame block at set \(KernelABI.frameSet) binding \(KernelABI.frameBinding)) on \(module.displayName(id.raw))")
            }
            switch g.storage {
            case .input:
                guard let b = module.decoration(.builtIn, on: id.raw)?.first else {
                    throw .unsupported(offset: 0, opcode: .variable, message: "input variable \(module.displayName(id.raw)) without a BuiltIn decoration")
                }
                let builtIn = BuiltIn(rawValue: b)
                guard [.globalInvocationId, .localInvocationId, .workgroupId, .numWorkgroups, .localInvocationIndex, .workgroupSize].contains(builtIn) else {
                    throw .unsupported(offset: 0, opcode: .variable, message: "built-in \(builtIn) in a compute kernel")
                }
                let n = try size(of: g.pointee, at: 0)
                let base = allocate(n)
                builtinRows.append((builtIn, base))
                globals[id] = .pointer(Pointer(space: .registers(rootBase: base, rootSize: n), offset: 0, pointee: g.pointee))
            case .private:
                let n = try size(of: g.pointee, at: 0)
                let base = allocate(n)
                if let initializer = g.initializer, case .rows(let src)? = globals[initializer] {
                    prologue.append { s in s.copy(base, src, rows: n) }
                } else {
                    prologue.append { s in for r in 0..<n { s.row(base + r).update(repeating: 0, count: Lanes.count) } }
                }
                globals[id] = .pointer(Pointer(space: .registers(rootBase: base, rootSize: n), offset: 0, pointee: g.pointee))
            case .pushConstant:
                globals[id] = .pointer(Pointer(space: .buffer(slot: slot(for: .pushConstants)), offset: 0, pointee: g.pointee))
            case .uniform, .storageBuffer:
                guard let binding else { throw .invalidKernel(offset: 0, message: "buffer \(module.displayName(id.raw)) has no Binding decoration") }
                let isStorage = g.storage == .storageBuffer || module.decoration(.bufferBlock, on: g.pointee.raw) != nil
                let source: BufferSource = isFrameBlock ? .pushConstants : isStorage ? .storage(binding: binding) : .uniform(binding: binding)
                let slot = slot(for: source)
                if isStorage && isReadOnly(id, block: g.pointee) { readOnlySlots.insert(slot) }
                globals[id] = .pointer(Pointer(space: .buffer(slot: slot), offset: 0, pointee: g.pointee))
            case .uniformConstant:
                guard let binding else { throw .invalidKernel(offset: 0, message: "resource \(module.displayName(id.raw)) has no Binding decoration") }
                switch module.types[g.pointee] {
                case .image:
                    let ref = ImageRef(binding: binding, slot: imageSlot(binding), samplerSlot: nil)
                    globals[id] = .pointer(Pointer(space: .resource(.image(ref)), offset: 0, pointee: g.pointee))
                case .sampledImage:
                    let ref = ImageRef(binding: binding, slot: imageSlot(binding), samplerSlot: samplerSlot(binding))
                    globals[id] = .pointer(Pointer(space: .resource(.image(ref)), offset: 0, pointee: g.pointee))
                case .sampler:
                    globals[id] = .pointer(Pointer(space: .resource(.sampler(binding)), offset: 0, pointee: g.pointee))
                default:
                    // Arrays of resources and the like: an error only if the kernel uses them.
                    break
                }
            case .workgroup:
                throw .unsupported(offset: 0, opcode: .variable, message: "workgroup (shared) memory: \(module.displayName(id.raw))")
            default:
                throw .unsupported(offset: 0, opcode: .variable, message: "\(g.storage) variables: \(module.displayName(id.raw))")
            }
        }
    }

    // MARK: Whole program

    mutating func compile() throws(CPUError) -> KernelProgram {
        try materializeConstants()
        try declareGlobals()
        guard let main = module.functions[entry.function] else { throw .missingEntryPoint(entry.name) }
        let entrySegment = try inline(main, arguments: [], returnRows: nil, continuation: nil)
        mergedInto = Array(blocks.indices)
        mergeStraightLines(entry: entrySegment)
        if !tracing { convertSelections(entry: entrySegment) }
        let order = structuredOrder(from: entrySegment)
        var renumber = [Int](repeating: -1, count: blocks.count)
        for (new, old) in order.enumerated() { renumber[old] = new }
        func remap(_ e: Edge) -> Edge { Edge(target: renumber[e.target], copies: e.copies, temporary: e.temporary) }
        var flat: [FlatBlock] = []
        for old in order {
            guard var b = blocks[old] else { preconditionFailure("segment \(old) was merged or never finished") }
            switch b.terminator {
            case .branch(let e): b.terminator = .branch(remap(e))
            case .conditional(let c, let t, let f): b.terminator = .conditional(condition: c, whenTrue: remap(t), whenFalse: remap(f))
            case .switch(let s, let cases, let d): b.terminator = .switch(selector: s, cases: cases.map { ($0.0, remap($0.1)) }, default: remap(d))
            case .exit, .unreachable: break
            }
            flat.append(b)
        }
        return KernelProgram(entryPoint: entry.name, localSize: localSize, usesDerivatives: usesDerivatives, blocks: flat,
                             rowCount: rowCount, constantRows: constantRows, invariantOps: invariantOps, builtinRows: builtinRows, prologue: prologue,
                             bufferSlots: bufferSlots, imageSlots: imageSlots, samplerSlots: samplerSlots, writtenImages: writtenImages,
                             tracePoints: tracePoints)
    }

    /// Reverse post-order over structured successors: a construct's blocks come before its merge
    /// block, a loop's body before its continue target, a callee's blocks before the caller's rest.
    func structuredOrder(from start: Int) -> [Int] {
        var visited = [Bool](repeating: false, count: blocks.count)
        var post: [Int] = []
        var stack: [(Int, Int)] = [(start, 0)]
        visited[start] = true
        func resolve(_ b: Int) -> Int {
            var x = b
            while blocks[x] == nil, x < mergedInto.count, mergedInto[x] != x { x = mergedInto[x] }
            return x
        }
        while let (node, next) = stack.last {
            let succ = successors[node].map(resolve)
            if next < succ.count {
                stack[stack.count - 1].1 += 1
                let s = succ[next]
                if !visited[s] {
                    visited[s] = true
                    stack.append((s, 0))
                }
            } else {
                post.append(node)
                stack.removeLast()
            }
        }
        return post.reversed()
    }

    /// How many edges enter each segment.
    func predecessorCounts() -> [Int] {
        var counts = [Int](repeating: 0, count: blocks.count)
        for b in blocks.compactMap({ $0 }) {
            switch b.terminator {
            case .branch(let e): counts[e.target] += 1
            case .conditional(_, let t, let f): counts[t.target] += 1; counts[f.target] += 1
            case .switch(_, let cases, let d): counts[d.target] += 1; for c in cases { counts[c.1.target] += 1 }
            case .exit, .unreachable: break
            }
        }
        return counts
    }

    /// Joins a segment to its successor when it branches there unconditionally and is that
    /// successor's only predecessor (call boundaries, returns, glslang's straight-line blocks):
    /// the same lanes run both, so one scheduling step does.
    mutating func mergeStraightLines(entry: Int) {
        let predecessors = predecessorCounts()
        for a in blocks.indices {
            while let first = blocks[a], case .branch(let e) = first.terminator, e.target != a, e.target != entry,
                  predecessors[e.target] == 1, let second = blocks[e.target] {
                var ops = first.ops
                if !e.copies.isEmpty {
                    let copies = e.copies, temporary = e.temporary
                    ops.append { s in s.copyPhis(copies, temporary: temporary, lanes: nil) }
                }
                blocks[a] = FlatBlock(ops: ops + second.ops, terminator: second.terminator,
                                      instructionCount: first.instructionCount + second.instructionCount,
                                      function: first.function, block: first.block,
                                      speculatable: first.speculatable && second.speculatable)
                successors[a] = successors[a].filter { $0 != e.target } + successors[e.target]
                blocks[e.target] = nil
                mergedInto[e.target] = a
            }
        }
    }

    mutating func newSegment() -> Int {
        blocks.append(nil)
        successors.append([])
        return blocks.count - 1
    }

    mutating func finish(_ s: Segment, _ f: Frame, _ terminator: Terminator, extraSuccessors: [Int] = []) {
        var succ = successors[s.index] + extraSuccessors
        switch terminator {
        case .branch(let e): succ.append(e.target)
        case .conditional(_, let t, let e): succ += [t.target, e.target]
        case .switch(_, let cases, let d): succ.append(d.target); succ += cases.map(\.1.target)
        case .exit, .unreachable: break
        }
        successors[s.index] = succ
        blocks[s.index] = FlatBlock(ops: s.ops, terminator: terminator, instructionCount: max(1, s.instructionCount),
                                    function: f.name, block: s.label, speculatable: s.speculatable)
    }

    // MARK: Functions

    /// Translates one call of `function` and returns its entry segment.
    mutating func inline(_ function: Function, arguments: [Value], returnRows: Int?, continuation: Int?) throws(CPUError) -> Int {
        guard !callStack.contains(function.id) else {
            throw .invalidKernel(offset: function.offset, message: "recursive call of \(module.displayName(function.id.raw))")
        }
        callStack.append(function.id)
        defer { callStack.removeLast() }
        var f = Frame(function: function, name: module.displayName(function.id.raw), returnRows: returnRows, continuation: continuation)
        for (p, a) in zip(function.parameterIDs, arguments) { f.values[p] = a }
        for block in function.blocks { f.labels[block.label] = newSegment() }
        for block in function.blocks {
            for i in block.instructions where i.opcode == .phi {
                guard let id = i.result, let t = i.resultType else { continue }
                let n = try size(of: t, at: i.offset)
                let r = allocate(n)
                f.values[id] = .rows(r)
                var incoming: [(ValueID, LabelID)] = []
                for k in stride(from: 0, to: i.operands.count - 1, by: 2) {
                    incoming.append((ValueID(i.operands[k]), LabelID(i.operands[k + 1])))
                }
                f.phis[block.label, default: []].append((r, n, incoming))
            }
        }
        for (k, block) in function.blocks.enumerated() {
            // The entry block runs right after the call, with the caller's lanes: stores made just
            // before the call (glslang's argument temporaries) still forward into it.
            if k > 0 { forwarded = [:] }
            try compile(block, &f)
        }
        guard let entrySegment = f.labels[function.blocks[0].label] else { preconditionFailure("entry block has no segment") }
        return entrySegment
    }

    mutating func compile(_ block: Block, _ f: inout Frame) throws(CPUError) {
        guard let index = f.labels[block.label] else { preconditionFailure("block without segment") }
        let label = module.displayName(block.label.raw)
        var s = Segment(index: index, instructionCount: 1, label: label, originalLabel: block.label)
        for i in block.instructions.dropLast() {
            s.instructionCount += 1
            if !Self.isSpeculatable(i) { s.speculatable = false }
            switch i.opcode {
            case .phi:
                continue
            case .selectionMerge:
                successors[s.index].append(try target(i, 0, f))
            case .loopMerge:
                successors[s.index] += [try target(i, 0, f), try target(i, 1, f)]
            case .functionCall:
                let callee = FunctionID(try operand(i, 0))
                guard let function = module.functions[callee] else {
                    throw .invalidKernel(offset: i.offset, message: "call of undefined function %\(callee.raw)")
                }
                var arguments: [Value] = []
                for k in 1..<i.operands.count { arguments.append(try value(ValueID(i.operands[k]), f, at: i.offset)) }
                var returnRows: Int?
                if case .void? = module.types[function.resultType] {
                    if let id = i.result { f.values[id] = Value.none }
                } else {
                    returnRows = try result(i, &f).rows
                }
                if tracing { traceCall(i, function, arguments, f, &s.ops) }
                let rest = newSegment()
                let entrySegment = try inline(function, arguments: arguments, returnRows: returnRows, continuation: rest)
                forwarded = [:]
                finish(s, f, .branch(Edge(target: entrySegment, copies: [], temporary: nil)), extraSuccessors: [rest])
                // The continuation must come after every callee block: make it the first structured successor.
                successors[s.index] = [rest] + successors[s.index].filter { $0 != rest }
                s = Segment(index: rest, instructionCount: 0, label: label, originalLabel: block.label)
                if tracing, let returnRows { traceReturn(i, function, returnRows, f, &s.ops) }
            default:
                try translate(i, &f, &s.ops)
                if tracing { traceResult(i, f, &s.ops) }
            }
        }
        try terminate(s, block.terminator, &f)
    }

    func target(_ i: Instruction, _ n: Int, _ f: Frame) throws(CPUError) -> Int {
        let label = LabelID(try operand(i, n))
        guard let t = f.labels[label] else { throw .invalidKernel(offset: i.offset, message: "branch to %\(label.raw), not a block of this function") }
        return t
    }

    /// The edge from the current block to the block at operand `n`, with its phi copies.
    mutating func edge(_ i: Instruction, _ n: Int, _ s: Segment, _ f: Frame) throws(CPUError) -> Edge {
        let label = LabelID(try operand(i, n))
        let t = try target(i, n, f)
        var copies: [PhiCopy] = []
        for phi in f.phis[label] ?? [] {
            guard let (v, _) = phi.incoming.first(where: { $0.1 == s.originalLabel }) else {
                throw .invalidKernel(offset: i.offset, message: "a phi of %\(label.raw) has no value for predecessor %\(s.originalLabel.raw)")
            }
            copies.append(PhiCopy(destination: phi.rows, source: try rows(v, f, at: i.offset), rows: phi.size))
        }
        var temporary: Int?
        let overlaps = copies.contains { a in
            copies.contains { b in a.source < b.destination + b.rows && b.destination < a.source + a.rows }
        }
        if overlaps { temporary = allocate(copies.reduce(0) { $0 + $1.rows }) }
        return Edge(target: t, copies: copies, temporary: temporary)
    }

    mutating func terminate(_ s: Segment, _ i: Instruction, _ f: inout Frame) throws(CPUError) {
        switch i.opcode {
        case .branch:
            finish(s, f, .branch(try edge(i, 0, s, f)))
        case .branchConditional:
            let c = try rows(i, 0, f)
            finish(s, f, .conditional(condition: c, whenTrue: try edge(i, 1, s, f), whenFalse: try edge(i, 2, s, f)))
        case .switch:
            let sel = try rows(i, 0, f)
            var cases: [(UInt32, Edge)] = []
            for k in stride(from: 2, to: i.operands.count - 1, by: 2) {
                cases.append((i.operands[k], try edge(i, k + 1, s, f)))
            }
            // glslang wraps inlined early returns in `switch (0) { default: … }`: a plain branch.
            finish(s, f, cases.isEmpty ? .branch(try edge(i, 1, s, f)) : .switch(selector: sel, cases: cases, default: try edge(i, 1, s, f)))
        case .return, .returnValue:
            var seg = s
            if i.opcode == .returnValue, let r = f.returnRows {
                let src = try rows(i, 0, f)
                let n = try size(of: try type(of: i, 0), at: i.offset)
                seg.ops.append { st in st.copy(r, src, rows: n) }
            }
            if let c = f.continuation {
                finish(seg, f, .branch(Edge(target: c, copies: [], temporary: nil)))
            } else {
                finish(seg, f, .exit)
            }
        case .kill, .terminateInvocation:
            finish(s, f, .exit)
        case .unreachable:
            finish(s, f, .unreachable)
        default:
            throw .invalidKernel(offset: i.offset, message: "\(i.opcode.described) cannot end a block")
        }
    }
}
