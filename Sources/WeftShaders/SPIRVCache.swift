import Foundation
import Synchronization
import WeftRuntime

/// Compiled SPIR-V by cache key: in memory (the most recently used), and on disk as `<key>.spv` under a directory
/// (by default `$XDG_CACHE_HOME/weft`, else `~/.cache/weft`). Keys hash everything that
/// affects the module, so entries never need invalidating. Files carry the SHA-256 of the
/// module (`CacheEnvelope`): a damaged file is a miss, and the recompiled module replaces it.
/// A directory that is missing, unreadable or read-only only costs compiles.
public final class SPIRVCache: Sendable {
    /// Where a lookup was answered.
    public enum Outcome: String, Sendable, Hashable {
        case memory
        case disk
        case compiled
    }

    public struct Statistics: Sendable, Hashable {
        public var memoryHits = 0
        public var diskHits = 0
        public var misses = 0
        public var hits: Int { memoryHits + diskHits }
    }

    /// The on-disk directory; nil keeps entries in memory only.
    public let directory: URL?
    /// When false nothing is looked up or stored (to measure cold compiles).
    public let isEnabled: Bool
    private let state: Mutex<(entries: LRUCache<String, [UInt32]>, statistics: Statistics)>

    /// `memoryCapacity`: modules kept in memory, the most recently used (the disk keeps every one).
    public init(directory: URL?, isEnabled: Bool = true, memoryCapacity: Int = LRUCache<String, [UInt32]>.kernelCapacity) {
        self.directory = directory
        self.isEnabled = isEnabled
        self.state = Mutex((LRUCache(capacity: memoryCapacity), Statistics()))
    }

    /// A cache that never answers and never stores.
    public static func disabled() -> SPIRVCache { SPIRVCache(directory: nil, isEnabled: false) }

    /// The process-wide cache at the default directory.
    public static let shared = SPIRVCache(directory: defaultDirectory())

    /// `$XDG_CACHE_HOME/weft`, or `~/.cache/weft` when that is unset or not absolute.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("weft", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/weft", isDirectory: true)
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The module stored under `key`, or nil (counted as a miss).
    func lookup(_ key: String) -> (words: [UInt32], outcome: Outcome)? {
        guard isEnabled else { return nil }
        if let words = state.withLock({ $0.entries[key] }) {
            state.withLock { $0.statistics.memoryHits += 1 }
            return (words, .memory)
        }
        if let url = fileURL(key), let data = try? Data(contentsOf: url),
           let module = CacheEnvelope.unwrap(data, magic: Self.fileMagic), let words = Self.words(module) {
            state.withLock {
                $0.entries[key] = words
                $0.statistics.diskHits += 1
            }
            return (words, .disk)
        }
        state.withLock { $0.statistics.misses += 1 }
        return nil
    }

    /// The module for a GLSL source that is not a stitchable effect (Weft's engine kernels,
    /// the fragment-pass vertex shader): from the cache when it is there, else `compile()`'s,
    /// stored for the next process. The key hashes `source`, `stage` and the compiler's identity.
    public func module<E: Error>(source: String, stage: String,
                                 compile: () throws(E) -> [UInt32]) throws(E) -> (words: [UInt32], outcome: Outcome) {
        var hasher = SHA256()
        hasher.update("weft module \(stage)")
        hasher.update(GLSLCompiler.identity)
        hasher.update(source)
        let key = hasher.finalize()
        if let hit = lookup(key) { return hit }
        let words = try compile()
        store(words, for: key)
        return (words, .compiled)
    }

    /// Counts a hit answered by a library's own memory of its kernels.
    func countMemoryHit() {
        state.withLock { $0.statistics.memoryHits += 1 }
    }

    /// Remembers a module. A directory that cannot be written only costs later compiles.
    func store(_ words: [UInt32], for key: String) {
        guard isEnabled else { return }
        state.withLock { $0.entries[key] = words }
        guard let directory, let url = fileURL(key) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let module = words.withUnsafeBytes { Data($0) }
        try? CacheEnvelope.wrap(module, magic: Self.fileMagic).write(to: url, options: .atomic)
    }

    /// Forgets the in-memory entries (the disk stays), as a fresh process would start.
    /// Libraries keep the kernels they already made; load a new library to start afresh.
    public func dropMemory() {
        state.withLock { $0.entries.removeAll() }
    }

    private func fileURL(_ key: String) -> URL? {
        directory?.appendingPathComponent("\(key).spv")
    }

    static let fileMagic = "WEFTSPV1"

    /// Words of a stored module; nil unless it is a whole number of words starting with SPIR-V's magic.
    private static func words(_ data: Data) -> [UInt32]? {
        guard data.count >= 20, data.count % 4 == 0 else { return nil }
        var words = [UInt32](repeating: 0, count: data.count / 4)
        _ = words.withUnsafeMutableBytes { data.copyBytes(to: $0) }
        guard words[0] == 0x0723_0203 else { return nil }
        return words
    }
}
