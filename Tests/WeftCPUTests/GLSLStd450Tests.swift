import Foundation
import Testing
@testable import WeftCPU

private func c(_ glsl: String, _ f: @escaping (Float, Float) -> Float) -> (String, (Float, Float) -> Float) { (glsl, f) }

private func smooth(_ x: Float) -> Float {
    let t: Float = min(max(x / 2, 0), 1)
    return t * t * (3 - 2 * t)
}

@Suite struct GLSLStd450Tests {
    let xs: [Float] = [0.3, -0.7, 1.5, -2.5, 0.0, 0.999, 2.5, -0.5, 3.75, -3.25, 0.125, 10, 0.6, -1, 4.5, 0.25]

    /// Each entry: GLSL expression of `x` (and `y`), Swift reference.
    func check(_ cases: [(String, (Float, Float) -> Float)], tolerance: Float = 2e-6) throws {
        let ys = xs.map { $0 * 0.5 + 1.25 }
        var body = "float x = inputs[i], y = inputs[i + 16u];\n"
        for (k, c) in cases.enumerated() { body += "result[i * \(cases.count)u + \(k)u] = \(c.0);\n" }
        let out = try Harness.run(body, inputs: xs + ys, outputs: 16 * cases.count).floats
        for (k, c) in cases.enumerated() {
            for n in 0..<16 {
                let expected = c.1(xs[n], ys[n])
                let got = out[n * cases.count + k]
                #expect(close(got, expected, tolerance), "\(c.0) at x=\(xs[n]), y=\(ys[n]): got \(got), expected \(expected)")
            }
        }
    }

    @Test func roundingAndSign() throws {
        try check([
            c("round(x)", { x, _ in x.rounded(.toNearestOrAwayFromZero) }),
            c("roundEven(x)", { x, _ in x.rounded(.toNearestOrEven) }),
            c("trunc(x)", { x, _ in x.rounded(.towardZero) }),
            c("floor(x)", { x, _ in x.rounded(.down) }),
            c("ceil(x)", { x, _ in x.rounded(.up) }),
            c("fract(x)", { x, _ in x - x.rounded(.down) }),
            c("abs(x)", { x, _ in abs(x) }),
            c("sign(x)", { x, _ in x > 0 ? 1 : (x < 0 ? -1 : 0) }),
            c("radians(x)", { x, _ in x * .pi / 180 }),
            c("degrees(x)", { x, _ in x * 180 / .pi }),
        ])
    }

    @Test func transcendental() throws {
        try check([
            c("sin(x)", { x, _ in sinf(x) }), c("cos(x)", { x, _ in cosf(x) }), c("tan(x)", { x, _ in tanf(x) }),
            c("asin(clamp(x, -1.0, 1.0))", { x, _ in asinf(min(max(x, -1), 1)) }),
            c("acos(clamp(x, -1.0, 1.0))", { x, _ in acosf(min(max(x, -1), 1)) }),
            c("atan(x)", { x, _ in atanf(x) }), c("atan(x, y)", { x, y in atan2f(x, y) }),
            c("sinh(x)", { x, _ in sinhf(x) }), c("cosh(x)", { x, _ in coshf(x) }), c("tanh(x)", { x, _ in tanhf(x) }),
            c("asinh(x)", { x, _ in asinhf(x) }), c("acosh(y + 1.0)", { _, y in acoshf(y + 1) }),
            c("atanh(clamp(x, -0.9, 0.9))", { x, _ in atanhf(min(max(x, -0.9), 0.9)) }),
            c("pow(y, x)", { x, y in powf(y, x) }), c("exp(x)", { x, _ in expf(x) }), c("log(y)", { _, y in logf(y) }),
            c("exp2(x)", { x, _ in exp2f(x) }), c("log2(y)", { _, y in log2f(y) }),
            c("sqrt(y)", { _, y in y.squareRoot() }), c("inversesqrt(y)", { _, y in 1 / y.squareRoot() }),
        ])
    }

    @Test func minMaxMix() throws {
        try check([
            c("min(x, y)", { x, y in min(x, y) }), c("max(x, y)", { x, y in max(x, y) }),
            c("clamp(x, -0.5, 0.5)", { x, _ in min(max(x, -0.5), 0.5) }),
            c("mix(x, y, 0.25)", { x, y in x + (y - x) * 0.25 }),
            c("step(y, x)", { x, y in x < y ? 0 : 1 }),
            c("smoothstep(0.0, 2.0, x)", { x, _ in smooth(x) }),
            c("fma(x, y, 0.5)", { x, y in (0.5 as Float).addingProduct(x, y) }),
            c("ldexp(x, 3)", { x, _ in x * 8 }),
            c("mod(x, y)", { x, y in x - y * (x / y).rounded(.down) }),
            c("frexp(y, iresult[0])", { _, y in var e: Int32 = 0; return frexpf(y, &e) }),
        ])
    }

