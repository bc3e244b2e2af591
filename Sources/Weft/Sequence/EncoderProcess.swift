import Foundation
import Glibc

/// An encoder (ffmpeg) started with `posix_spawn`: its standard input a pipe the caller writes, its standard output
/// discarded, its standard error read while it runs and its end kept for the message of a failure. Waited for with
/// `waitpid`, which returns as the process ends (Foundation's `Process.waitUntilExit` polls its run loop and returned
/// up to 50 ms late).
final class EncoderProcess {
    /// How a process ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    let pid: pid_t
    /// The write end of the process's standard input; -1 once closed.
    private(set) var input: Int32
    private let errors: ErrorReader
    private var ending: Ending?

    /// The most of the standard error's end that is kept for a message; what came before is left out.
    static let errorTextLimit = 8 << 10

    /// Starts `executable` with `arguments`; the error is `posix_spawn`'s or `pipe2`'s errno.
    init(executable: String, arguments: [String]) throws(SpawnError) {
        let inputPipe = try Self.pipe()
        let errorPipe: [Int32]
        do { errorPipe = try Self.pipe() } catch {
            close(inputPipe[0]); close(inputPipe[1])
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies, so the child keeps these three and no other descriptor of ours.
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        // Descriptors other code opened without close-on-exec stay ours, too.
        _ = Self.addCloseFrom?(&actions, STDERR_FILENO + 1)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let code = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(inputPipe[0])
        close(errorPipe[1])
        guard code == 0 else {
            close(inputPipe[1]); close(errorPipe[0])
            throw SpawnError(code: code)
        }
        pid = child
        input = inputPipe[1]
        errors = ErrorReader(reading: errorPipe[0], keeping: Self.errorTextLimit)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Glibc's module does not export; nil
    /// where the C library lacks it.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    /// A pipe whose ends close on exec (Glibc's module has no `pipe2`): the child keeps only the copies it is given.
    private static func pipe() throws(SpawnError) -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw SpawnError(code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    deinit {
        if ending == nil { terminate() }
        closeInput()
    }

    /// Closes the process's standard input (the end of the stream); returns `close`'s errno, or nil.
    @discardableResult
    func closeInput() -> Int32? {
        guard input >= 0 else { return nil }
        let failed = close(input) == 0 ? nil : errno
        input = -1
        return failed
    }

    /// Waits for the process to end (once; later calls return the same ending).
    func wait() -> Ending {
        if let ending { return ending }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Glibc's module does not export.
        let ending: Ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        self.ending = ending
        return ending
    }

    /// Stops the process (SIGTERM) and waits for it.
    func terminate() {
        guard ending == nil else { return }
        kill(pid, SIGTERM)
        closeInput()
        _ = wait()
    }

    /// The end of what the process wrote to its standard error (at most `errorTextLimit` bytes, from a line's start),
    /// once it has ended and closed it; "" when taken already.
    func errorText() -> String {
        _ = wait()
        return errors.take()
    }

    /// Why a process could not be started: an errno.
    struct SpawnError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    /// Reads a standard error on a thread of its own from the process's start, so that a process writing more of it
    /// than a pipe holds (ffmpeg with verbose logging, or a warning every frame) never stops on a full pipe while its
    /// input is being written; keeps the last `limit` bytes.
    private final class ErrorReader: @unchecked Sendable {
        private let limit: Int
        private let condition = NSCondition()
        /// Under `condition`: what was read, trimmed to `limit`; whether the pipe ended; whether the text was taken.
        private var text: [UInt8] = []
        private var trimmed = false
        private var ended = false
        private var taken = false

        init(reading fd: Int32, keeping limit: Int) {
            self.limit = limit
            let thread = Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 64 << 10)
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    condition.lock()
                    text += buffer[..<n]
                    if text.count > 2 * limit {
                        text.removeFirst(text.count - limit)
                        trimmed = true
                    }
                    condition.unlock()
                }
                close(fd)
                condition.lock()
                ended = true
                condition.broadcast()
                condition.unlock()
            }
            thread.stackSize = 256 << 10
            thread.start()
        }

        /// Once the pipe has ended (every writer closed it), what was read: its last `limit` bytes from a line's start
        /// after a line saying that more came before, when more did; "" when taken already.
        func take() -> String {
            condition.lock()
            defer { condition.unlock() }
            while !ended { condition.wait() }
            guard !taken else { return "" }
            taken = true
            var kept = text[...]
            if kept.count > limit {
                kept = kept.suffix(limit)
                trimmed = true
            }
            guard trimmed else { return String(decoding: kept, as: UTF8.self) }
            if let newline = kept.firstIndex(of: UInt8(ascii: "\n")) { kept = kept[(newline + 1)...] }
            return "(its earlier output left out)\n" + String(decoding: kept, as: UTF8.self)
        }
    }
}
