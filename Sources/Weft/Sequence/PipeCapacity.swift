import Foundation
import Glibc

/// How much the pipe into an encoder holds. ffmpeg's one input thread takes at most a pipe's worth a read: a 64 KiB
/// pipe (the default) hands it a 1080p frame of 4:2:0 planes in 48 or more reads, each a switch between the two
/// processes, 1 MiB in 3, two frames in one.
enum PipeCapacity {
    /// Makes the pipe `fd` hold two frames of `frame` bytes where the system allows it (root with `CAP_SYS_RESOURCE`,
    /// or an `fs.pipe-max-size` raised that far), else the most `fs.pipe-max-size` allows an unprivileged process
    /// (1 MiB by default). Best effort: a pipe of any size still works. Returns the capacity the pipe has then, or nil
    /// where the system does not say.
    @discardableResult
    static func enlarge(_ fd: Int32, toHold frame: Int) -> Int? {
        for size in sizesToAsk(frame: frame, systemLimit: systemLimit()) where fcntl(fd, setSize, Int32(clamping: size)) >= 0 { break }
        return capacity(of: fd)
    }

    /// The sizes to ask for, largest first: two frames, then the largest power of two within the system's limit where
    /// that is less (the kernel rounds a size up to a power of two pages and refuses one past the limit), then 1 MiB
    /// unless a size no larger came before.
    static func sizesToAsk(frame: Int, systemLimit: Int?) -> [Int] {
        var sizes = [2 * frame]
        if let systemLimit, systemLimit > 0 {
            let largest = 1 << (Int.bitWidth - 1 - systemLimit.leadingZeroBitCount)
            if largest < 2 * frame { sizes.append(largest) }
        }
        if sizes.allSatisfy({ $0 > defaultLimit }) { sizes.append(defaultLimit) }
        return sizes
    }

    /// What the pipe `fd` holds, or nil where the system does not say.
    static func capacity(of fd: Int32) -> Int? {
        let size = fcntl(fd, getSize)
        return size > 0 ? Int(size) : nil
    }

    /// `fs.pipe-max-size`: the largest pipe an unprivileged process may ask for; nil where it cannot be read.
    static func systemLimit() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `fs.pipe-max-size`'s default.
    static let defaultLimit = 1 << 20

    /// fcntl's F_SETPIPE_SZ and F_GETPIPE_SZ (Linux), which Glibc's module does not export.
    static let setSize: Int32 = 1031
    static let getSize: Int32 = 1032
}
