import Foundation
import Glibc
import WeftImage
import WeftPlanner

/// Frames as one stream in frame order: straight-alpha RGBA rows (16-bit big-endian samples with `--16bit`) in a raw
/// `.rgba` file, `/dev/null` (to measure everything but the encoder), or the input of an `ffmpeg` that makes a video or
/// a GIF (`FFmpegOutput`), which reads YUV planes instead where the device converted the frames. A file is written under a temporary name and renamed into place when the stream ends well.
final class FrameStream: FrameSink, @unchecked Sendable {
    enum Target {
        case raw(path: String)
        case ffmpeg(FFmpegOutput)
    }

    let target: Target
    let sixteenBit: Bool
    let fps: Double
    /// The YUV planes the frames arrive as (converted on the device), or nil for RGBA.
    let planes: YUVPlanes?
    var writesInParallel: Bool { false }
    /// Touched by `write` and `finish` only, which run one at a time (`FrameWriter`).
    private var fd: Int32 = -1
    /// The ffmpeg reading the stream; it owns `fd`, its standard input.
    private var process: EncoderProcess?
    /// `fd` as ffmpeg's input, written by reference.
    private var pipe: SplicingPipe?
    private var size: (width: Int, height: Int)?
    private var temporary: String?
    /// Whether a write failed: the stream then ends without its file.
    private var broken = false
    /// Frames written whole: a stream opened ahead of its first frame (`prepare`) and ended with none leaves no file.
    private var written = 0
    /// What the pipe into ffmpeg holds, once it started (nil where the system does not say).
    private(set) var pipeCapacity: Int?
    /// When ffmpeg started and the first frame was written into it; read once the writer has finished.
    private(set) var timeline = Timeline()

    struct Timeline {
        var encoderStarted: ContinuousClock.Instant?
        /// The first frame's write into the stream: when it began and when it returned (ffmpeg had read all of it but
        /// what the pipe holds).
        var firstWrite: (begin: ContinuousClock.Instant, end: ContinuousClock.Instant)?
    }

    init(target: Target, sixteenBit: Bool, fps: Double, planes: YUVPlanes? = nil) {
        precondition(planes == nil || !sixteenBit, "YUV planes are written from RGBA8 frames")
        self.target = target
        self.sixteenBit = sixteenBit
        self.fps = fps
        self.planes = planes
    }

    var path: String {
        switch target {
        case .raw(let path): path
        case .ffmpeg(let output): output.path
        }
    }

    /// The frame's YUV planes as the device wrote them, or its straight-alpha rows; on any thread.
    func encode(_ frame: FinishedFrame) throws(FrameWriteError) -> ArraySlice<UInt8> {
        if let planes { return planes.bytes(ofPacked: frame.pixels, width: frame.width, height: frame.height) }
        return PNGRawImage(straightRGBAOf: frame.pixels, bitDepth: sixteenBit ? .sixteen : .eight,
                    colorMode: sixteenBit ? .extendedLinear : .nonLinear).rows[...]
    }

    /// Opens the stream ahead of its first frame, so that ffmpeg starts while that frame renders. Before any `write`
    /// (`FrameWriter`); a failure is met again at the first write, which reports it.
    func prepare(width: Int, height: Int) {
        if fd < 0 { try? open(width: width, height: height, frame: nil) }
    }

    /// On one thread at a time, in frame order (`FrameWriter`).
    func write(_ bytes: ArraySlice<UInt8>, of frame: Int, width: Int, height: Int) throws(FrameWriteError) {
        do {
            try writeFrame(bytes, of: frame, width: width, height: height)
        } catch {
            broken = true
            throw error
        }
    }

