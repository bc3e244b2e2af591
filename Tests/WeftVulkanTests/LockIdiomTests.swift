import Foundation
import Testing

/// Weft's sources guard shared state one way: `Mutex` from Synchronization. No second lock type (pthread mutexes,
/// Foundation's locks) creeps back in beside it.
struct LockIdiomTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let otherLocks = ["pthread_mutex_", "pthread_rwlock_", "NSLock", "NSRecursiveLock", "os_unfair_lock"]

    @Test func everyLockIsAMutex() throws {
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 100, "found the sources at \(Self.sources.path)")
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in Self.otherLocks where text.contains(name) {
                offenders.append("\(file.path.replacingOccurrences(of: Self.sources.path + "/", with: "")): \(name)")
            }
        }
        #expect(offenders.isEmpty, "locks other than Mutex: \(offenders)")
    }
}
