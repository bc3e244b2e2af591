import Foundation
import Testing
import WeftBench
import WeftImage

/// A tiny `weft bench` end to end: small size, few repetitions, on lavapipe and on the CPU evaluator.
@Suite struct BenchCommandTests {
    private func report(at path: String) throws -> BenchReport {
        try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func tinyBench(device: String, extra: [String] = []) throws -> (CLI.Run, BenchReport, URL) {
        let out = CLI.temporaryDirectory()
        let json = out.appendingPathComponent("bench.json").path
        let run = try CLI.weft(["bench", "--library", "Shaders", "--device", device, "--size", "24x16",
                                "--repetitions", "3", "--warm-up", "0", "--json", json] + extra)
        return (run, try report(at: json), out)
    }

    @Test(.enabled(if: CLI.hasVulkan, "no Vulkan device to measure"))
    func benchMeasuresEveryStockEffectOnLavapipeAgainstTheCopyCeiling() throws {
        let (run, report, out) = try tinyBench(device: "llvmpipe")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(run.status == 0, "\(run)")
        let effects = try CLI.stockEffects()
        let measured = Set(report.rows.map(\.effect))
        #expect(measured == Set(effects.keys).union([CopyCeiling.name]))
        for row in report.rows {
            #expect(row.width == 24 && row.height == 16 && row.format == "rgba8")
            #expect(row.time.median > 0 && row.megapixelsPerSecond > 0 && row.gigabytesPerSecond > 0)
            // lavapipe's timestamps do not bracket compute work: the host clock is used and said so.
            #expect(row.timeSource == .hostClock)
            #expect(row.effect == CopyCeiling.name ? row.ceilingRatio == 1 : (row.ceilingRatio ?? 0) > 0)
        }
        #expect(report.devices.first?.name.contains("llvmpipe") == true)
        #expect(run.stderr.contains("[1/\(report.rows.count)]"), "a progress line per row")
        #expect(run.stdout.contains("ceiling:copy") && run.stdout.contains("× CEILING"))
    }

    @Test func benchRunsOnTheCPUEvaluatorSingleAndAllThreads() throws {
        let (run, report, out) = try tinyBench(device: "cpu", extra: ["--threads", "2", "--format", "rgba16f"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(run.status == 0, "\(run)")
        #expect(Set(report.rows.compactMap(\.threads)) == [1, 2])
        #expect(report.rows.allSatisfy { $0.format == "rgba16f" && $0.timeSource == .hostClock && $0.time.median > 0 })
    }

    @Test func baselineComparisonPassesAnEqualRunAndFlagsASlowdown() throws {
        let (_, report, out) = try tinyBench(device: "cpu", extra: ["--threads", "1"])
        defer { try? FileManager.default.removeItem(at: out) }
        let encoder = JSONEncoder()
        func baseline(scaledBy factor: Double, name: String) throws -> String {
            var scaled = report
            scaled.rows = scaled.rows.map { row in
                var row = row
                row.time = TimingSummary(seconds: [row.time.median * factor])
                // The ceiling rows stay: the baseline's effects were `factor` times slower relative to copying.
                if row.effect != CopyCeiling.name { row.ceilingRatio = row.ceilingRatio.map { $0 / factor } }
                row.noisy = nil
                return row
            }
            let url = out.appendingPathComponent(name)
            try encoder.encode(scaled).write(to: url)
            return url.path
        }
        func rerun(against path: String) throws -> CLI.Run {
            try CLI.weft(["bench", "--library", "Shaders", "--device", "cpu", "--threads", "1", "--size", "24x16",
                          "--repetitions", "3", "--warm-up", "0", "--baseline", path, "--tolerance", "10%"])
        }
        // Against a baseline a hundred times slower than this run, nothing regresses … (a hundred: on a loaded machine
        // the copy ceiling of a 24x16 image alone can move fivefold between runs)
        let passing = try rerun(against: try baseline(scaledBy: 100, name: "slow.json"))
        #expect(passing.status == 0, "\(passing)")
        #expect(passing.stdout.contains("RATIO") && !passing.stdout.contains("SLOWER"))
        // … against one a hundred times faster, every row that is compared does; rows this run measured noisily are
        // listed as not compared.
        let failing = try rerun(against: try baseline(scaledBy: 0.01, name: "fast.json"))
        let verdicts = failing.stdout.split(separator: "\n").filter { $0.contains("|Weft CPU evaluator|") && !$0.hasPrefix("ceiling:copy") }
        #expect(verdicts.count == 22, "\(failing)")
        #expect(verdicts.allSatisfy { $0.contains("SLOWER") || $0.hasSuffix("not compared: noisy") }, "\(failing)")
        #expect(failing.status == (verdicts.contains { $0.contains("SLOWER") } ? 1 : 0), "\(failing)")
    }

    @Test func usageErrorsExitTwo() throws {
        for arguments in [["bench", "--tolerance", "5%"], ["bench", "--effect", "grayscale"]] {
            let run = try CLI.weft(arguments)
            #expect(run.status == 2, "\(arguments): \(run)")
        }
    }

    @Test(arguments: [["--format", "rgba32"], ["--repetitions", "1"], ["--size", "0x4"], ["--warm-up", "inf"], ["--threads", "0"]])
    func valuesThatCannotBeUsedExitOneNamingTheOption(_ arguments: [String]) throws {
        let run = try CLI.weft(["bench"] + arguments)
        #expect(run.status == 1 && !run.signaled, "\(arguments): \(run)")
        #expect(run.stderr.contains(arguments[0]) && run.stderr.contains("\"\(arguments[1])\""), "\(run)")
        #expect(!run.stderr.contains("USAGE"), "\(run)")
    }
}

@Suite struct CompareCommandTests {
    @Test func identicalImagesAreWithinToleranceAndAChangedPixelIsFound() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var image = PixelBuffer.blank(width: 5, height: 3, format: .rgba8Unorm)
        for y in 0..<3 { for x in 0..<5 { image[x, y] = SIMD4(Float(x) / 4, Float(y) / 2, 0.5, 1) } }
        let a = out.appendingPathComponent("a.png").path
        try PNGFile.write(image, to: a)
        var changed = image
        changed[3, 2] = SIMD4(0, 0, 0, 1)
        let b = out.appendingPathComponent("b.png").path
        try PNGFile.write(changed, to: b)

        let same = try CLI.weft(["compare", a, a])
        #expect(same.status == 0, "\(same)")
        let different = try CLI.weft(["compare", a, b])
        #expect(different.status == 1, "\(different)")
        #expect(different.stdout.contains("3,2") && different.stdout.contains("DIFFERS"))
    }

    @Test func aFileOnOnlyOneSideOfTwoFoldersIsADifference() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let first = out.appendingPathComponent("first"), second = out.appendingPathComponent("second")
        for folder in [first, second] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        var image = PixelBuffer.blank(width: 2, height: 2, format: .rgba8Unorm)
        image[0, 0] = SIMD4(1, 0, 0, 1)
        try PNGFile.write(image, to: first.appendingPathComponent("both.png").path)
        try PNGFile.write(image, to: second.appendingPathComponent("both.png").path)
        try PNGFile.write(image, to: first.appendingPathComponent("left-only.png").path)

        let run = try CLI.weft(["compare", first.path, second.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("left-only.png") && run.stdout.contains("ONLY IN \(first.path)"), "\(run)")
        #expect(run.stdout.contains("1 of 2 within tolerance"), "\(run)")
        let reversed = try CLI.weft(["compare", second.path, first.path])
        #expect(reversed.status == 1 && reversed.stdout.contains("ONLY IN \(first.path)"), "\(reversed)")
    }

    /// `--diff`: dim gray where equal, blue within the tolerance, red to yellow beyond it by the difference over the
    /// largest, measured pixel by pixel; two folders give a heat map per pair.
    @Test func theDiffHeatMapMarksEveryDifferingPixelByHowFarItIsOff() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var image = PixelBuffer.blank(width: 6, height: 4, format: .rgba8Unorm)
        for y in 0..<4 { for x in 0..<6 { image[x, y] = SIMD4(Float(x) / 5, Float(y) / 3, 100 / 255, 1) } }
        var changed = image
        changed[1, 1].z = 101 / 255   // 1/255 off: within the default tolerance of 2
        changed[4, 2].z = 200 / 255   // 100/255 off: the largest
        changed[2, 3].z = 150 / 255   // 50/255 off: half the largest
        let a = out.appendingPathComponent("a.png").path, b = out.appendingPathComponent("b.png").path
        try PNGFile.write(image, to: a)
        try PNGFile.write(changed, to: b)
        let heat = out.appendingPathComponent("heat.png").path
        let run = try CLI.weft(["compare", a, b, "--diff", heat])
        #expect(run.status == 1 && run.stdout.contains("4,2"), "\(run)")
        let map = try PNGFile.load(path: heat)
        #expect(map.width == 6 && map.height == 4)
        func bytes(_ x: Int, _ y: Int) -> [Int] { let p = map[x, y]; return [p.x, p.y, p.z, p.w].map { Int(($0 * 255).rounded()) } }
        #expect(bytes(1, 1) == [0, 0, 255, 255])
        #expect(bytes(4, 2) == [255, 255, 0, 255])
        let half = bytes(2, 3)
        #expect(half[0] == 255 && abs(half[1] - 128) <= 1 && half[2] == 0, "\(half)")
        var equal = 0
        for y in 0..<4 {
            for x in 0..<6 where ![(1, 1), (4, 2), (2, 3)].contains(where: { $0 == (x, y) }) {
                let p = image[x, y]
                let gray = Int((0.2 * (0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z) * 255).rounded())
                let shown = bytes(x, y)
                if shown[0] == shown[1] && shown[1] == shown[2] && abs(shown[0] - gray) <= 1 && shown[3] == 255 { equal += 1 }
            }
        }
        #expect(equal == 21)

        // Two folders: one heat map per pair, named after it.
        let first = out.appendingPathComponent("first"), second = out.appendingPathComponent("second")
        for folder in [first, second] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try PNGFile.write(image, to: first.appendingPathComponent("pair.png").path)
        try PNGFile.write(changed, to: second.appendingPathComponent("pair.png").path)
        let maps = out.appendingPathComponent("maps")
        let folders = try CLI.weft(["compare", first.path, second.path, "--diff", maps.path])
        #expect(folders.status == 1, "\(folders)")
        #expect(try PNGFile.load(path: maps.appendingPathComponent("pair.png").path)[4, 2] == SIMD4(1, 1, 0, 1))
    }
}
