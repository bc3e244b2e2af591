import Foundation
import Testing
import WeftCatalog

@Suite struct FileWatcherTests {
    static let strategies: [FileWatcher.Strategy] = [.inotify, .polling(interval: .milliseconds(20))]

    /// A fresh folder with `shader.glsl` and `other.glsl` in it.
    func folder() throws -> (folder: String, shader: String, other: String) {
        let folder = NSTemporaryDirectory() + "weft-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let shader = folder + "/shader.glsl", other = folder + "/other.glsl"
        try "version 1".write(toFile: shader, atomically: false, encoding: .utf8)
        try "other 1".write(toFile: other, atomically: false, encoding: .utf8)
        return (folder, shader, other)
    }

    @Test(arguments: strategies) func writeInPlaceIsOneChange(strategy: FileWatcher.Strategy) throws {
        let files = try folder()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let watcher = try FileWatcher(paths: [files.shader], strategy: strategy)
        #expect(watcher.strategy == strategy)
        // An editor that truncates and then writes in two pieces: still one save.
        let handle = try #require(FileHandle(forWritingAtPath: files.shader))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("version".utf8))
        try handle.write(contentsOf: Data(" 2".utf8))
        try handle.close()
        #expect(watcher.waitForChanges(timeout: .seconds(2)) == [files.shader])
        #expect(watcher.waitForChanges(timeout: .milliseconds(150)).isEmpty)
    }

    @Test(arguments: strategies) func renameOverAndRecreateAreChanges(strategy: FileWatcher.Strategy) throws {
        let files = try folder()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let watcher = try FileWatcher(paths: [files.shader, files.other], strategy: strategy)
        try "version 2".write(toFile: files.shader, atomically: true, encoding: .utf8) // temp file renamed over
        #expect(watcher.waitForChanges(timeout: .seconds(2)) == [files.shader])
        try FileManager.default.removeItem(atPath: files.other)
        try "other 2".write(toFile: files.other, atomically: false, encoding: .utf8)
        #expect(watcher.waitForChanges(timeout: .seconds(2)) == [files.other])
    }

    @Test(arguments: strategies) func sameContentsAndOtherFilesAreNoChange(strategy: FileWatcher.Strategy) throws {
        let files = try folder()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let watcher = try FileWatcher(paths: [files.shader], strategy: strategy)
        try "version 1".write(toFile: files.shader, atomically: false, encoding: .utf8)
        try "other 2".write(toFile: files.other, atomically: false, encoding: .utf8)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(watcher.waitForChanges(timeout: .milliseconds(200)).isEmpty)
        #expect(clock.now - start >= .milliseconds(200))
    }

    @Test func missingFolderIsNamed() {
        #expect(throws: FileWatcherError.folderMissing(path: "/no/such/folder/a.glsl", folder: "/no/such/folder")) {
            try FileWatcher(paths: ["/no/such/folder/a.glsl"])
        }
    }
}
