import Glibc

/// Whole-file reads and writes on POSIX calls, so that failures keep their errno.
public enum FileBytes {
    public enum ReadFailure: Error {
        case notFound
        case failed(String)
        case longerThan(Int)
    }

    /// Reads the whole file, but stops early once its first bytes differ from `expectedPrefix`
    /// (returning what it has, for the caller to reject), and fails past `maxBytes`; so pointing
    /// it at /dev/zero or an endless pipe does not hang. A named pipe that nobody writes reads as
    /// empty instead of blocking the open.
    public static func read(path: String, expectedPrefix: [UInt8] = [], maxBytes: Int = .max) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let code = errno
            return .failure(code == ENOENT ? .notFound : .failed(reason(code)))
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { return .failure(.failed(reason(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.failed("it is a folder")) }
        if fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 { return .failure(.failed(reason(errno))) }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Swift.min(Int(info.st_size), maxBytes))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(reason(errno)))
            }
            if n == 0 { return .success(bytes) }
            bytes += chunk[0..<n]
            if !bytes.starts(with: expectedPrefix.prefix(bytes.count)) { return .success(bytes) }
            if bytes.count > maxBytes { return .failure(.longerThan(maxBytes)) }
        }
    }

    /// Writes to a temporary file beside `path`, then renames it over `path`, so a failed write
    /// never leaves a half-written file behind. Returns why it failed, or nil.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let temporary = "\(path).weft-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { return reason(errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let message = reason(errno)
                close(fd)
                unlink(temporary)
                return message
            }
            written += n
        }
        if close(fd) != 0 {
            let message = reason(errno)
            unlink(temporary)
            return message
        }
        if rename(temporary, path) != 0 {
            let message = reason(errno)
            unlink(temporary)
            return message
        }
        return nil
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
