import Foundation
import Synchronization
import WeftRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a `FileWatcher` could not start.
public enum FileWatcherError: Error, Equatable, CustomStringConvertible {
    /// The folder that holds `path` does not exist or cannot be read.
    case folderMissing(path: String, folder: String)

    public var description: String {
        switch self {
        case .folderMissing(let path, let folder): "\(path): cannot watch: folder '\(folder)' does not exist"
        }
    }
}

/// Watches files for changes of their contents, as editors save them: written in place, renamed over, or deleted and
/// created again. Uses inotify on the folders that hold the files, and polls where inotify is unavailable. A burst of
/// events (one save) is debounced into one change, and a file whose contents end up as they were is not reported.
public final class FileWatcher: Sendable {
    /// How changes are noticed.
    public enum Strategy: Sendable, Equatable {
        case inotify
        /// Reads every watched file each `interval`.
        case polling(interval: Duration)
    }

    /// Quiet time after the last event before a burst counts as finished.
    static let settleTime: Duration = .milliseconds(15)
    /// A burst that never settles is cut off after this long.
    static let longestBurst: Duration = .milliseconds(250)

    public let paths: [String]
    public let strategy: Strategy
    private let state: Mutex<State>

    private struct State: ~Copyable {
        /// Each watched path's content digest, nil while the file is missing.
        var digests: [String: String?]
        /// The inotify descriptor and, per watch descriptor, the watched file names in that folder.
        var inotify: Int32
        var namesByWatch: [Int32: [String: String]]
        /// Per watch descriptor, the watched folder (as given) in which new files count.
        var newFileFolders: [Int32: String] = [:]

        deinit { if inotify >= 0 { close(inotify) } }
    }

    /// Watches `paths` with inotify, or by polling every 50 ms where inotify cannot start.
    public convenience init(paths: [String], newFilesIn folders: [String] = [], accepting: @escaping @Sendable (String) -> Bool = { _ in false })
        throws(FileWatcherError)
    {
        try self.init(paths: paths, strategy: .inotify, newFilesIn: folders, accepting: accepting)
    }

    /// Folders (as given) in which a file that appears, and whose name `accepts`, is reported as changed too.
    public let newFileFolders: [String]
    private let accepts: @Sendable (String) -> Bool

