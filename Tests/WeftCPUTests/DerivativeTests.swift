import Testing
@testable import WeftCPU

@Suite struct DerivativeTests {
    /// f(x, y) = x² + 3y + xy, evaluated per invocation; derivatives come from 2×2 quads.
    func f(_ x: Int, _ y: Int) -> Float { Float(x * x) + 3 * Float(y) + Float(x * y) }

    @Test func fineAndCoarseDerivativesOnQuads() throws {
        let w = 32, h = 8
        let p = try Harness.program("""
            #version 450
            #extension GL_NV_compute_shader_derivatives : require
            layout(local_size_x = 16, local_size_y = 16) in;
            layout(derivative_group_quadsNV) in;
            layout(std430, binding = 0) buffer Result { float result[]; };
            void main() {
                uvec2 id = gl_GlobalInvocationID.xy;
                if (id.x >= \(w)u || id.y >= \(h)u) return;
                float x = float(id.x), y = float(id.y);
                float v = x * x + 3.0 * y + x * y;
                uint o = (id.y * \(w)u + id.x) * 6u;
                result[o] = dFdxFine(v); result[o + 1u] = dFdyFine(v);
                result[o + 2u] = dFdxCoarse(v); result[o + 3u] = dFdyCoarse(v);
                result[o + 4u] = fwidth(v); result[o + 5u] = dFdx(v);
            }
            """)
        #expect(p.usesDerivatives)
        let out = try p.dispatch(groups: (2, 1, 1), bindings: CPUBindings(buffers: [0: Harness.bytes(of: [Float](repeating: 0, count: w * h * 6))]), threads: 1)
        let r = Harness.floats(out[0]!)
        for y in 0..<h {
            for x in 0..<w {
                let o = (y * w + x) * 6
                let x0 = x & ~1, y0 = y & ~1
                let dxFine = f(x0 + 1, y) - f(x0, y), dyFine = f(x, y0 + 1) - f(x, y0)
                #expect(r[o] == dxFine)
                #expect(r[o + 1] == dyFine)
                #expect(r[o + 2] == f(x0 + 1, y0) - f(x0, y0))
                #expect(r[o + 3] == f(x0, y0 + 1) - f(x0, y0))
                #expect(r[o + 4] == abs(dxFine) + abs(dyFine))
                #expect(r[o + 5] == dxFine)
            }
        }
    }
}