    @Test func geometric() throws {
        let out = try Harness.run("""
            vec3 a = vec3(inputs[0], inputs[1], inputs[2]), b = vec3(inputs[3], inputs[4], inputs[5]);
            result[0] = length(a); result[1] = distance(a, b);
            vec3 c = cross(a, b); result[2] = c.x; result[3] = c.y; result[4] = c.z;
            vec3 n = normalize(a); result[5] = n.x; result[6] = n.y; result[7] = n.z;
            vec3 r = reflect(a, n); result[8] = r.x;
            vec3 f = faceforward(a, b, a); result[9] = f.x;
            vec3 rf = refract(normalize(b), vec3(0.0, 0.0, 1.0), 0.5); result[10] = rf.x; result[11] = rf.z;
            float whole; result[12] = modf(inputs[6], whole); result[13] = whole;
            """, count: 1, inputs: [1, 2, 2, -1, 0.5, 3, -2.75]).floats
        let a = SIMD3<Float>(1, 2, 2), b = SIMD3<Float>(-1, 0.5, 3)
        let len = (a * a).sum().squareRoot()
        #expect(close(out[0], 3))
        #expect(close(out[1], ((a - b) * (a - b)).sum().squareRoot()))
        #expect(out[2] == a.y * b.z - b.y * a.z && out[3] == a.z * b.x - b.z * a.x && out[4] == a.x * b.y - b.x * a.y)
        #expect(close(out[5], 1 / len) && close(out[6], 2 / len) && close(out[7], 2 / len))
        let n = a / len
        #expect(close(out[8], a.x - 2 * (n * a).sum() * n.x, 1e-5))
        #expect(out[9] == ((a * b).sum() < 0 ? a.x : -a.x))
        let nb = b / (b * b).sum().squareRoot()
        let ni = nb.z, k = 1 - 0.25 * (1 - ni * ni)
        #expect(close(out[10], 0.5 * nb.x, 1e-5))
        #expect(close(out[11], 0.5 * nb.z - (0.5 * ni + k.squareRoot()), 1e-5))
        #expect(out[12] == -0.75 && out[13] == -2)
    }

    @Test func packing() throws {
        let out = try Harness.run("""
            vec4 v = vec4(inputs[0], inputs[1], inputs[2], inputs[3]);
            iresult[0] = int(packUnorm4x8(v)); iresult[1] = int(packSnorm4x8(v));
            iresult[2] = int(packHalf2x16(v.xy)); iresult[3] = int(packUnorm2x16(v.xy)); iresult[4] = int(packSnorm2x16(v.zw));
            vec4 u = unpackUnorm4x8(uint(iresult[0])); result[0] = u.x; result[1] = u.w;
            vec2 h = unpackHalf2x16(uint(iresult[2])); result[2] = h.x; result[3] = h.y;
            vec4 sn = unpackSnorm4x8(uint(iresult[1])); result[4] = sn.z;
            """, count: 1, inputs: [0.5, 1, -0.5, 0.25]).ints
        let u8: (Float) -> UInt32 = { UInt32((min(max($0, 0), 1) * 255).rounded(.toNearestOrAwayFromZero)) }
        let s8: (Float) -> UInt32 = { UInt32(UInt8(bitPattern: Int8((min(max($0, -1), 1) * 127).rounded(.toNearestOrAwayFromZero)))) }
        let v: [Float] = [0.5, 1, -0.5, 0.25]
        #expect(UInt32(bitPattern: out[0]) == u8(v[0]) | u8(v[1]) << 8 | u8(v[2]) << 16 | u8(v[3]) << 24)
        #expect(UInt32(bitPattern: out[1]) == s8(v[0]) | s8(v[1]) << 8 | s8(v[2]) << 16 | s8(v[3]) << 24)
        #expect(UInt32(bitPattern: out[2]) == UInt32(Float16(0.5).bitPattern) | UInt32(Float16(1).bitPattern) << 16)
        #expect(UInt32(bitPattern: out[3]) == 32768 | 65535 << 16)
        let floats = try Harness.run("""
            vec4 u = unpackUnorm4x8(0x80FF0040u); result[0] = u.x; result[1] = u.y; result[2] = u.z; result[3] = u.w;
            vec2 h = unpackHalf2x16(0x3C003800u); result[4] = h.x; result[5] = h.y;
            """, count: 1).floats
        #expect(Array(floats[0..<6]) == [Float(0x40) / 255, 0, 1, Float(0x80) / 255, 0.5, 1])
    }
}
