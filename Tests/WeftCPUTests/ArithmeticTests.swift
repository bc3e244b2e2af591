import Testing
@testable import WeftCPU

@Suite struct ArithmeticTests {
    let xs: [Float] = [0.5, -1.25, 3, 7.75, -0.0, 100, 1e-3, -42.5, 2, 9, -3.5, 0.25, 11, -7, 6.5, 1]
    let ys: [Float] = [2, 0.5, -4, 1.5, 3, -0.75, 8, 2.5, -2, 4, 1.75, -5, 3, 2, -1.5, 7]

    @Test func floatBinaryOperators() throws {
        let out = try Harness.run("""
            float x = inputs[i], y = inputs[i + 16u];
            result[i * 4u] = x + y; result[i * 4u + 1u] = x - y;
            result[i * 4u + 2u] = x * y; result[i * 4u + 3u] = x / y;
            """, inputs: xs + ys).floats
        for k in 0..<16 {
            #expect(out[k * 4] == xs[k] + ys[k])
            #expect(out[k * 4 + 1] == xs[k] - ys[k])
            #expect(out[k * 4 + 2] == xs[k] * ys[k])
            #expect(out[k * 4 + 3] == xs[k] / ys[k])
        }
    }

    @Test func floatModAndNegate() throws {
        let out = try Harness.run("""
            float x = inputs[i], y = inputs[i + 16u];
            result[i * 2u] = mod(x, y); result[i * 2u + 1u] = -x;
            """, inputs: xs + ys).floats
        for k in 0..<16 {
            #expect(close(out[k * 2], xs[k] - ys[k] * (xs[k] / ys[k]).rounded(.down)))
            #expect(out[k * 2 + 1].bitPattern == (-xs[k]).bitPattern)
        }
    }

    @Test func integerOperators() throws {
        let a: [Int32] = [7, -7, 100, -100, 0, 1, Int32.max, Int32.min, 13, -13, 5, 64, -1, 3, 1000, 2]
        let b: [Int32] = [2, 2, -3, -3, 5, 1, 1, -1, 4, 4, -5, 3, 7, 3, 7, 31]
        let out = try Harness.run("""
            int x = ints[i], y = ints[i + 16u];
            iresult[i * 8u] = x + y; iresult[i * 8u + 1u] = x - y; iresult[i * 8u + 2u] = x * y;
            iresult[i * 8u + 3u] = x / y; iresult[i * 8u + 4u] = x % y;
            iresult[i * 8u + 5u] = x << (y & 31); iresult[i * 8u + 6u] = x >> (y & 31);
            iresult[i * 8u + 7u] = int(uint(x) >> uint(y & 31));
            """, ints: a + b, outputs: 128).ints
        for k in 0..<16 {
            let x = a[k], y = b[k]
            #expect(out[k * 8] == x &+ y)
            #expect(out[k * 8 + 1] == x &- y)
            #expect(out[k * 8 + 2] == x &* y)
            #expect(out[k * 8 + 3] == x.dividedReportingOverflow(by: y).partialValue)
            // glslang lowers `%` on ints to OpSMod: the result takes the divisor's sign.
            let r = x.remainderReportingOverflow(dividingBy: y).partialValue
            #expect(out[k * 8 + 4] == (r != 0 && (r < 0) != (y < 0) ? r &+ y : r))
            #expect(out[k * 8 + 5] == x &<< (y & 31))
            #expect(out[k * 8 + 6] == x &>> (y & 31))
            #expect(out[k * 8 + 7] == Int32(bitPattern: UInt32(bitPattern: x) &>> UInt32(y & 31)))
        }
    }

