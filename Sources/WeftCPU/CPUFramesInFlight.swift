import Dispatch
import Foundation
import WeftRuntime

/// Plans submitted to the CPU evaluator and not yet collected (`Executor.submit`): they run one after another, in the
/// order submitted, on a thread of their own (each on all the evaluator's threads), while the caller plans the next
/// frame and hands the last one to its encoder, as a GPU's frames in flight let it.
final class CPUFramesInFlight: @unchecked Sendable {
    private let queue = DispatchQueue(label: "weft.cpu-evaluator.frames")
    private let condition = NSCondition()
    private var nextTicket: UInt64 = 0
    /// Submitted plans by ticket: nil while running or waiting, then their outcome until collected.
    private var outcomes: [UInt64: Result<ExecutionResult, ExecutionError>?] = [:]

    /// Queues `run` and returns its ticket at once.
    func start(_ run: @escaping @Sendable () throws(ExecutionError) -> ExecutionResult) -> UInt64 {
        condition.lock()
        let ticket = nextTicket
        nextTicket += 1
        outcomes[ticket] = .some(nil)
        condition.unlock()
        queue.async { [self] in
            let outcome = Result { () throws(ExecutionError) in try run() }
            condition.lock()
            outcomes[ticket] = .some(outcome)
            condition.broadcast()
            condition.unlock()
        }
        return ticket
    }

    /// Waits for `ticket`'s plan and gives its outcome, once; nil for a ticket not (or no longer) in flight.
    func finish(_ ticket: UInt64) -> Result<ExecutionResult, ExecutionError>? {
        condition.lock()
        defer { condition.unlock() }
        guard outcomes[ticket] != nil else { return nil }
        while true {
            if case .some(.some(let outcome)) = outcomes[ticket] {
                outcomes[ticket] = nil
                return outcome
            }
            condition.wait()
        }
    }
}
