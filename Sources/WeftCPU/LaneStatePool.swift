import Synchronization

/// The lane states of one program that no dispatch is using: a dispatch's workers take one each and give it back when
/// the dispatch ends, so a register file is allocated and zeroed once per program and concurrent worker, not once per
/// worker of every dispatch. Holds at most as many as ever ran at once (the threads the system gave the dispatches).
final class LaneStatePool: @unchecked Sendable {
    private let lock = Mutex(())
    private var idle: [LaneState] = []

    /// An idle state bound to `resources`, or a new one.
    func take(_ program: KernelProgram, resources: BoundResources, checks: CheckConfiguration) -> LaneState {
        let reused: LaneState? = lock.withLock { _ in idle.popLast() }
        guard let reused else { return LaneState(program: program, resources: resources, checks: checks) }
        reused.bind(program, resources: resources, checks: checks)
        return reused
    }

    func giveBack(_ state: LaneState) {
        state.unbind()
        lock.withLock { _ in idle.append(state) }
    }

    /// States kept for reuse (for tests).
    var idleCount: Int { lock.withLock { _ in idle.count } }
}
