import Testing
import WeftRuntime
@testable import WeftShaders

struct LRUCacheTests {
    @Test func insertingPastTheCapacityEvictsTheLeastRecentlyUsed() {
        var cache = LRUCache<String, Int>(capacity: 3)
        cache["a"] = 1
        cache["b"] = 2
        cache["c"] = 3
        #expect(cache["a"] == 1)   // "b" is now the least recently used
        cache["d"] = 4
        #expect(cache.count == 3)
        #expect(cache["b"] == nil)
        #expect(cache["a"] == 1 && cache["c"] == 3 && cache["d"] == 4)
        cache["c"] = 30   // replacing an entry evicts nothing and makes it the most recent
        #expect(cache.count == 3)
        cache["e"] = 5   // "a" was read before "c" was replaced and "d" read: "a" goes
        #expect(cache["a"] == nil)
        #expect(cache["c"] == 30 && cache["d"] == 4 && cache["e"] == 5)
        cache["d"] = nil
        #expect(cache.count == 2 && cache["d"] == nil)
    }

    @Test func costsBeyondTheLimitEvictTheLeastRecentlyUsed() {
        var cache = LRUCache<String, Int>(capacity: 10, costLimit: 100)
        cache.insert(1, for: "a", cost: 40)
        cache.insert(2, for: "b", cost: 40)
        #expect(cache["a"] == 1)   // "b" is now the least recently used
        cache.insert(3, for: "c", cost: 30)
        #expect(cache["b"] == nil, "a cost of 110 would pass the limit: the least recently used goes")
        #expect(cache["a"] == 1 && cache["c"] == 3 && cache.totalCost == 70)
        cache.insert(4, for: "a", cost: 10)   // replacing an entry replaces its cost
        #expect(cache.totalCost == 40 && cache.count == 2)
        cache.insert(5, for: "huge", cost: 101)
        #expect(cache["huge"] == nil && cache.count == 2, "a value costing more than the limit is not kept")
        cache["free"] = 6
        #expect(cache.totalCost == 40 && cache.count == 3, "the subscript stores at no cost")
        cache["c"] = nil
        #expect(cache.totalCost == 10 && cache.count == 2)
        cache.insert(7, for: "d", cost: 90)
        #expect(cache.totalCost == 100 && cache["a"] == 4 && cache["d"] == 7, "a cost exactly at the limit fits")
        cache.removeAll()
        #expect(cache.totalCost == 0 && cache.count == 0)
    }

    /// Thousands of reads, inserts with costs and removals, each answered as a plain model answers: the entries kept
    /// and evicted, in recency order, and their total cost. A removed value is let go at once.
    @Test func aLongMixOfUsesMatchesAModelOfRecency() {
        var cache = LRUCache<Int, Int>(capacity: 64, costLimit: 1_000)
        var model: [(key: Int, value: Int, cost: Int)] = []   // least recently used first
        var generator = SystemRandomNumberGenerator()
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<200, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4:
                let found = cache[key]
                let i = model.firstIndex { $0.key == key }
                #expect(found == i.map { model[$0].value }, "step \(step)")
                if let i { model.append(model.remove(at: i)) }
            case 4..<9:
                let cost = Int.random(in: 0...120, using: &generator)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                model.append((key, step, cost))
                while model.count > 64 || model.reduce(0, { $0 + $1.cost }) > 1_000 { model.removeFirst() }
            default:
                cache[key] = nil
                model.removeAll { $0.key == key }
            }
            #expect(cache.count == model.count && cache.totalCost == model.reduce(0) { $0 + $1.cost }, "step \(step)")
        }
        final class Held {}
        weak var released: Held?
        var holding = LRUCache<Int, Held>(capacity: 2)
        do {
            let held = Held()
            released = held
            holding[1] = held
        }
        holding[1] = nil
        #expect(released == nil, "a removed value is not kept")
    }

    @Test func weftsKernelCachesHoldTheDocumentedCapacity() {
        #expect(LRUCache<String, [UInt32]>.kernelCapacity == 256)
        #expect(LRUCache<String, Int>().capacity == LRUCache<String, Int>.kernelCapacity)
    }

    /// The SPIR-V cache's memory keeps the most recently used modules: one edit after another, the first module goes
    /// from memory (a miss without a disk) while the last ones stay.
    @Test func theSPIRVCacheForgetsItsLeastRecentlyUsedModules() {
        let cache = SPIRVCache(directory: nil, memoryCapacity: 4)
        let module: [UInt32] = [0x0723_0203, 0x0001_0500, 0, 1, 0]
        for edit in 0..<5 { cache.store(module, for: "edit \(edit)") }
        #expect(cache.lookup("edit 0") == nil)
        for edit in 1..<5 { #expect(cache.lookup("edit \(edit)")?.outcome == .memory, "edit \(edit)") }
    }
}
