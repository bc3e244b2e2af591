import Foundation
import Testing

/// `weft render --stats`' barrier line and `weft plan`'s levels, scheduled and with `--no-fuse` (lowering order).
@Suite
struct ScheduleStatsTests {
    let folder = CLI.temporaryDirectory()
    static let scene = CLI.packageRoot.appendingPathComponent("examples/circles-per-child-shadow.json").path

    /// The batches `weft render --stats` reports on `device`, nil where it prints `-`.
    func barrierBatches(device: String, _ extra: [String] = []) throws -> Int? {
        let out = folder.appendingPathComponent("stats-\(device)\(extra.joined()).png").path
        let run = try CLI.weft(["render", Self.scene, "--stats", "--device", device, "-o", out] + extra)
        #expect(run.status == 0, "\(run)")
        let line = try #require(run.stdout.split(separator: "\n").last.map(String.init))
        if line == "barriers: - (the executor records none)" { return nil }
        let match = try #require(line.wholeMatch(of: /barriers: (\d+) in (\d+) batch(es)?/), "\(run)")
        return Int(match.2)
    }

    @Test func vulkanRecordsFewerBarrierBatchesScheduled() throws {
        #expect(try barrierBatches(device: "cpu") == nil)
        guard CLI.hasVulkan else { return }
        let scheduled = try #require(try barrierBatches(device: "llvmpipe"))
        let lowered = try #require(try barrierBatches(device: "llvmpipe", ["--no-fuse"]))
        #expect(scheduled < lowered, "scheduled \(scheduled) batches, in lowering order \(lowered)")
    }

    /// The LEVEL column: ascending, and with fewer levels than `--no-fuse`'s lowering order.
    @Test func planShowsEachPassLevel() throws {
        func levels(_ extra: [String]) throws -> [Int] {
            let run = try CLI.weft(["plan", Self.scene] + extra)
            #expect(run.status == 0, "\(run)")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.dropFirst(2).first?.hasPrefix("PASS  LEVEL  KERNELS") == true, "\(run)")
            return lines.dropFirst(3).prefix { !$0.isEmpty }.compactMap {
                $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
            }
        }
        let scheduled = try levels([])
        let lowered = try levels(["--no-fuse"])
        // Folding leaves 13 of the 21 passes lowering makes.
        #expect(scheduled.count == 13 && lowered.count == 21, "\(scheduled) \(lowered)")
        #expect(scheduled == scheduled.sorted() && lowered == lowered.sorted())
        #expect((scheduled.last ?? 99) < (lowered.last ?? 0), "\(scheduled) \(lowered)")
    }
}
