import Foundation
import WeftImage

/// A rendered frame on its way out: its number in the sequence and its pixels.
struct FinishedFrame: Sendable {
    var number: Int
    var pixels: PixelBuffer
}

/// Where a sequence's frames go: one PNG file each (`PNGFrameFiles`), or one stream in frame order (`FrameStream`:
/// raw RGBA, ffmpeg).
protocol FrameSink: Sendable {
    /// Whether frames may be written several at once (files of their own); a stream takes them one by one, in order.
    var writesInParallel: Bool { get }
    /// Encodes and writes one frame; returns the time spent on each. Throws a `FrameWriteError`.
    func write(_ frame: FinishedFrame) throws(FrameWriteError) -> FrameWriteTimes
    /// After the last frame: closes the stream and waits for whatever reads it.
    func finish() throws(FrameWriteError)
}

struct FrameWriteTimes: Sendable {
    var encoding: Duration = .zero
    var writing: Duration = .zero
}

/// Why a frame (or the stream they go to) could not be written.
struct FrameWriteError: Error, Sendable, CustomStringConvertible {
    /// The frame, or nil for the stream as a whole.
    var frame: Int?
    var message: String
    /// The frame's time in seconds, to name it as a failed render does.
    var time: Double?
    var description: String {
        guard let frame else { return message }
        return "frame \(frame)\(time.map { " (t=\($0) s)" } ?? ""): \(message)"
    }
}

/// Writes frames on other threads while the next ones render: `submit` hands a frame to a bounded queue and returns
/// at once unless the queue is full (so memory stays flat for any sequence length); each worker encodes and writes
/// one frame at a time. A stream sink gets one worker, so frames reach it in the order they were submitted.
final class FrameWriter: @unchecked Sendable {
    private let sink: any FrameSink
    private let condition = NSCondition()
    private var queue: [FinishedFrame] = []
    private let capacity: Int
    private var closed = false
    private var running = 0
    private var failures: [FrameWriteError] = []
    private var totals = FrameWriteTimes()
    private var written = 0
    /// Whether a stream failed: later frames are not written (they would land in the wrong place in it).
    private var streamBroken = false

    /// `workers` nil: one per core for a file sink.
    init(sink: any FrameSink, workers: Int? = nil) {
        self.sink = sink
        let count = sink.writesInParallel ? max(workers ?? ProcessInfo.processInfo.activeProcessorCount, 1) : 1
        capacity = 2 * count
        running = count
        for _ in 0..<count {
            let thread = Thread { [self] in work() }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Queues `frame`; waits while the queue is full. Returns how long it waited.
    @discardableResult
    func submit(_ frame: FinishedFrame) -> Duration {
        let start = ContinuousClock.now
        condition.lock()
        while queue.count >= capacity { condition.wait() }
        queue.append(frame)
        condition.broadcast()
        condition.unlock()
        return ContinuousClock.now - start
    }

    struct Summary {
        var written: Int
        var failures: [FrameWriteError]
        var times: FrameWriteTimes
    }

    /// Waits for every queued frame, then finishes the sink.
    func finish() -> Summary {
        condition.lock()
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        var failures = self.failures
        let summary = (written, totals)
        condition.unlock()
        do { try sink.finish() } catch { failures.append(error) }
        return Summary(written: summary.0, failures: failures.sorted { ($0.frame ?? .max) < ($1.frame ?? .max) }, times: summary.1)
    }

    private func work() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            if queue.isEmpty {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let frame = queue.removeFirst()
            let skip = streamBroken
            condition.broadcast()
            condition.unlock()
            if skip { continue }
            let result = Result { () throws(FrameWriteError) in try sink.write(frame) }
            condition.lock()
            switch result {
            case .success(let times):
                written += 1
                totals.encoding += times.encoding
                totals.writing += times.writing
            case .failure(let error):
                failures.append(error)
                if !sink.writesInParallel { streamBroken = true }
            }
            condition.unlock()
        }
    }
}

/// One PNG file per frame, named by the sequence's pattern; written whole or not at all (a temporary file renamed
/// into place).
struct PNGFrameFiles: FrameSink {
    var sequence: SequenceRequest
    var sixteenBit: Bool
    var compression: PNGCompression = .fast
    var writesInParallel: Bool { true }

    func write(_ frame: FinishedFrame) throws(FrameWriteError) -> FrameWriteTimes {
        let clock = ContinuousClock()
        let start = clock.now
        let path = sequence.path(ofFrame: frame.number)
        do {
            let bytes = try PNGFile.encode(frame.pixels, bitDepth: sixteenBit ? .sixteen : .eight,
                                           colorMode: sixteenBit ? .extendedLinear : .nonLinear, compression: compression)
            let encoded = clock.now
            try PNGFile.write(bytes, to: path)
            return FrameWriteTimes(encoding: encoded - start, writing: clock.now - encoded)
        } catch {
            throw FrameWriteError(frame: frame.number, message: "\(error)", time: sequence.time(ofFrame: frame.number))
        }
    }

    func finish() throws(FrameWriteError) {}
}
