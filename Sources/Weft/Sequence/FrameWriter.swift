import Foundation
import WeftImage

/// A rendered frame on its way out: its number in the sequence and its pixels: RGBA, or YUV planes packed in RGBA8
/// (`YUVPlanes.packedTexture`) for a picture of `width × height`.
struct FinishedFrame: Sendable {
    var number: Int
    var pixels: PixelBuffer
    var width: Int
    var height: Int

    init(number: Int, pixels: PixelBuffer, width: Int? = nil, height: Int? = nil) {
        self.number = number
        self.pixels = pixels
        self.width = width ?? pixels.width
        self.height = height ?? pixels.height
    }
}

/// Where a sequence's frames go: one PNG file each (`PNGFrameFiles`), or one stream in frame order (`FrameStream`:
/// raw RGBA, ffmpeg). Frames are encoded on several threads at once; a stream's are written one by one, in order.
protocol FrameSink: Sendable {
    /// Whether encoded frames may be written several at once (files of their own), or only in frame order (a stream).
    var writesInParallel: Bool { get }
    /// Gets ready for frames of `width × height` pixels before the first arrives (a stream starts ffmpeg while that frame
    /// renders); called at most once, before any `write`. Best effort: what fails here fails again, and is reported, at
    /// the first write.
    func prepare(width: Int, height: Int)
    /// A frame's bytes as they are written: a slice, so that bytes already in the frame's pixels (a video's YUV planes)
    /// are written from there, not copied. Throws a `FrameWriteError`.
    func encode(_ frame: FinishedFrame) throws(FrameWriteError) -> ArraySlice<UInt8>
    /// Writes one encoded frame of `width × height` pixels. Throws a `FrameWriteError`.
    func write(_ bytes: ArraySlice<UInt8>, of frame: Int, width: Int, height: Int) throws(FrameWriteError)
    /// After the last frame: closes the stream and waits for whatever reads it.
    func finish() throws(FrameWriteError)
}

public struct FrameWriteTimes: Sendable {
    public var encoding: Duration = .zero
    public var writing: Duration = .zero
}

/// Why a frame (or the stream they go to) could not be written.
public struct FrameWriteError: Error, Sendable, CustomStringConvertible {
    /// The frame, or nil for the stream as a whole.
    public var frame: Int?
    public var message: String
    /// The frame's time in seconds, to name it as a failed render does.
    public var time: Double?
    public var description: String {
        guard let frame else { return message }
        return "frame \(frame)\(time.map { " (t=\($0) s)" } ?? ""): \(message)"
    }
}

/// Writes frames on other threads while the next ones render: `submit` hands a frame to a bounded queue and returns
/// at once unless the queue is full (so memory stays flat for any sequence length); one worker per core encodes a
/// frame at a time. A file sink's worker writes the frame it encoded; a stream sink's frames are written in the order
/// they were submitted, by whichever worker finishes the next one (the others hold at most one encoded frame each).
final class FrameWriter: @unchecked Sendable {
    private let sink: any FrameSink
    private let condition = NSCondition()
    private var queue: [(order: Int, frame: FinishedFrame)] = []
    private let capacity: Int
    private var submitted = 0
    private var closed = false
    private var running = 0
    private var failures: [FrameWriteError] = []
    private var totals = FrameWriteTimes()
    private var written = 0
    /// A stream's frames encoded ahead of their turn, by submission order; `nextToWrite` is the next one's.
    private var encodedAhead: [Int: (frame: FinishedFrame, bytes: ArraySlice<UInt8>?)] = [:]
    private var nextToWrite = 0
    private var writingStream = false
    /// Whether a stream failed: later frames are not written (they would land in the wrong place in it).
    private var streamBroken = false

