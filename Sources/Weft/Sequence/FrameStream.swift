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
    private var process: Process?
    private var errors: Pipe?
    private var size: (width: Int, height: Int)?
    private var temporary: String?
    /// Whether a write failed: the stream then ends without its file.
    private var broken = false
    /// Frames written whole: a stream opened ahead of its first frame (`prepare`) and ended with none leaves no file.
    private var written = 0

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
    func encode(_ frame: FinishedFrame) throws(FrameWriteError) -> [UInt8] {
        if let planes { return Array(planes.bytes(ofPacked: frame.pixels, width: frame.width, height: frame.height)) }
        return PNGRawImage(straightRGBAOf: frame.pixels, bitDepth: sixteenBit ? .sixteen : .eight,
                    colorMode: sixteenBit ? .extendedLinear : .nonLinear).rows
    }

    /// Opens the stream ahead of its first frame, so that ffmpeg starts while that frame renders. Before any `write`
    /// (`FrameWriter`); a failure is met again at the first write, which reports it.
    func prepare(width: Int, height: Int) {
        if fd < 0 { try? open(width: width, height: height, frame: nil) }
    }

    /// On one thread at a time, in frame order (`FrameWriter`).
    func write(_ bytes: [UInt8], of frame: Int, width: Int, height: Int) throws(FrameWriteError) {
        do {
            try writeFrame(bytes, of: frame, width: width, height: height)
        } catch {
            broken = true
            throw error
        }
    }

    private func writeFrame(_ bytes: [UInt8], of frame: Int, width: Int, height: Int) throws(FrameWriteError) {
        if let size, size != (width, height) {
            throw FrameWriteError(frame: frame, message: "\(path): it is \(width)x\(height), the stream's frames \(size.width)x\(size.height); one stream holds frames of one size")
        }
        if fd < 0 { try open(width: width, height: height, frame: frame) }
        if let reason = Self.writeAll(bytes, to: fd) {
            // The stream is broken, not the frame: whatever reads it failed (ffmpeg's own message says why) or the disk is full.
            throw FrameWriteError(frame: nil, message: "\(path): writing frame \(frame): \(reason)\(ffmpegSaid())")
        }
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
            let process = Process()
            process.executableURL = URL(fileURLWithPath: output.executable)
            process.arguments = output.arguments(width: width, height: height, fps: fps, planes: planes,
                                                 sixteenBit: sixteenBit, writingTo: temporary)
            let input = Pipe()
            let errors = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            do { try process.run() } catch {
                throw FrameWriteError(frame: frame, message: "\(output.path): cannot start \(output.executable): \(error)")
            }
            self.process = process
            self.errors = errors
            self.temporary = temporary
            fd = dup(input.fileHandleForWriting.fileDescriptor)
            try? input.fileHandleForWriting.close()
            // A 64 KiB pipe hands ffmpeg a 1080p frame in 128 reads, each a switch between the two processes; 1 MiB (the
            // largest an unprivileged process may ask for) takes 8. Best effort: the default still works.
            _ = fcntl(fd, Self.setPipeSize, 1 << 20)
        }
    }

    func finish() throws(FrameWriteError) {
        if broken || written == 0 {
            discard()
            return
        }
        guard fd >= 0 else { return }
        let closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
        fd = -1
        if let process {
            process.waitUntilExit()
            let said = ffmpegSaid()
            guard process.terminationStatus == 0 else {
                discard()
                throw FrameWriteError(frame: nil, message: "\(path): ffmpeg exited with status \(process.terminationStatus)\(said)")
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
        if fd >= 0 { close(fd); fd = -1 }
        if let process, process.isRunning { process.terminate(); process.waitUntilExit() }
        if let temporary { unlink(temporary) }
    }

    /// ffmpeg's stderr, once it has exited, as the end of a message ("" for a raw file, or when read already).
    private func ffmpegSaid() -> String {
        guard let process, let errors else { return "" }
        process.waitUntilExit()
        let text = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "" : "; ffmpeg said: \(text)"
    }

    /// fcntl's F_SETPIPE_SZ (Linux), which Glibc's module does not export.
    static let setPipeSize: Int32 = 1031

    /// Writes all of `bytes`; returns why it could not, or nil.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
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