    @Test func bitOperations() throws {
        let a: [Int32] = [0x0F0F, -1, 0, 0x1234_5678, 1, -256, 0x7FFF_FFFF, 96, 5, 6, 7, 8, 9, 10, 11, 12]
        let out = try Harness.run("""
            int x = ints[i];
            iresult[i * 8u] = x & 0xFF; iresult[i * 8u + 1u] = x | 0x100; iresult[i * 8u + 2u] = x ^ 0x5555;
            iresult[i * 8u + 3u] = ~x; iresult[i * 8u + 4u] = bitCount(x); iresult[i * 8u + 5u] = bitfieldReverse(x);
            iresult[i * 8u + 6u] = findLSB(x); iresult[i * 8u + 7u] = findMSB(x);
            """, ints: a, outputs: 128).ints
        for k in 0..<16 {
            let x = a[k], u = UInt32(bitPattern: x)
            #expect(out[k * 8] == x & 0xFF)
            #expect(out[k * 8 + 1] == x | 0x100)
            #expect(out[k * 8 + 2] == x ^ 0x5555)
            #expect(out[k * 8 + 3] == ~x)
            #expect(out[k * 8 + 4] == Int32(u.nonzeroBitCount))
            var r: UInt32 = 0
            for bit in 0..<32 where u & (1 << bit) != 0 { r |= 1 << (31 - bit) }
            #expect(out[k * 8 + 5] == Int32(bitPattern: r))
            #expect(out[k * 8 + 6] == (u == 0 ? -1 : Int32(u.trailingZeroBitCount)))
            let m = x < 0 ? ~u : u
            #expect(out[k * 8 + 7] == (m == 0 ? -1 : Int32(31 - m.leadingZeroBitCount)))
        }
    }

    @Test func bitfieldExtractAndInsert() throws {
        let out = try Harness.run("""
            int x = ints[i];
            iresult[i * 3u] = bitfieldExtract(x, 4, 8);
            iresult[i * 3u + 1u] = int(bitfieldExtract(uint(x), 4, 8));
            iresult[i * 3u + 2u] = bitfieldInsert(x, 0x5, 8, 4);
            """, count: 3, ints: [0x0000_0F80, -1, 0x1234_5678], outputs: 9).ints
        #expect(out[0] == -8)        // 0xF8 sign-extended
        #expect(out[1] == 0xF8)
        #expect(out[2] == 0x0000_0580)
        #expect(out[3] == -1)
        #expect(out[4] == 0xFF)
        #expect(out[5] == -1 & ~0xF00 | 0x500)
        #expect(out[6] == 0x67)
        #expect(out[8] == 0x1234_5578)
    }

    @Test func comparisonsAndSelect() throws {
        let out = try Harness.run("""
            float x = inputs[i], y = inputs[i + 16u];
            iresult[i * 6u] = int(x < y); iresult[i * 6u + 1u] = int(x <= y); iresult[i * 6u + 2u] = int(x > y);
            iresult[i * 6u + 3u] = int(x == y); iresult[i * 6u + 4u] = int(x != y);
            result[i] = x > y ? x : y;
            """, inputs: xs + ys.enumerated().map { $0.offset == 3 ? xs[3] : $0.element }, outputs: 96).ints
        for k in 0..<16 {
            let y = k == 3 ? xs[3] : ys[k]
            #expect(out[k * 6] == (xs[k] < y ? 1 : 0))
            #expect(out[k * 6 + 1] == (xs[k] <= y ? 1 : 0))
            #expect(out[k * 6 + 2] == (xs[k] > y ? 1 : 0))
            #expect(out[k * 6 + 3] == (xs[k] == y ? 1 : 0))
            #expect(out[k * 6 + 4] == (xs[k] != y ? 1 : 0))
        }
    }

    @Test func nanComparisonsAreOrdered() throws {
        let out = try Harness.run("""
            float n = inputs[0] / inputs[1];
            iresult[0] = int(n < 1.0); iresult[1] = int(n == n); iresult[2] = int(n != n); iresult[3] = int(isnan(n));
            iresult[4] = int(isinf(inputs[2] / inputs[1]));
            """, count: 1, inputs: [0, 0, 1]).ints
        #expect(Array(out[0..<5]) == [0, 0, 1, 1, 1])
    }

    @Test func conversions() throws {
        let values: [Float] = [1.75, -1.75, 3e9, -3e9, 0.5, 255.9, -0.5, 16_777_216, 7, 8, 9, 10, 11, 12, 13, 14]
        let out = try Harness.run("""
            float x = inputs[i];
            iresult[i * 2u] = int(x); iresult[i * 2u + 1u] = int(uint(max(x, 0.0)));
            result[i * 2u] = float(int(x)); result[i * 2u + 1u] = intBitsToFloat(floatBitsToInt(x) ^ int(0x80000000));
            """, inputs: values)
        for (k, x) in values.enumerated() {
            let expected: Int32 = x >= 2_147_483_648 ? .max : (x <= -2_147_483_648 ? .min : Int32(x))
            #expect(out.ints[k * 2] == expected)
            #expect(out.floats[k * 2] == Float(expected))
            #expect(out.floats[k * 2 + 1] == -x)
        }
        #expect(out.ints[1] == 1)
    }
}
