@testable import Weft

enum BackendFactory {
    struct Unavailable: Error, CustomStringConvertible {
        var backend: Backend
        var description: String { "the \(backend.rawValue) executor has not been merged into this branch yet" }
    }

    static func executor(for backend: Backend) throws -> any Executor {
        throw Unavailable(backend: backend)
    }
}
