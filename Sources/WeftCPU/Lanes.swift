/// The batch every instruction runs over: 256 invocations, 32 wide and 8 tall, ordered as 2×2
/// quads (lane = quad × 4 + dy × 2 + dx, 16 quads per row) so that derivatives can read their
/// quad neighbours. A batch spreads each op's fixed cost (the call, the loop set-up) over its
/// lanes, and each worker's register file is its kernel's rows × the lanes: the engine's shape and
/// layer kernels have 1,500–1,700 rows, 6–7 MB a worker at 1,024 lanes, which streams from the
/// shared cache and slows every worker as more run; at 256 lanes it is 1.5–1.7 MB, within a core's
/// L2 (docs/cpu-evaluator.md, "Lanes, masks, quads").
enum Lanes {
    static let count = 256
    static let width = 32
    static let height = 8
    static let quadsPerRow = width / 2

    /// Position of lane `l` inside its batch.
    @inline(__always)
    static func position(_ l: Int) -> (x: Int, y: Int) {
        let q = l >> 2, k = l & 3
        return ((q % quadsPerRow) * 2 + (k & 1), (q / quadsPerRow) * 2 + (k >> 1))
    }
}

/// 32-bit register contents: floats are stored by bit pattern.
@inline(__always) func asFloat(_ b: UInt32) -> Float { Float(bitPattern: b) }
@inline(__always) func asInt(_ b: UInt32) -> Int32 { Int32(bitPattern: b) }
@inline(__always) func bits(_ f: Float) -> UInt32 { f.bitPattern }
@inline(__always) func bits(_ i: Int32) -> UInt32 { UInt32(bitPattern: i) }
@inline(__always) func bits(_ b: Bool) -> UInt32 { b ? 1 : 0 }

