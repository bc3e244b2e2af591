import Synchronization

/// The lane states of one program that no dispatch is using: a dispatch's workers take one each and give it back when
/// the dispatch ends, so a register file is allocated and zeroed once per program and concurrent worker, not once per
/// worker of every dispatch. A pool holds at most as many as ran at once (the threads the system gave the dispatches),
/// and all pools together at most `idleBudget` bytes of register files: a state given back beyond it is freed.
final class LaneStatePool: @unchecked Sendable {
    private let lock = Mutex(())
    private var idle: [LaneState] = []

    /// The most bytes of idle register files all pools keep (programs stay cached by the hundred, each with a state per
    /// core).
    static let idleBudget = 256 << 20
    private static let idleBytes = Atomic(0)

    /// An idle state bound to `resources`, or a new one.
    func take(_ program: KernelProgram, resources: BoundResources, checks: CheckConfiguration) -> LaneState {
        let reused: LaneState? = lock.withLock { _ in idle.popLast() }
        guard let reused else { return LaneState(program: program, resources: resources, checks: checks) }
        Self.idleBytes.subtract(reused.registerBytes, ordering: .relaxed)
        reused.bind(program, resources: resources, checks: checks)
        return reused
    }

    func giveBack(_ state: LaneState) {
        state.unbind()
        let total = Self.idleBytes.add(state.registerBytes, ordering: .relaxed).newValue
        guard total <= Self.idleBudget else {
            Self.idleBytes.subtract(state.registerBytes, ordering: .relaxed)
            return
        }
        lock.withLock { _ in idle.append(state) }
    }

    deinit {
        Self.idleBytes.subtract(idle.reduce(0) { $0 + $1.registerBytes }, ordering: .relaxed)
    }
}