    public init(paths: [String], strategy: Strategy, newFilesIn newFileFolders: [String] = [],
                accepting: @escaping @Sendable (String) -> Bool = { _ in false }) throws(FileWatcherError) {
        self.newFileFolders = newFileFolders
        self.accepts = accepting
        var folders: [String: [String: String]] = [:]
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            let folder = url.deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw .folderMissing(path: path, folder: folder)
            }
            folders[folder, default: [:]][url.lastPathComponent] = path
        }
        var chosen = strategy
        var fd: Int32 = -1
        var namesByWatch: [Int32: [String: String]] = [:]
        var newFolderByWatch: [Int32: String] = [:]
        if strategy == .inotify {
            fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
            for (folder, names) in folders where fd >= 0 {
                let wd = inotify_add_watch(fd, folder, mask)
                if wd < 0 { close(fd); fd = -1; break }
                namesByWatch[wd, default: [:]].merge(names) { a, _ in a }
            }
            for folder in newFileFolders where fd >= 0 {
                // inotify gives the same descriptor for a folder already watched.
                let wd = inotify_add_watch(fd, URL(fileURLWithPath: folder).standardizedFileURL.path, mask)
                if wd >= 0 { newFolderByWatch[wd] = folder }
            }
            if fd < 0 { chosen = .polling(interval: .milliseconds(50)); namesByWatch = [:]; newFolderByWatch = [:] }
        }
        self.paths = paths
        self.strategy = chosen
        var state = State(digests: Dictionary(paths.map { ($0, Self.digest(of: $0)) }) { a, _ in a }, inotify: fd, namesByWatch: namesByWatch)
        state.newFileFolders = newFolderByWatch
        for path in newFileFolders.flatMap({ Self.acceptedFiles(in: $0, accepting) }) where state.digests[path] == nil {
            state.digests[path] = Self.digest(of: path)
        }
        self.state = Mutex(state)
    }

    /// `folder/NAME` for each file in `folder` whose name is accepted.
    static func acceptedFiles(in folder: String, _ accepts: (String) -> Bool) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return names.filter(accepts).sorted().map { base + "/" + $0 }
    }

    /// Blocks up to `timeout` and returns the watched paths whose contents changed since the last call (or since the
    /// watcher started); empty on timeout.
    public func waitForChanges(timeout: Duration) -> Set<String> {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        return state.withLock { state in
            while true {
                let touched = nextBurst(&state, until: deadline)
                var changed = Set<String>()
                for path in touched {
                    let digest = Self.digest(of: path)
                    if state.digests[path] != digest {
                        state.digests[path] = digest
                        changed.insert(path)
                    }
                }
                if !changed.isEmpty || clock.now >= deadline { return changed }
            }
        }
    }

    /// The paths touched by the next burst of activity that starts before `deadline`, once it has settled.
    private func nextBurst(_ state: inout State, until deadline: ContinuousClock.Instant) -> Set<String> {
        let clock = ContinuousClock()
        switch strategy {
        case .inotify:
            var touched = Self.readEvents(&state, waitingUntil: deadline, accepting: accepts)
            guard !touched.isEmpty else { return [] }
            let cutoff = clock.now + Self.longestBurst
            while clock.now < cutoff {
                let more = Self.readEvents(&state, waitingUntil: min(clock.now + Self.settleTime, cutoff), accepting: accepts)
                if more.isEmpty { break }
                touched.formUnion(more)
            }
            return touched
        case .polling(let interval):
            while true {
                let appeared = newFileFolders.flatMap { Self.acceptedFiles(in: $0, accepts) }.filter { state.digests[$0] == nil }
                let touched = Set(paths.filter { state.digests[$0] != Self.digest(of: $0) } + appeared)
                if !touched.isEmpty {
                    // Settled when two reads a settle time apart agree.
                    var last = touched.map { ($0, Self.digest(of: $0)) }
                    let cutoff = clock.now + Self.longestBurst
                    while clock.now < cutoff {
                        Thread.sleep(forTimeInterval: Self.seconds(Self.settleTime))
                        let now = touched.map { ($0, Self.digest(of: $0)) }
                        if now.elementsEqual(last, by: { $0 == $1 }) { break }
                        last = now
                    }
                    return touched
                }
                let left = deadline - clock.now
                if left <= .zero { return [] }
                Thread.sleep(forTimeInterval: Self.seconds(min(interval, left)))
            }
        }
    }

    /// Reads the inotify events that arrive before `deadline` (returning as soon as some have) and names the watched
    /// paths they touch. An overflowed queue touches every path.
    private static func readEvents(_ state: inout State, waitingUntil deadline: ContinuousClock.Instant,
                                   accepting accepts: (String) -> Bool) -> Set<String> {
        let clock = ContinuousClock()
        var touched = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while touched.isEmpty {
            let left = deadline - clock.now
            let milliseconds = max(0, Int32(min(Double(Int32.max), (seconds(left) * 1000).rounded(.up))))
            var poller = pollfd(fd: state.inotify, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return touched }
            let count = buffer.withUnsafeMutableBytes { read(state.inotify, $0.baseAddress, $0.count) }
            if count <= 0 { continue }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    state.namesByWatch.values.forEach { touched.formUnion($0.values) }
                } else if let path = state.namesByWatch[wd]?[name] {
                    touched.insert(path)
                } else if let folder = state.newFileFolders[wd], !name.isEmpty, accepts(name) {
                    touched.insert((folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + name)
                }
                offset += headerSize + length
            }
            if clock.now >= deadline { break }
        }
        return touched
    }

    /// SHA-256 of the file's contents; nil when it cannot be read.
    static func digest(of path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var hash = SHA256()
        hash.update(data)
        return hash.finalize()
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
