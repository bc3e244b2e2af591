import Foundation
import Testing
@testable import WeftCPU

@Suite(.enabled(if: ProcessInfo.processInfo.environment["WEFT_CPU_BENCH"] == "1"))
struct ProgramShapeTests {
    @Test func printShape() throws {
        let p = try Harness.program(EffectKernels.blur())
        print("[shape] rows \(p.rowCount) blocks \(p.blocks.count)")
        for (k, b) in p.blocks.enumerated() { print("[shape] \(k) \(b.function) \(b.block): \(b.ops.count) ops, \(b.instructionCount) instr, \(b.terminator)") }
    }
}