    private func writeFrame(_ bytes: ArraySlice<UInt8>, of frame: Int, width: Int, height: Int) throws(FrameWriteError) {
        if let size, size != (width, height) {
            throw FrameWriteError(frame: frame, message: "\(path): it is \(width)x\(height), the stream's frames \(size.width)x\(size.height); one stream holds frames of one size")
        }
        if fd < 0 { try open(width: width, height: height, frame: frame) }
        let begin = ContinuousClock.now
        let failure = if pipe != nil { pipe!.write(bytes) } else { Self.writeAll(bytes, to: fd) }
        if let reason = failure {
            // The stream is broken, not the frame: whatever reads it failed (ffmpeg's own message says why) or the disk is full.
            throw FrameWriteError(frame: nil, message: "\(path): writing frame \(frame): \(reason)\(ffmpegSaid())")
        }
        if written == 0 { timeline.firstWrite = (begin, .now) }
        written += 1
    }

    /// `frame`: the frame whose write opens it, to name in an error (nil: opened ahead of the first).
    private func open(width: Int, height: Int, frame: Int?) throws(FrameWriteError) {
        size = (width, height)
        switch target {
        case .raw(let path):
            let name = path == "/dev/null" ? path : "\(path).weft-\(getpid()).tmp"
            fd = Glibc.open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if fd < 0 { throw FrameWriteError(frame: frame, message: "\(path): cannot write the output: \(String(cString: strerror(errno)))") }
            if name != path { temporary = name }
        case .ffmpeg(let output):
            signal(SIGPIPE, SIG_IGN)
            let temporary = output.temporaryPath
            let arguments = output.arguments(width: width, height: height, fps: fps, planes: planes, sixteenBit: sixteenBit,
                                             writingTo: temporary)
            let process: EncoderProcess
            do { process = try EncoderProcess(executable: output.executable, arguments: arguments) } catch {
                throw FrameWriteError(frame: frame, message: "\(output.path): cannot start \(output.executable): \(error)")
            }
            self.process = process
            self.temporary = temporary
            fd = process.input
            pipe = SplicingPipe(fd: fd)
            pipeCapacity = PipeCapacity.enlarge(fd, toHold: frameBytes(width: width, height: height))
            timeline.encoderStarted = .now
        }
    }

    /// Bytes of one frame on the stream.
    private func frameBytes(width: Int, height: Int) -> Int {
        planes?.byteCount(width: width, height: height) ?? width * height * (sixteenBit ? 8 : 4)
    }

    func finish() throws(FrameWriteError) {
        if broken || written == 0 {
            discard()
            return
        }
        guard fd >= 0 else { return }
        let closed: String?
        if let process {
            closed = process.closeInput().map { String(cString: strerror($0)) }
        } else {
            closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
        }
        fd = -1
        if let process {
            let ending = process.wait()
            pipe?.letGoOfAll()
            guard ending == .exited(0) else {
                let said = ffmpegSaid()
                discard()
                let how = switch ending {
                case .exited(let status): "exited with status \(status)"
                case .signaled(let signal): "was stopped by signal \(signal)"
                }
                throw FrameWriteError(frame: nil, message: "\(path): ffmpeg \(how)\(said)")
            }
        } else if let closed {
            discard()
            throw FrameWriteError(frame: nil, message: "\(path): \(closed)")
        }
        if let temporary, rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw FrameWriteError(frame: nil, message: "\(path): cannot write the output: \(reason)")
        }
    }

    /// Removes the temporary file after a failure (and stops ffmpeg), so no half-written output is left.
    func discard() {
        if let process {
            process.terminate()
        } else if fd >= 0 {
            close(fd)
        }
        pipe?.letGoOfAll()
        fd = -1
        if let temporary { unlink(temporary) }
    }

    /// ffmpeg's stderr, once it has exited, as the end of a message ("" for a raw file, or when read already).
    private func ffmpegSaid() -> String {
        guard let process else { return "" }
        let text = process.errorText().trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "" : "; ffmpeg said: \(text)"
    }

    /// Writes all of `bytes`; returns why it could not, or nil.
    static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += n
        }
        return nil
    }
}
