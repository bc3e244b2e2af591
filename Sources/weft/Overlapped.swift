import Foundation

/// Work that starts on a thread of its own when made, beside whatever the caller does meanwhile; `take()` waits for
/// its result. For start-up steps that need nothing from each other (making a device, loading a scene).
final class Overlapped<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Under `condition`: the result once the work has finished, until taken.
    private var result: Result<Value, Failure>?
    private var finished = false

    init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        Thread { [self] in
            let outcome = Result { () throws(Failure) -> Value in try work() }
            condition.lock()
            result = outcome
            finished = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// The work's value once it has finished, or what it threw; handed over, not kept (a device is then held only by
    /// its taker), so nil when taken already.
    func take() throws(Failure) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        return try result.take()?.get()
    }
}
