import SPIRV

/// One step of a block: runs over every lane of a batch, writing only active lanes.
typealias Op = @Sendable (LaneState) -> Void

/// A phi copy on a control-flow edge: `rows` rows from `source` to `destination`.
struct PhiCopy: Sendable {
    var destination: Int
    var source: Int
    var rows: Int
}

struct Edge: Sendable {
    var target: Int
    var copies: [PhiCopy]
    /// Sources overlap destinations (a loop-carried swap): copy through `temporary` rows.
    var temporary: Int?
}

enum Terminator: Sendable {
    case branch(Edge)
    case conditional(condition: Int, whenTrue: Edge, whenFalse: Edge)
    /// Selector row (interpreted as 32-bit integer), literal → edge, default.
    case `switch`(selector: Int, cases: [(UInt32, Edge)], default: Edge)
    /// The invocation ends (return from the entry point, OpKill, OpTerminateInvocation).
    case exit
    case unreachable
}

/// A straight-line piece of the inlined program. A SPIR-V block becomes several when it
/// contains function calls (the call splits it, the callee's blocks sit between the halves).
struct FlatBlock: Sendable {
    var ops: [Op]
    var terminator: Terminator
    /// SPIR-V instructions this piece stands for, for the instruction budget.
    var instructionCount: Int
    /// For reports: the function and block this piece came from.
    var function: String
    var block: String
    /// No op writes anything but its own result rows (if-conversion may run it for more lanes).
    var speculatable = false
}

/// Where a buffer binding's bytes come from.
enum BufferSource: Hashable, Sendable {
    /// The frame constants: a push-constant block, or the block at descriptor set `KernelABI.frameSet`, binding
    /// `KernelABI.frameBinding` (`CPUBindings.pushConstants` either way).
    case pushConstants
    case uniform(binding: UInt32)
    case storage(binding: UInt32)
}

struct ConstantRow: Sendable {
    var row: Int
    var bits: UInt32
}

/// A compute kernel decoded and translated once for the CPU evaluator: flattened blocks in
/// structured order, every operand resolved to register rows. Immutable; shared by all threads.
public final class KernelProgram: Sendable {
    public let entryPoint: String
    /// `LocalSize` of the entry point.
    public let localSize: (x: Int, y: Int, z: Int)
    public let usesDerivatives: Bool
    let blocks: [FlatBlock]
    let tables: ProgramTables
    let rowCount: Int
    let constantRows: [ConstantRow]
    /// Ops computing dispatch-invariant values, run once per thread before the first batch.
    let invariantOps: [Op]
    /// Rows of the compute built-ins the kernel reads (3 rows each, LocalInvocationIndex 1).
    let builtinRows: [(BuiltIn, Int)]
    /// Private-variable initialisation, run at the start of every batch.
    let prologue: [Op]
    let bufferSlots: [BufferSource]
    /// Bindings of the storage and sampled images the kernel uses, by slot.
    let imageSlots: [UInt32]
    /// Bindings whose sampler state a sampling op uses, by slot.
    let samplerSlots: [UInt32]
    /// Bindings the kernel writes with `OpImageWrite`.
    let writtenImages: Set<UInt32>
    /// Where a program translated for tracing records values; empty otherwise.
    public let tracePoints: [TracePoint]
    /// Lane states between dispatches.
    let lanePool = LaneStatePool()

    init(entryPoint: String, localSize: (Int, Int, Int), usesDerivatives: Bool, blocks: [FlatBlock], rowCount: Int,
         constantRows: [ConstantRow], invariantOps: [Op] = [], builtinRows: [(BuiltIn, Int)], prologue: [Op], bufferSlots: [BufferSource],
         imageSlots: [UInt32], samplerSlots: [UInt32], writtenImages: Set<UInt32>, tracePoints: [TracePoint] = []) {
        self.entryPoint = entryPoint
        self.localSize = localSize
        self.usesDerivatives = usesDerivatives
        self.blocks = blocks
        tables = ProgramTables(blocks)
        self.rowCount = rowCount
        self.constantRows = constantRows
        self.invariantOps = invariantOps
        self.builtinRows = builtinRows
        self.prologue = prologue
        self.bufferSlots = bufferSlots
        self.imageSlots = imageSlots
        self.samplerSlots = samplerSlots
        self.writtenImages = writtenImages
        self.tracePoints = tracePoints
    }

    /// Decodes `spirv` and translates its compute entry point `entryPoint`. With `tracing`, every
    /// result, store, call and return also records its value for `trace(pixel:…)` (and nothing
    /// is speculated or hoisted, so the records follow the source's control flow).
    public convenience init(spirv: [UInt32], entryPoint: String = "main", tracing: Bool = false) throws(CPUError) {
        let module: Module
        do { module = try Module.decode(spirv) } catch { throw .invalidModule(error) }
        try self.init(module: module, entryPoint: entryPoint, tracing: tracing)
    }

    public convenience init(module: Module, entryPoint: String = "main", tracing: Bool = false) throws(CPUError) {
        var compiler = try Compiler(module: module, entryPoint: entryPoint)
        compiler.tracing = tracing
        let p = try compiler.compile()
        self.init(entryPoint: p.entryPoint, localSize: p.localSize, usesDerivatives: p.usesDerivatives, blocks: p.blocks,
                  rowCount: p.rowCount, constantRows: p.constantRows, invariantOps: p.invariantOps, builtinRows: p.builtinRows, prologue: p.prologue,
                  bufferSlots: p.bufferSlots, imageSlots: p.imageSlots, samplerSlots: p.samplerSlots, writtenImages: p.writtenImages,
                  tracePoints: p.tracePoints)
    }

    /// Number of flattened blocks (for tests and diagnostics).
    public var blockCount: Int { blocks.count }
}
