import Synchronization

/// One value, of the keeper's own type, kept with something immutable that many draws share (a text's layout), for the
/// next draw of it to find: read and replaced whole, from any thread.
package final class DrawnMemo: Sendable {
    private let kept = Mutex<(any AnyObject & Sendable)?>(nil)

    package init() {}

    package var value: (any AnyObject & Sendable)? {
        get { kept.withLock { $0 } }
        set { kept.withLock { $0 = newValue } }
    }
}
