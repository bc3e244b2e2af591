/// A map of at most `capacity` entries that, full, forgets the least recently used entry to make room for a new one.
/// Reading an entry (`cache[key]`) counts as a use. A value type: share it behind a `Mutex`.
///
/// Weft's kernel caches — fused and engine kernels, the CPU evaluator's programs, SPIR-V modules in memory — hold
/// `kernelCapacity` entries each, so a preview that is edited and hot-reloaded for hours keeps what it uses now and
/// lets old versions go (the SPIR-V cache on disk still has them).
public struct LRUCache<Key: Hashable, Value> {
    /// The capacity of each of Weft's kernel caches: far more kernels than one scene uses.
    public static var kernelCapacity: Int { 256 }

    public let capacity: Int
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0

    /// A cache of `capacity` entries, at least 1 (a smaller capacity is taken as 1).
    public init(capacity: Int = kernelCapacity) {
        self.capacity = max(capacity, 1)
    }

    public var count: Int { entries.count }

    /// The value under `key`, now the most recently used; storing one evicts the least recently used entry when the
    /// cache is full; storing nil removes the entry.
    public subscript(key: Key) -> Value? {
        mutating get {
            guard let entry = entries[key] else { return nil }
            uses += 1
            entries[key] = (entry.value, uses)
            return entry.value
        }
        set {
            guard let newValue else {
                entries[key] = nil
                return
            }
            if entries[key] == nil, entries.count >= capacity,
               let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                entries[oldest] = nil
            }
            uses += 1
            entries[key] = (newValue, uses)
        }
    }

    public mutating func removeAll() {
        entries.removeAll()
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
