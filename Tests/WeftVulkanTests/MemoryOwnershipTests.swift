import Testing
@testable import WeftVulkan

/// Device memory has one owner at a time: a `MemoryAllocation` cannot be copied, so the one copy there is goes back to
/// its block once (`MemoryAllocator.free` consumes it) and a double free does not compile. Freeing and deferred
/// freeing themselves are measured in `DeferredDestructionTests`.
struct MemoryOwnershipTests {
    static func isCopyable<T>(_: T.Type) -> Bool { true }
    static func isCopyable<T: ~Copyable>(_: T.Type) -> Bool { false }

    @Test func aMemoryAllocationCannotBeCopied() {
        #expect(Self.isCopyable(VkDeviceSizeProbe.self), "the probe tells a copyable type")
        #expect(!Self.isCopyable(MemoryAllocation.self))
    }

    private struct VkDeviceSizeProbe {}
}
