/// A map of at most `capacity` entries, and of entries whose costs add up to at most `costLimit`, that forgets the least
/// recently used entries to make room for a new one. Reading an entry (`cache[key]`) counts as a use. An entry stored
/// through the subscript costs nothing; `insert(_:for:cost:)` gives one its cost (a size in bytes, say). A value type:
/// share it behind a `Mutex`.
///
/// Weft's kernel caches — fused and engine kernels, the CPU evaluator's programs, SPIR-V modules in memory — hold
/// `kernelCapacity` entries each, so a preview that is edited and hot-reloaded for hours keeps what it uses now and
/// lets old versions go (the SPIR-V cache on disk still has them).
/// Inlinable, so that each cache is specialized for its key and value where it is used (on the planner's hot path).
public struct LRUCache<Key: Hashable, Value> {
    /// The capacity of each of Weft's kernel caches: far more kernels than one scene uses.
    @inlinable public static var kernelCapacity: Int { 256 }

    public let capacity: Int
    public let costLimit: Int
    /// Each entry's slot in `slots`.
    @usableFromInline var index: [Key: Int] = [:]
    /// The entries, linked from the most recently used (`newest`) to the least (`oldest`); freed slots are reused.
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var free: [Int] = []
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1
    /// The sum of the entries' costs.
    @usableFromInline var storedTotalCost = 0
    @inlinable public var totalCost: Int { storedTotalCost }

    @usableFromInline struct Slot {
        /// Nil while the slot is free: a removed entry's key and value are let go at once.
        @usableFromInline var key: Key?
        @usableFromInline var value: Value?
        @usableFromInline var cost: Int
        /// The next more recently used slot, and the next less recently used one (-1: none).
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable init(key: Key?, value: Value?, cost: Int, newer: Int, older: Int) {
            (self.key, self.value, self.cost, self.newer, self.older) = (key, value, cost, newer, older)
        }
    }

    /// A cache of `capacity` entries, at least 1 (a smaller capacity is taken as 1), whose costs add up to at most
    /// `costLimit` (a negative limit is taken as 0).
    @inlinable public init(capacity: Int = kernelCapacity, costLimit: Int = .max) {
        self.capacity = max(capacity, 1)
        self.costLimit = max(costLimit, 0)
    }

    @inlinable public var count: Int { index.count }

    /// The value under `key`, now the most recently used; storing one evicts the least recently used entry when the
    /// cache is full; storing nil removes the entry.
    @inlinable public subscript(key: Key) -> Value? {
        mutating get {
            guard let i = index[key] else { return nil }
            unlink(i)
            linkAsNewest(i)
            return slots[i].value!
        }
        set {
            guard let newValue else {
                remove(key)
                return
            }
            insert(newValue, for: key, cost: 0)
        }
    }

    /// Stores `value` under `key` as the most recently used entry, first forgetting the least recently used others until
    /// it fits both the capacity and the cost limit. A value costing more than the whole limit is not stored.
    @inlinable public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        precondition(cost >= 0, "an entry's cost is not negative")
        remove(key)
        guard cost <= costLimit else { return }
        while index.count >= capacity || totalCost > costLimit - cost, oldest >= 0 {
            remove(slots[oldest].key!)
        }
        let slot = Slot(key: key, value: value, cost: cost, newer: -1, older: -1)
        let i: Int
        if let reused = free.popLast() {
            slots[reused] = slot
            i = reused
        } else {
            slots.append(slot)
            i = slots.count - 1
        }
        index[key] = i
        linkAsNewest(i)
        storedTotalCost += cost
    }

    @inlinable public mutating func removeAll() {
        index.removeAll()
        slots.removeAll()
        free.removeAll()
        newest = -1
        oldest = -1
        storedTotalCost = 0
    }

    @inlinable mutating func remove(_ key: Key) {
        guard let i = index.removeValue(forKey: key) else { return }
        unlink(i)
        storedTotalCost -= slots[i].cost
        slots[i] = Slot(key: nil, value: nil, cost: 0, newer: -1, older: -1)
        free.append(i)
    }

    @inlinable mutating func unlink(_ i: Int) {
        let (newer, older) = (slots[i].newer, slots[i].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[i].newer = -1
        slots[i].older = -1
    }

    @inlinable mutating func linkAsNewest(_ i: Int) {
        slots[i].older = newest
        slots[i].newer = -1
        if newest >= 0 { slots[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Slot: Sendable where Key: Sendable, Value: Sendable {}
