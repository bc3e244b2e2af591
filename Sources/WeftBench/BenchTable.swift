import Foundation

/// Plain-text tables of a report and of a baseline comparison.
public enum BenchTable {
    public static func render(_ report: BenchReport) -> String {
        let headers = ["EFFECT", "KIND", "DEVICE", "THREADS", "SIZE", "FORMAT", "TIME (ms)", "SPREAD", "SOURCE", "MPIX/S", "GB/S", "× CEILING"]
        let rows = report.rows.map { row in
            [row.effect, row.kind, row.device, row.threads.map(String.init) ?? "-", "\(row.width)x\(row.height)", row.format,
             String(format: "%.4f", row.time.median * 1e3), String(format: "±%.1f%%", row.time.relativeSpread * 50) + (row.noisy == true ? " noisy" : ""),
             row.timeSource.rawValue, String(format: "%.1f", row.megapixelsPerSecond),
             String(format: "%.2f", row.gigabytesPerSecond), row.ceilingRatio.map { String(format: "%.2f", $0) } ?? "-"]
        }
        return table(headers: headers, rows: rows, rightAligned: [3, 6, 7, 9, 10, 11])
    }

    /// One line per CPU-evaluator row: its time, and its speedup and parallel efficiency over one thread.
    public static func render(_ scaling: ThreadScaling) -> String {
        let headers = ["EFFECT", "SIZE", "FORMAT", "THREADS", "TIME (ms)", "SPEEDUP", "EFFICIENCY"]
        let rows = scaling.entries.map { entry in
            [entry.effect, "\(entry.width)x\(entry.height)", entry.format, String(entry.threads), String(format: "%.4f", entry.seconds * 1e3),
             String(format: "×%.2f", entry.speedup), String(format: "%.2f", entry.efficiency)]
        }
        return table(headers: headers, rows: rows, rightAligned: [3, 4, 5, 6])
            + "\nSpeedup: the one-thread time of the same row over this one, same run; efficiency: speedup / threads."
    }

    public static func render(_ comparison: RegressionComparison) -> String {
        let headers = ["ROW", "BASELINE (ms)", "NOW (ms)", "RATIO", "BY", "VERDICT"]
        func cells(_ entry: RegressionComparison.Entry, _ verdict: String) -> [String] {
            [entry.key, String(format: "%.4f", entry.baselineSeconds * 1e3), String(format: "%.4f", entry.currentSeconds * 1e3),
             String(format: "%.3f", entry.ratio), entry.basis == .ceiling ? "× ceiling" : "time", verdict]
        }
        var rows = comparison.entries.map { entry in
            cells(entry, entry.regressed ? String(format: "SLOWER (> %.0f%%)", comparison.tolerance * 100) : "ok")
        }
        rows += comparison.ceilings.map { cells($0, "yardstick") }
        rows += comparison.skippedNoisy.map { [$0, "", "", "", "", "not compared: noisy"] }
        rows += comparison.onlyInCurrent.map { [$0, "-", "", "", "", "new"] }
        rows += comparison.onlyInBaseline.map { [$0, "", "-", "", "", "missing"] }
        var text = table(headers: headers, rows: rows, rightAligned: [1, 2, 3])
        text += "\nRatios by × ceiling compare each row's time to the copy ceiling measured in the same run, so a machine"
            + " busier in one run than the other does not read as a slowdown; noisy rows are not compared."
        return text
    }

    static func table(headers: [String], rows: [[String]], rightAligned: Set<Int>) -> String {
        var widths = headers.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return rightAligned.contains(i) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}
