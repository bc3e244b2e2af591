import Testing

/// `weft bench --suite fusion`'s command line (the suite itself is measured on the H200: Benchmarks/fusion-run.sh).
@Suite
struct BenchFusionSuiteTests {
    @Test func anUnknownSuiteIsAnInvalidValue() throws {
        let run = try CLI.weft(["bench", "--suite", "everything"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("--suite") && run.stderr.contains("fusion"), "\(run)")
    }

    @Test func theSuiteTakesNoInput() throws {
        let run = try CLI.weft(["bench", "--suite", "fusion", CLI.pattern, "--effect", "grayscale"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("--suite fusion"), "\(run)")
    }
}
