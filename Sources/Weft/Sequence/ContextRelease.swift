import Foundation

/// Lets go of a sequence's render contexts on a thread of its own, so that a context no one else holds is torn down
/// (its device waited for and its objects destroyed) beside whatever the caller does meanwhile: a video's ffmpeg
/// encoding its last frames.
final class ContextRelease: @unchecked Sendable {
    private let condition = NSCondition()
    /// Under `condition`: the contexts until the thread takes them; then how long letting go of them took.
    private var contexts: [RenderContext]?
    private var took: Duration?

    /// `contexts` handed over whole: a reference the caller keeps is not let go of here.
    init(_ contexts: consuming [RenderContext]) {
        self.contexts = contexts
        Thread { [self] in
            let start = ContinuousClock.now
            condition.lock()
            let held = self.contexts.take()
            condition.unlock()
            // The last reference where the caller holds none: the contexts are torn down here.
            _ = consume held
            let took = ContinuousClock.now - start
            condition.lock()
            self.took = took
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// Waits until the contexts were let go of; how long that took on its thread.
    func wait() -> Duration {
        condition.lock()
        defer { condition.unlock() }
        while took == nil { condition.wait() }
        return took!
    }
}
