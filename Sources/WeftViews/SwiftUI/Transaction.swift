/// SwiftUI's `Transaction`: how the state changes made together are shown — under `animation`, or at once.
public struct Transaction: Sendable {
    public var animation: Animation?
    public init(animation: Animation? = nil) { self.animation = animation }

    /// The transaction of the code running now (`withAnimation` sets it).
    @TaskLocal static var current = Transaction()
}

extension Animation {
    /// SwiftUI's default animation: its default spring (since iOS 17).
    public static let `default`: Animation = .spring
}

/// SwiftUI's `withAnimation`: runs `body`, and the state changes it makes are shown under `animation` (nil: at once).
public func withAnimation<Result>(_ animation: Animation? = Animation.default, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(Transaction(animation: animation), operation: body)
}

/// SwiftUI's `withTransaction`.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(transaction, operation: body)
}

/// The state changes made while a host runs an action, and the transaction of the first that had an animation.
final class StateChanges: Sendable {
    private let log = Mutex<(count: Int, animation: Animation?)>((0, nil))

    /// Where a `State` that is set reports, while a host runs an action (nil otherwise: the write is only stored).
    @TaskLocal static var current: StateChanges?

    func record() {
        let animation = Transaction.current.animation
        log.withLock {
            $0.count += 1
            if $0.animation == nil { $0.animation = animation }
        }
    }

    var count: Int { log.withLock { $0.count } }
    var animation: Animation? { log.withLock { $0.animation } }

    /// Runs `action` and returns the changes it made.
    static func during(_ action: () throws -> Void) rethrows -> StateChanges {
        let changes = StateChanges()
        try $current.withValue(changes, operation: action)
        return changes
    }
}

import Synchronization
