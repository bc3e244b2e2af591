/// Every effect traced at one output pixel, in the order the render runs them (`PixelDebugger.traceAll`).
/// Codable: `weft debug --json` prints `{"pixel": [x, y], "traces": [...]}`.
public struct PixelTraces: Sendable, Codable {
    /// The output pixel asked about.
    public var pixel: [Int]
    public var traces: [PixelTrace]

    /// Each trace as an author reads it, numbered when there are several.
    public var text: String {
        guard traces.count > 1 else { return traces.first?.text ?? "" }
        return traces.enumerated().map { index, trace in
            "[\(index + 1)/\(traces.count)] " + trace.text
        }.joined(separator: "\n")
    }
}
