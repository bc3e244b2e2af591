import Testing
@testable import WeftCPU

@Suite struct CompositeTests {
    @Test func constructExtractInsertShuffle() throws {
        let out = try Harness.run("""
            vec4 v = vec4(inputs[0], inputs[1], inputs[2], inputs[3]);
            vec2 a = v.zx;                       // shuffle
            vec3 b = vec3(a, v.w);               // construct from vector + scalar
            b.y = 9.0;                           // insert
            vec4 c = v.wzyx;
            result[0] = a.x; result[1] = a.y;
            result[2] = b.x; result[3] = b.y; result[4] = b.z;
            result[5] = c.x; result[6] = c.w;
            int k = ints[0];
            result[7] = v[k];                    // dynamic extract
            v[k] = -1.0;                         // dynamic insert
            result[8] = v.x; result[9] = v.y; result[10] = v.z;
            """, count: 1, inputs: [1, 2, 3, 4], ints: [2]).floats
        #expect(Array(out[0..<11]) == [3, 1, 3, 9, 4, 4, 1, 3, 1, 2, -1])
    }

    @Test func structsAndArrays() throws {
        let out = try Harness.run("""
            S s; s.a = inputs[0]; s.b = vec2(inputs[1], inputs[2]);
            float arr[5];
            for (int k = 0; k < 5; k++) arr[k] = float(k * k) + s.a;
            int j = ints[0];
            result[0] = arr[j]; result[1] = arr[4]; result[2] = s.b.y;
            S t = s; t.b.x = 7.0;
            result[3] = t.b.x; result[4] = s.b.x;
            """, count: 1, inputs: [0.5, 2, 3], ints: [3], declarations: "struct S { float a; vec2 b; };").floats
        #expect(Array(out[0..<5]) == [9.5, 16.5, 3, 7, 2])
    }

    @Test func matrixArithmetic() throws {
        let m: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 9]       // columns (1,2,3), (4,5,6), (7,8,9)
        let v: [Float] = [0.5, -1, 2]
        let out = try Harness.run("""
            mat3 m = mat3(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5], inputs[6], inputs[7], inputs[8]);
            vec3 v = vec3(inputs[9], inputs[10], inputs[11]);
            vec3 mv = m * v; vec3 vm = v * m; mat3 mm = m * m; mat3 t = transpose(m); mat3 o = outerProduct(v, v);
            mat3 ms = m * 2.0;
            result[0] = mv.x; result[1] = mv.y; result[2] = mv.z;
            result[3] = vm.x; result[4] = vm.y; result[5] = vm.z;
            for (int c = 0; c < 3; c++) for (int r = 0; r < 3; r++) {
                result[6 + c * 3 + r] = mm[c][r]; result[15 + c * 3 + r] = t[c][r];
                result[24 + c * 3 + r] = o[c][r]; result[33 + c * 3 + r] = ms[c][r];
            }
            result[42] = dot(v, vec3(1.0, 2.0, 3.0));
            """, count: 1, inputs: m + v).floats
        func mat(_ c: Int, _ r: Int) -> Float { m[c * 3 + r] }
        for r in 0..<3 { #expect(out[r] == (0..<3).reduce(Float(0)) { $0 + mat($1, r) * v[$1] }) }
        for c in 0..<3 { #expect(out[3 + c] == (0..<3).reduce(Float(0)) { $0 + v[$1] * mat(c, $1) }) }
        for c in 0..<3 {
            for r in 0..<3 {
                #expect(out[6 + c * 3 + r] == (0..<3).reduce(Float(0)) { $0 + mat($1, r) * mat(c, $1) })
                #expect(out[15 + c * 3 + r] == mat(r, c))
                #expect(out[24 + c * 3 + r] == v[r] * v[c])
                #expect(out[33 + c * 3 + r] == mat(c, r) * 2)
            }
        }
        #expect(out[42] == 0.5 - 2 + 6)
    }

    @Test func determinantAndInverse() throws {
        let out = try Harness.run("""
            mat2 a = mat2(inputs[0], inputs[1], inputs[2], inputs[3]);
            mat3 b = mat3(2.0, 0.0, 1.0, 1.0, 3.0, 0.0, 0.0, 1.0, 4.0);
            result[0] = determinant(a); result[1] = determinant(b);
            mat3 p = b * inverse(b);
            for (int c = 0; c < 3; c++) for (int r = 0; r < 3; r++) result[2 + c * 3 + r] = p[c][r];
            """, count: 1, inputs: [3, 1, 2, 4]).floats
        #expect(out[0] == 3 * 4 - 2 * 1)
        // Columns (2,0,1), (1,3,0), (0,1,4): rule of Sarrus on the rows.
        let b: [[Float]] = [[2, 1, 0], [0, 3, 1], [1, 0, 4]]
        let det = b[0][0] * (b[1][1] * b[2][2] - b[1][2] * b[2][1]) - b[0][1] * (b[1][0] * b[2][2] - b[1][2] * b[2][0])
            + b[0][2] * (b[1][0] * b[2][1] - b[1][1] * b[2][0])
        #expect(close(out[1], det, 1e-5))
        for c in 0..<3 { for r in 0..<3 { #expect(close(out[2 + c * 3 + r], c == r ? 1 : 0, 1e-5)) } }
    }
}
