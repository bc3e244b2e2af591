import Synchronization

/// The warnings a scene's frames raise while being laid out (an `onGeometryChange` cycle), kept for printing.
final class SceneWarnings: Sendable {
    private let found = Mutex<[String]>([])

    /// Keeps `line` unless it is kept already; whether it was new.
    @discardableResult @Sendable func add(_ line: String) -> Bool {
        found.withLock {
            guard !$0.contains(line) else { return false }
            $0.append(line)
            return true
        }
    }

    var lines: [String] { found.withLock { $0 } }
}
