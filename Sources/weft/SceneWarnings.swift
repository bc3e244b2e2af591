import Synchronization

/// The warnings a scene's frames raise while being laid out (an `onGeometryChange` cycle), kept for printing.
final class SceneWarnings: Sendable {
    private let found = Mutex<[String]>([])

    @Sendable func add(_ line: String) { found.withLock { if !$0.contains(line) { $0.append(line) } } }

    var lines: [String] { found.withLock { $0 } }
}
