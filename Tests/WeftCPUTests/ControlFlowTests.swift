import Testing
@testable import WeftCPU

@Suite struct ControlFlowTests {
    /// Reference for the divergent-loop test: Collatz steps, capped.
    func collatz(_ start: Int32) -> Int32 {
        var n = start, steps: Int32 = 0
        while n != 1 && steps < 500 {
            n = n % 2 == 0 ? n / 2 : 3 * n + 1
            steps += 1
        }
        return steps
    }

    @Test func divergentLoopsWithBreakAndContinue() throws {
        let starts: [Int32] = (1...16).map { Int32($0 * 7 + 3) }
        let out = try Harness.run("""
            int n = ints[i]; int steps = 0;
            while (true) {
                if (n == 1) break;
                if (steps >= 500) break;
                steps++;
                if (n % 2 == 0) { n /= 2; continue; }
                n = 3 * n + 1;
            }
            iresult[i] = steps;
            int odd = 0;
            for (int k = 0; k < ints[i]; k++) { if ((k & 1) == 0) continue; odd += k; }
            iresult[i + 16u] = odd;
            """, ints: starts).ints
        for (k, s) in starts.enumerated() {
            #expect(out[k] == collatz(s))
            #expect(out[k + 16] == (0..<s).filter { $0 & 1 == 1 }.reduce(0, +))
        }
    }

    @Test func switchWithFallthroughAndDefault() throws {
        let out = try Harness.run("""
            int r = 0;
            switch (ints[i]) {
            case 0: r = 10; break;
            case 1: r = 20;
            case 2: r += 5; break;
            case -3: r = 7; break;
            default: r = -1;
            }
            iresult[i] = r;
            """, ints: [0, 1, 2, -3, 4, 1, 0, 99, 2, -3, 5, 6, 7, 8, 9, 0]).ints
        let expected: [Int32] = [10, 25, 5, 7, -1, 25, 10, -1, 5, 7, -1, -1, -1, -1, -1, 10]
        #expect(Array(out[0..<16]) == expected)
    }

    @Test func phiAndTernaryAndEarlyReturn() throws {
        let out = try Harness.run("""
            float x = inputs[i];
            float a = x > 0.0 ? x * 2.0 : -x;
            bool both = x > 0.0 && x < 2.0;
            if (ints[i] == 1) { result[i] = -100.0; return; }
            result[i] = a + (both ? 1000.0 : 0.0);
            """, inputs: (0..<16).map { Float($0) * 0.5 - 3 }, ints: (0..<16).map { $0 % 5 == 1 ? 1 : 0 }).floats
        for k in 0..<16 {
            let x = Float(k) * 0.5 - 3
            let expected: Float = k % 5 == 1 ? -100 : (x > 0 ? x * 2 : -x) + (x > 0 && x < 2 ? 1000 : 0)
            #expect(out[k] == expected)
        }
    }

    @Test func functionCallsWithOutInoutAndEarlyReturns() throws {
        let out = try Harness.run("""
            float x = inputs[i];
            float lo, hi; split(x, lo, hi);
            float acc = 1.0; accumulate(acc, x); accumulate(acc, x);
            result[i * 4u] = lo; result[i * 4u + 1u] = hi; result[i * 4u + 2u] = acc; result[i * 4u + 3u] = classify(x);
            """, inputs: (0..<16).map { Float($0) * 0.75 - 4 }, declarations: """
            void split(float v, out float whole, out float part) { whole = floor(v); part = v - whole; }
            void accumulate(inout float a, float v) { a = a * 2.0 + v; }
            float classify(float v) {
                if (v < -2.0) return -1.0;
                for (int k = 0; k < 4; k++) { if (v < float(k)) return float(k); }
                return 99.0;
            }
            """).floats
        for k in 0..<16 {
            let x = Float(k) * 0.75 - 4
            #expect(out[k * 4] == x.rounded(.down))
            #expect(out[k * 4 + 1] == x - x.rounded(.down))
            #expect(out[k * 4 + 2] == (1 * 2 + x) * 2 + x)
            let c: Float = x < -2 ? -1 : ((0..<4).first { x < Float($0) }.map(Float.init) ?? 99)
            #expect(out[k * 4 + 3] == c)
        }
    }

    @Test func nestedLoopsWithLoopCarriedSwap() throws {
        let out = try Harness.run("""
            int a = 0, b = 1;
            for (int k = 0; k < ints[i]; k++) { int t = a + b; a = b; b = t; }
            int total = 0;
            for (int p = 0; p < 4; p++) for (int q = 0; q <= p; q++) { if (q == 2) break; total += p * 10 + q; }
            iresult[i] = a; iresult[i + 16u] = total;
            """, ints: (0..<16).map { Int32($0) }).ints
        var fib: [Int32] = [0, 1]
        while fib.count < 17 { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
        var total: Int32 = 0
        for p in 0..<4 { for q in 0...p { if q == 2 { break }; total += Int32(p * 10 + q) } }
        for k in 0..<16 {
            #expect(out[k] == fib[k])
            #expect(out[k + 16] == total)
        }
    }

    @Test func runawayLoopHitsTheBudget() throws {
        #expect {
            _ = try Harness.run("""
                float x = inputs[0];
                while (x > -1.0) { x = x + 1.0; }
                result[0] = x;
                """, count: 1, inputs: [1], budget: 100_000)
        } throws: { error in
            guard case CPUError.instructionBudgetExceeded(let budget, let function, let block) = error else { return false }
            return budget == 100_000 && function == "main" && block.hasPrefix("%") && "\(error)".contains("runaway loop")
        }
    }

    @Test func manyThreadsGiveTheSameResult() throws {
        let body = "float x = inputs[i % 16u]; for (int k = 0; k < int(i % 7u); k++) x = x * 1.5 + 0.25; result[i] = x;"
        let inputs = (0..<16).map { Float($0) * 0.1 }
        let one = try Harness.run(body, count: 1000, inputs: inputs, outputs: 1000, threads: 1).floats
        let four = try Harness.run(body, count: 1000, inputs: inputs, outputs: 1000, threads: 4).floats
        #expect(one == four)
        #expect(one[999] != 0)
    }
}
