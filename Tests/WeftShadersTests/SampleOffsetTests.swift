import Testing
import WeftRuntime

/// The one check of a `maxSampleOffset`: finite, not negative; `X` means both axes.
@Test func sampleOffsetIsCheckedWhereItIsMade() {
    #expect(SampleOffset(text: "3")?.vector == SIMD2(3, 3))
    #expect(SampleOffset(text: " 1.5 , 4 ")?.vector == SIMD2(1.5, 4))
    #expect(SampleOffset(x: 0, y: 2)?.vector == SIMD2(0, 2))
    for bad in ["-1", "1,-2", "nan", "inf,1", "1,2,3", "", "a", "1e39"] {
        #expect(SampleOffset(text: bad) == nil, "\(bad)")
    }
    #expect(SampleOffset(x: -0.5, y: 1) == nil)
    #expect(SampleOffset(x: 1, y: .infinity) == nil)
}
