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
