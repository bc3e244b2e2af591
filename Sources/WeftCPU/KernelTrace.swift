import SPIRV

/// One 32-bit register value as its type reads it.
public enum TraceScalar: Sendable, Hashable, CustomStringConvertible {
    case float(Float)
    case int(Int32)
    case uint(UInt32)
    case bool(Bool)

    public enum Kind: Sendable, Hashable {
        case float, int, uint, bool
    }

    init(bits: UInt32, kind: Kind) {
        switch kind {
        case .float: self = .float(Float(bitPattern: bits))
        case .int: self = .int(Int32(bitPattern: bits))
        case .uint: self = .uint(bits)
        case .bool: self = .bool(bits != 0)
        }
    }

    public var description: String {
        switch self {
        case .float(let x): x.isNaN ? "nan" : x.isInfinite ? (x < 0 ? "-inf" : "inf") : "\(x)"
        case .int(let i): "\(i)"
        case .uint(let u): "\(u)u"
        case .bool(let b): "\(b)"
        }
    }
}

/// A place in a traced kernel where values are recorded, fixed when the program is translated.
public struct TracePoint: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// An instruction's result.
        case value
        /// A store to a variable (`name` is the variable, with any component or index).
        case store
        /// A function call: `operands` are the arguments, `name` the callee.
        case call
        /// What a call returned (`name` is the callee).
        case returned
    }

    public struct Operand: Sendable, Hashable {
        /// A parameter's name for call arguments; empty otherwise.
        public var label: String
        /// `float`, `vec2`, `ivec4`, `bool`, `struct`, …
        public var type: String
        public var kinds: [TraceScalar.Kind]
        let row: Int
    }

    public var kind: Kind
    /// The SPIR-V result id (the pointer stored through for stores, the call's result for calls).
    public var id: UInt32
    public var opcode: Opcode
    /// The instruction as a reader knows it: `OpFMul`, or for extended instructions their name (`GLSL.std.450 Sin`).
    public var instruction: String
    public var name: String?
    /// The SPIR-V function the point is in (its `OpName`).
    public var function: String
    public var location: SourceLocation?
    public var operands: [Operand]
}

/// The values one point recorded on one visit (`hit` counts visits from 1: loop iterations).
public struct TraceRecord: Sendable, Hashable {
    public var point: Int
    public var hit: Int
    /// One list of scalars per operand of the point.
    public var values: [[TraceScalar]]
}

/// Everything a traced dispatch recorded for one invocation, in execution order.
public struct KernelTrace: Sendable {
    public var points: [TracePoint]
    public var records: [TraceRecord]
    /// Visits not recorded because their point had reached the limit, by point.
    public var omitted: [Int: Int]
    /// The invocation (global x, y).
    public var pixel: (x: Int, y: Int)
}

/// Collects the records of the one lane being traced (owned by a single `LaneState`).
final class PixelTracer {
    let lane: Int
    let limit: Int
    let points: [TracePoint]
    var records: [TraceRecord] = []
    var hits: [Int]
    var omitted: [Int: Int] = [:]

    init(lane: Int, limit: Int, points: [TracePoint]) {
        self.lane = lane
        self.limit = limit
        self.points = points
        hits = Array(repeating: 0, count: points.count)
    }

    func record(_ s: LaneState, _ index: Int) {
        guard s.mask[lane] != 0 else { return }
        hits[index] += 1
        guard hits[index] <= limit else { omitted[index, default: 0] += 1; return }
        let values = points[index].operands.map { operand in
            operand.kinds.enumerated().map { k, kind in TraceScalar(bits: s.row(operand.row + k)[lane], kind: kind) }
        }
        records.append(TraceRecord(point: index, hit: hits[index], values: values))
    }
}

extension KernelProgram {
    /// Runs the batch holding invocation `pixel` of a dispatch of `groups` with a program
    /// translated `tracing`, and returns what that one invocation recorded (at most `limit`
    /// visits per point). Stores of the batch's other invocations happen as in a dispatch.
    public func trace(pixel: (x: Int, y: Int), groups: (x: Int, y: Int, z: Int), bindings: CPUBindings, limit: Int = 16,
                      instructionBudget: Int = defaultInstructionBudget) throws(CPUError) -> KernelTrace {
        try trace(pixel: pixel, groups: groups, resources: try BoundResources(program: self, bindings: bindings), limit: limit,
                  instructionBudget: instructionBudget)
    }

    func trace(pixel: (x: Int, y: Int), groups: (x: Int, y: Int, z: Int), resources: BoundResources, limit: Int,
               instructionBudget: Int) throws(CPUError) -> KernelTrace {
        let grid = Grid(width: groups.x * localSize.x, height: groups.y * localSize.y, groups: groups, localSize: localSize)
        guard pixel.x >= 0, pixel.y >= 0, pixel.x < grid.width, pixel.y < grid.height else {
            throw .invalidKernel(offset: 0, message: "pixel (\(pixel.x), \(pixel.y)) is outside the dispatch (\(grid.width)×\(grid.height))")
        }
        let x = pixel.x / Lanes.width * Lanes.width, y = pixel.y / Lanes.height * Lanes.height
        guard let lane = (0..<Lanes.count).first(where: { Lanes.position($0) == (pixel.x - x, pixel.y - y) }) else {
            preconditionFailure("every position of a batch has a lane")
        }
        let state = LaneState(program: self, resources: resources, checks: .none)
        let tracer = PixelTracer(lane: lane, limit: max(1, limit), points: tracePoints)
        state.tracer = tracer
        if let error = runBatch(state, x: x, y: y, z: 0, grid: grid, budget: instructionBudget) { throw error }
        return KernelTrace(points: tracePoints, records: tracer.records, omitted: tracer.omitted, pixel: pixel)
    }
}

/// As JSON: finite floats and integers as numbers, booleans as booleans, NaN and infinities as
/// the strings "nan", "inf" and "-inf".
extension TraceScalar: Codable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .float(let x) where x.isFinite: try container.encode(x)
        case .float: try container.encode(description)
        case .int(let i): try container.encode(i)
        case .uint(let u): try container.encode(u)
        case .bool(let b): try container.encode(b)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let b = try? container.decode(Bool.self) { self = .bool(b); return }
        if let i = try? container.decode(Int32.self) { self = .int(i); return }
        if let x = try? container.decode(Float.self) { self = .float(x); return }
        switch try container.decode(String.self) {
        case "nan": self = .float(.nan)
        case "inf": self = .float(.infinity)
        case "-inf": self = .float(-.infinity)
        case let other: throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a trace value: \(other)")
        }
    }
}
