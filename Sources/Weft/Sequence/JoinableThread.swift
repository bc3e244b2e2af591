import Glibc

/// A thread that `join` waits for to its very end, so that whatever its work held (a render context) is let go on it
/// before `join` returns; a Foundation `Thread` lets go of its closure after its work has returned, on its own time.
struct JoinableThread {
    private let handle: pthread_t

    /// Starts `work` on a new thread with a stack of `stackSize` bytes.
    init(stackSize: Int, _ work: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var handle = pthread_t()
        let code = pthread_create(&handle, &attributes, { context in
            // Taken, run and released here, before the thread ends.
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(Work(run: work)).toOpaque())
        precondition(code == 0, "cannot start a thread: \(String(cString: strerror(code)))")
        self.handle = handle
    }

    /// Waits for the thread to end; called once.
    func join() {
        pthread_join(handle, nil)
    }

    private final class Work {
        let run: @Sendable () -> Void
        init(run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
