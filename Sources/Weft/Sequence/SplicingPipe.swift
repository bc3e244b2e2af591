import Foundation
import Glibc

/// The write end of the pipe into an encoder, written by reference: `vmsplice(2)` hands the pipe the pages a frame's
/// bytes lie in instead of copying the bytes into it, so the encoder's `read` is the bytes' one copy on the way. The
/// pipe then refers to those pages until the encoder has read them, so each frame's bytes are kept (`unread`) until
/// the pipe says it has: memory given back earlier would be handed to the next frame and rewritten under the encoder.
/// Where the system refuses to splice, and unless asked to splice (`splicingByEnvironment`), bytes are written
/// (`write(2)`).
struct SplicingPipe {
    let fd: Int32
    /// Bytes handed to the pipe so far.
    private var handed = 0
    /// Frames handed to the pipe by reference, in order, with where each ends in the stream; kept until read.
    private var unread: [(end: Int, bytes: ArraySlice<UInt8>)] = []
    private var splicing: Bool

    /// Whether frames are spliced: only with `$WEFT_PIPE_SPLICE` `1`. On an H100 splicing took a fifth of the writing
    /// side's system time but no wall time, and videos ended later after ffmpeg (docs/benchmarks.md), so frames are
    /// written (`write(2)`) by default.
    static let splicingByEnvironment = ProcessInfo.processInfo.environment["WEFT_PIPE_SPLICE"] == "1"

    /// A pipe written by reference where the system allows it and `splicing` (`WEFT_PIPE_SPLICE=1`), else written to.
    init(fd: Int32, splicing: Bool = Self.splicingByEnvironment) {
        self.fd = fd
        self.splicing = splicing && Self.vmsplice != nil
    }

    /// Frames whose bytes the encoder may not have read yet.
    var framesKept: Int { unread.count }

    /// Hands all of `bytes` to the pipe; returns why it could not, or nil.
    mutating func write(_ bytes: ArraySlice<UInt8>) -> String? {
        var spliced = 0
        while splicing, let vmsplice = Self.vmsplice, spliced < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                var segment = iovec(iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress! + spliced), iov_len: buffer.count - spliced)
                return vmsplice(fd, &segment, 1, 0)
            }
            if n >= 0 {
                spliced += n
            } else if errno != EINTR {
                // A pipe that cannot take pages by reference (or a kernel without vmsplice) is written to.
                guard [EINVAL, ENOSYS, EPERM].contains(errno) else { return String(cString: strerror(errno)) }
                splicing = false
            }
        }
        if spliced < bytes.count, let failure = FrameStream.writeAll(bytes[(bytes.startIndex + spliced)...], to: fd) { return failure }
        handed += bytes.count
        if spliced > 0 { unread.append((handed, bytes)) }
        letGoOfRead()
        return nil
    }

    /// Lets go of the frames the encoder has read all of: the pipe holds only the stream's last bytes. A pipe that
    /// cannot say how much it holds is written to from then on, so that no more frames are kept.
    mutating func letGoOfRead() {
        guard !unread.isEmpty else { return }
        var inPipe: Int32 = 0
        guard ioctl(fd, UInt(Self.bytesUnread), &inPipe) == 0 else {
            splicing = false
            return
        }
        let read = handed - Int(inPipe)
        while let first = unread.first, first.end <= read { unread.removeFirst() }
    }

    /// Once the pipe is closed and its reader has ended: nothing refers to the frames' pages any more.
    mutating func letGoOfAll() { unread.removeAll() }

    /// ioctl's FIONREAD: the bytes a pipe holds unread.
    private static let bytesUnread = 0x541B

    /// glibc's `vmsplice`, which Glibc's module does not export; nil where the C library lacks it.
    private static let vmsplice: (@convention(c) (Int32, UnsafePointer<iovec>?, Int, UInt32) -> Int)? = {
        guard let symbol = dlsym(nil, "vmsplice") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<iovec>?, Int, UInt32) -> Int).self)
    }()
}
