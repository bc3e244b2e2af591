import Foundation

/// Work that starts on a thread of its own when made, beside whatever the caller does meanwhile; `value()` waits for
/// its result. For start-up steps that need nothing from each other (making a device, loading a scene).
final class Overlapped<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Written once, under `condition`.
    private var result: Result<Value, Failure>?

    init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        Thread { [self] in
            let outcome = Result { () throws(Failure) -> Value in try work() }
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// The work's value once it has finished, or what it threw.
    func value() throws(Failure) -> Value {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return try result!.get()
    }
}