    /// `workers` nil: one per core.
    init(sink: any FrameSink, workers: Int? = nil) {
        self.sink = sink
        let count = max(workers ?? ProcessInfo.processInfo.activeProcessorCount, 1)
        capacity = 2 * count
        running = count
        for _ in 0..<count {
            let thread = Thread { [self] in work() }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// The sink's `prepare`, on the calling thread, before the first frame is submitted.
    func prepare(width: Int, height: Int) {
        sink.prepare(width: width, height: height)
    }

    /// Queues `frame`; waits while the queue is full. Returns how long it waited.
    @discardableResult
    func submit(_ frame: FinishedFrame) -> Duration {
        let start = ContinuousClock.now
        condition.lock()
        while queue.count >= capacity { condition.wait() }
        queue.append((submitted, frame))
        submitted += 1
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
        let clock = ContinuousClock()
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            if queue.isEmpty {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let (order, frame) = queue.removeFirst()
            let skip = streamBroken
            condition.broadcast()
            condition.unlock()

            var bytes: ArraySlice<UInt8>?
            var encoding = Duration.zero
            if !skip {
                let start = clock.now
                do { bytes = try sink.encode(frame) } catch { record(error) }
                encoding = clock.now - start
            }
            if sink.writesInParallel {
                guard let bytes else { continue }
                let start = clock.now
                do {
                    try sink.write(bytes, of: frame.number, width: frame.width, height: frame.height)
                    record(FrameWriteTimes(encoding: encoding, writing: clock.now - start))
                } catch {
                    record(error)
                }
            } else {
                writeInOrder(order: order, frame: frame, bytes: bytes, encoding: encoding)
            }
        }
    }

    /// Puts a stream's encoded frame (nil: it failed) in line, and writes every frame whose turn has come unless
    /// another worker is writing them already.
    private func writeInOrder(order: Int, frame: FinishedFrame, bytes: ArraySlice<UInt8>?, encoding: Duration) {
        let clock = ContinuousClock()
        condition.lock()
        encodedAhead[order] = (frame, bytes)
        totals.encoding += encoding
        guard !writingStream else {
            condition.unlock()
            return
        }
        writingStream = true
        while let next = encodedAhead.removeValue(forKey: nextToWrite) {
            nextToWrite += 1
            guard let bytes = next.bytes, !streamBroken else { continue }
            condition.unlock()
            let start = clock.now
            let frame = next.frame
            let result = Result { () throws(FrameWriteError) in
                try sink.write(bytes, of: frame.number, width: frame.width, height: frame.height)
            }
            let writing = clock.now - start
            condition.lock()
            switch result {
            case .success:
                written += 1
                totals.writing += writing
            case .failure(let error):
                failures.append(error)
                streamBroken = true
            }
        }
        writingStream = false
        condition.unlock()
    }

    private func record(_ times: FrameWriteTimes) {
        condition.lock()
        written += 1
        totals.encoding += times.encoding
        totals.writing += times.writing
        condition.unlock()
    }

    private func record(_ error: FrameWriteError) {
        condition.lock()
        failures.append(error)
        condition.unlock()
    }
}

/// One PNG file per frame, named by the sequence's pattern; written whole or not at all (a temporary file renamed
/// into place).
struct PNGFrameFiles: FrameSink {
    var sequence: SequenceRequest
    var sixteenBit: Bool
    var compression: PNGCompression = .fast
    var writesInParallel: Bool { true }

    /// Each file is made when its frame arrives.
    func prepare(width: Int, height: Int) {}

    func encode(_ frame: FinishedFrame) throws(FrameWriteError) -> ArraySlice<UInt8> {
        do {
            return try PNGFile.encode(frame.pixels, bitDepth: sixteenBit ? .sixteen : .eight,
                                      colorMode: sixteenBit ? .extendedLinear : .nonLinear, compression: compression)[...]
        } catch {
            throw FrameWriteError(frame: frame.number, message: "\(error)", time: sequence.time(ofFrame: frame.number))
        }
    }

    func write(_ bytes: ArraySlice<UInt8>, of frame: Int, width: Int, height: Int) throws(FrameWriteError) {
        do {
            // The slice is the whole encoded file: the array is its storage, not a copy.
            try PNGFile.write(Array(bytes), to: sequence.path(ofFrame: frame))
        } catch {
            throw FrameWriteError(frame: frame, message: "\(error)", time: sequence.time(ofFrame: frame))
        }
    }

    func finish() throws(FrameWriteError) {}
}
