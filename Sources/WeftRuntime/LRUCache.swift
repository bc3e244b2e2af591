/// A map of at most `capacity` entries, and of entries whose costs add up to at most `costLimit`, that forgets the least
/// recently used entries to make room for a new one. Reading an entry (`cache[key]`) counts as a use. An entry stored
/// through the subscript costs nothing; `insert(_:for:cost:)` gives one its cost (a size in bytes, say). A value type:
/// share it behind a `Mutex`.
///
/// Weft's kernel caches — fused and engine kernels, the CPU evaluator's programs, SPIR-V modules in memory — hold
/// `kernelCapacity` entries each, so a preview that is edited and hot-reloaded for hours keeps what it uses now and
/// lets old versions go (the SPIR-V cache on disk still has them).
public struct LRUCache<Key: Hashable, Value> {
    /// The capacity of each of Weft's kernel caches: far more kernels than one scene uses.
    public static var kernelCapacity: Int { 256 }

    public let capacity: Int
    public let costLimit: Int
    private var entries: [Key: (value: Value, lastUse: UInt64, cost: Int)] = [:]
    private var uses: UInt64 = 0
    /// The sum of the entries' costs.
    public private(set) var totalCost = 0

    /// A cache of `capacity` entries, at least 1 (a smaller capacity is taken as 1), whose costs add up to at most
    /// `costLimit` (a negative limit is taken as 0).
    public init(capacity: Int = kernelCapacity, costLimit: Int = .max) {
        self.capacity = max(capacity, 1)
        self.costLimit = max(costLimit, 0)
    }

    public var count: Int { entries.count }

    /// The value under `key`, now the most recently used; storing one evicts the least recently used entry when the
    /// cache is full; storing nil removes the entry.
    public subscript(key: Key) -> Value? {
        mutating get {
            guard let entry = entries[key] else { return nil }
            uses += 1
            entries[key]?.lastUse = uses
            return entry.value
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
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        precondition(cost >= 0, "an entry's cost is not negative")
        remove(key)
        guard cost <= costLimit else { return }
        while entries.count >= capacity || totalCost > costLimit - cost,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
        }
        uses += 1
        entries[key] = (value, uses, cost)
        totalCost += cost
    }

    public mutating func removeAll() {
        entries.removeAll()
        totalCost = 0
    }

    private mutating func remove(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        totalCost -= entry.cost
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
