import Testing
@testable import WeftCPU
import WeftShaders

/// Compiles GLSL compute shaders for tests and runs them on the CPU evaluator.
enum Harness {
    static func program(_ source: String) throws -> KernelProgram {
        try KernelProgram(spirv: try GLSLCompiler.compileCompute(source, optimize: false))
    }

    /// Runs `body` once per invocation `i` in `0..<count` (16 per workgroup, one row). The body
    /// reads `inputs[]` (float, binding 1) and `ints[]` (int, binding 2) and writes `result[]`
    /// (float, binding 0) and `iresult[]` (int, binding 3). Returns the result buffers.
    static func run(_ body: String, count: Int = 16, inputs: [Float] = [0], ints: [Int32] = [0], outputs: Int = 64,
                    declarations: String = "", threads: Int = 1, budget: Int = KernelProgram.defaultInstructionBudget) throws -> (floats: [Float], ints: [Int32]) {
        let source = """
        #version 450
        layout(local_size_x = 16, local_size_y = 1) in;
        layout(std430, binding = 0) buffer Result { float result[]; };
        layout(std430, binding = 1) readonly buffer Inputs { float inputs[]; };
        layout(std430, binding = 2) readonly buffer Ints { int ints[]; };
        layout(std430, binding = 3) buffer IResult { int iresult[]; };
        \(declarations)
        void main() {
            uint i = gl_GlobalInvocationID.x;
            if (i >= \(count)u) return;
            \(body)
        }
        """
        let p = try program(source)
        let bindings = CPUBindings(buffers: [
            0: bytes(of: [Float](repeating: 0, count: outputs)),
            1: bytes(of: inputs),
            2: bytes(of: ints.map { UInt32(bitPattern: $0) }),
            3: bytes(of: [UInt32](repeating: 0, count: outputs)),
        ])
        let out = try p.dispatch(groups: ((count + 15) / 16, 1, 1), bindings: bindings, threads: threads, instructionBudget: budget)
        return (floats(out[0] ?? []), words(out[3] ?? []).map { Int32(bitPattern: $0) })
    }

    static func bytes(of values: [Float]) -> [UInt8] { bytes(of: values.map(\.bitPattern)) }

    static func bytes(of words: [UInt32]) -> [UInt8] {
        words.flatMap { w in (0..<4).map { UInt8(truncatingIfNeeded: w >> (8 * $0)) } }
    }

    static func words(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
        }
    }

    static func floats(_ bytes: [UInt8]) -> [Float] { words(bytes).map { Float(bitPattern: $0) } }
}

/// Equal within `tolerance` (absolute, or relative for large values); NaN equals NaN.
func close(_ a: Float, _ b: Float, _ tolerance: Float = 1e-6) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    if a == b { return true }
    return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}
