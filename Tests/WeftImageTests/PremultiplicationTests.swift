import Testing
import WeftImage

@Suite struct PremultiplicationTests {
    @Test func premultiplyIsExactRoundingForAllPairs() {
        var wrong = 0
        for a in 0...255 {
            for c in 0...255 {
                let exact = (Double(c) * Double(a) / 255).rounded()
                if Premultiplication.premultiply(UInt8(c), alpha: UInt8(a)) != UInt8(exact) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// For each alpha, the least worst-case error any un-premultiply could have: premultiplication
    /// sends a run of c values to one p, and the best guess is the middle of the run.
    static func optimalError(alpha a: Int) -> Int {
        var low = [Int](repeating: Int.max, count: 256)
        var high = [Int](repeating: Int.min, count: 256)
        for c in 0...255 {
            let p = Int(Premultiplication.premultiply(UInt8(c), alpha: UInt8(a)))
            low[p] = min(low[p], c)
            high[p] = max(high[p], c)
        }
        return (0...255).filter { low[$0] <= high[$0] }.map { (high[$0] - low[$0] + 1) / 2 }.max()!
    }

    @Test func unpremultiplyOfPremultiplyIsWithinTheBestPossibleError() {
        var worseThanOptimal: [Int] = []
        var worst = [Int](repeating: 0, count: 256)
        for a in 1...255 {
            for c in 0...255 {
                let p = Premultiplication.premultiply(UInt8(c), alpha: UInt8(a))
                let back = Premultiplication.unpremultiply(p, alpha: UInt8(a))
                worst[a] = max(worst[a], abs(Int(back) - c))
            }
            if worst[a] != Self.optimalError(alpha: a) { worseThanOptimal.append(a) }
            // The documented closed-form bound.
            #expect(Double(worst[a]) <= (255 / (2 * Double(a)) + 0.5).rounded(.down), "alpha \(a)")
        }
        // At alpha 1 only p = 0 and p = 1 exist; they decode to 0 and 255 (keeping black and full
        // intensity exact) instead of the run middles 64 and 191, so the error there is 127, not 64.
        #expect(worseThanOptimal == [1])
        #expect(worst[1] == 127 && Self.optimalError(alpha: 1) == 64)
        #expect(worst[255] == 0)
        #expect(worst[86...255].allSatisfy { $0 <= 1 })
    }

    @Test func premultiplyOfUnpremultiplyIsTheIdentityOnValidPairs() {
        var wrong = 0
        for a in 0...255 {
            for p in 0...a {
                let c = Premultiplication.unpremultiply(UInt8(p), alpha: UInt8(a))
                if Premultiplication.premultiply(c, alpha: UInt8(a)) != UInt8(p) { wrong += 1 }
                let c16 = Premultiplication.unpremultiply8To16(UInt8(p), alpha: UInt8(a))
                if Premultiplication.premultiply16To8(c16, alpha: UInt16(a) * 257) != UInt8(p) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test func zeroAlphaUnpremultipliesToZeroAndOverfullValuesClamp() {
        for p in 0...255 {
            #expect(Premultiplication.unpremultiply(UInt8(p), alpha: 0) == 0)
            #expect(Premultiplication.unpremultiply8To16(UInt8(p), alpha: 0) == 0)
        }
        #expect(Premultiplication.unpremultiply(200, alpha: 100) == 255)
        #expect(Premultiplication.unpremultiply8To16(200, alpha: 100) == 65535)
    }

    @Test func sixteenBitConversionsRoundOnce() {
        var generator = SampleGenerator(seed: 3)
        for _ in 0..<20000 {
            let c = UInt16(generator.next(below: 65536))
            let a = UInt16(generator.next(below: 65536))
            let exact = (Double(c) * Double(a) * 255 / (65535.0 * 65535.0)).rounded()
            #expect(Premultiplication.premultiply16To8(c, alpha: a) == UInt8(exact))
        }
        for v in 0...65535 where Premultiplication.narrow16To8(UInt16(v)) != UInt8((Double(v) * 255 / 65535).rounded()) {
            Issue.record("narrow16To8(\(v))")
        }
    }
}
