import CVulkan
import Synchronization

/// A piece of a device-memory block, owned by one holder until it is given back (`MemoryAllocator.free`), which
/// consumes it: it cannot be copied, so it cannot be freed twice. `mapped` points at its first byte when the block is
/// host-visible.
struct MemoryAllocation: ~Copyable, @unchecked Sendable {
    let memory: VkDeviceMemory
    let offset: VkDeviceSize
    let size: VkDeviceSize
    let mapped: UnsafeMutableRawPointer?
    let isCoherent: Bool
    fileprivate let block: MemoryBlock
}

/// Sub-allocates device memory: one pool of large blocks per (memory type, linear/optimal
/// resource), first-fit with coalescing free ranges, so textures and buffers cost no
/// `vkAllocateMemory` of their own. Linear (buffers) and optimal (images) resources live in
/// separate blocks, which sidesteps `bufferImageGranularity`.
final class MemoryAllocator: @unchecked Sendable {
    enum ResourceTiling: Hashable { case linear, optimal }

    struct Statistics: Sendable, Hashable {
        /// Live `VkDeviceMemory` objects.
        var blocks: Int
        /// Live sub-allocations.
        var allocations: Int
        /// Total calls to `vkAllocateMemory` so far.
        var deviceAllocations: Int
    }

    private struct PoolKey: Hashable {
        var memoryType: UInt32
        var tiling: ResourceTiling
    }

    private let device: VkDevice
    private let memoryProperties: VkPhysicalDeviceMemoryProperties
    private let blockSize: VkDeviceSize
    private let lock = Mutex(())
    private var pools: [PoolKey: [MemoryBlock]] = [:]
    private var allocationCount = 0
    private var deviceAllocationCount = 0

    init(device: VkDevice, memoryProperties: VkPhysicalDeviceMemoryProperties, blockSize: VkDeviceSize = 64 << 20) {
        self.device = device
        self.memoryProperties = memoryProperties
        self.blockSize = blockSize
    }

    var statistics: Statistics {
        lock.withLock { _ in
            Statistics(blocks: pools.values.reduce(0) { $0 + $1.count }, allocations: allocationCount,
                       deviceAllocations: deviceAllocationCount)
        }
    }

    private func propertyFlags(of type: UInt32) -> VkMemoryPropertyFlags {
        withUnsafeBytes(of: memoryProperties.memoryTypes) { raw in
            raw.bindMemory(to: VkMemoryType.self)[Int(type)].propertyFlags
        }
    }

    /// The memory type allowed by `typeBits` with all `required` flags and the most `preferred` ones.
    func memoryType(typeBits: UInt32, required: VkMemoryPropertyFlags, preferred: VkMemoryPropertyFlags) -> UInt32? {
        var best: (type: UInt32, score: Int)?
        for type in 0..<memoryProperties.memoryTypeCount where typeBits & (1 << type) != 0 {
            let flags = propertyFlags(of: type)
            guard flags & required == required else { continue }
            let score = (flags & preferred).nonzeroBitCount
            if best == nil || score > best!.score { best = (type, score) }
        }
        return best?.type
    }

    func allocate(_ requirements: VkMemoryRequirements, required: VkMemoryPropertyFlags, preferred: VkMemoryPropertyFlags,
                  tiling: ResourceTiling, purpose: String) throws(VulkanError) -> MemoryAllocation {
        guard let type = memoryType(typeBits: requirements.memoryTypeBits, required: required, preferred: preferred) else {
            throw .noMemoryType(purpose: purpose)
        }
        let flags = propertyFlags(of: type)
        let key = PoolKey(memoryType: type, tiling: tiling)
        let size = requirements.size
        let alignment = max(requirements.alignment, 1)
        return try lock.withLock { _ throws(VulkanError) -> MemoryAllocation in
            for block in pools[key, default: []] {
                if let offset = block.take(size: size, alignment: alignment) {
                    allocationCount += 1
                    return block.allocation(offset: offset, size: size)
                }
            }
            let block = try newBlock(type: type, flags: flags, size: max(blockSize, size))
            pools[key, default: []].append(block)
            guard let offset = block.take(size: size, alignment: alignment) else {
                preconditionFailure("a fresh block cannot hold the allocation it was made for")
            }
            allocationCount += 1
            return block.allocation(offset: offset, size: size)
        }
    }

    private func newBlock(type: UInt32, flags: VkMemoryPropertyFlags, size: VkDeviceSize) throws(VulkanError) -> MemoryBlock {
        var info = VkMemoryAllocateInfo()
        info.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
        info.allocationSize = size
        info.memoryTypeIndex = type
        var memory: VkDeviceMemory?
        try vkCheck(vkAllocateMemory(device, &info, nil, &memory), "vkAllocateMemory")
        deviceAllocationCount += 1
        var mapped: UnsafeMutableRawPointer?
        if flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue != 0 {
            let r = vkMapMemory(device, memory, 0, VkDeviceSize(VK_WHOLE_SIZE), 0, &mapped)
            if r != VK_SUCCESS {
                vkFreeMemory(device, memory, nil)
                throw .call(function: "vkMapMemory", result: VkResultCode(r))
            }
        }
        return MemoryBlock(memory: memory!, size: size, mapped: mapped,
                           isCoherent: flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue != 0, memoryType: type)
    }

    func free(_ allocation: consuming MemoryAllocation) {
        lock.withLock { _ in
            let block = allocation.block
            block.give(offset: allocation.offset, size: allocation.size)
            allocationCount -= 1
            guard block.isEmpty else { return }
            // Keep one empty block per pool for the next render; free the rest.
            for (key, blocks) in pools where blocks.contains(where: { $0 === block }) {
                if blocks.contains(where: { $0 !== block && $0.isEmpty }) || block.size > blockSize {
                    pools[key] = blocks.filter { $0 !== block }
                    vkFreeMemory(device, block.memory, nil)
                }
            }
        }
    }

    /// Frees every block; only when the device is idle and being destroyed.
    func destroyAll() {
        lock.withLock { _ in
            for block in pools.values.joined() { vkFreeMemory(device, block.memory, nil) }
            pools = [:]
        }
    }
}

/// One `VkDeviceMemory` and its free ranges (sorted by offset, never adjacent).
final class MemoryBlock: @unchecked Sendable {
    let memory: VkDeviceMemory
    let size: VkDeviceSize
    let mapped: UnsafeMutableRawPointer?
    let isCoherent: Bool
    let memoryType: UInt32
    private var free: [(offset: VkDeviceSize, size: VkDeviceSize)]

    init(memory: VkDeviceMemory, size: VkDeviceSize, mapped: UnsafeMutableRawPointer?, isCoherent: Bool, memoryType: UInt32) {
        self.memory = memory
        self.size = size
        self.mapped = mapped
        self.isCoherent = isCoherent
        self.memoryType = memoryType
        self.free = [(0, size)]
    }

    var isEmpty: Bool { free.count == 1 && free[0].offset == 0 && free[0].size == size }

    func allocation(offset: VkDeviceSize, size: VkDeviceSize) -> MemoryAllocation {
        MemoryAllocation(memory: memory, offset: offset, size: size, mapped: mapped.map { $0 + Int(offset) },
                         isCoherent: isCoherent, block: self)
    }

    /// First fit; returns the aligned offset, or nil when no free range can hold `size`.
    func take(size: VkDeviceSize, alignment: VkDeviceSize) -> VkDeviceSize? {
        for (i, range) in free.enumerated() {
            let start = (range.offset + alignment - 1) / alignment * alignment
            let end = range.offset + range.size
            guard start + size <= end else { continue }
            var replacement: [(offset: VkDeviceSize, size: VkDeviceSize)] = []
            if start > range.offset { replacement.append((range.offset, start - range.offset)) }
            if start + size < end { replacement.append((start + size, end - start - size)) }
            free.replaceSubrange(i...i, with: replacement)
            return start
        }
        return nil
    }

    /// Returns a range that `take` handed out, merging it with free neighbours. Each range comes back once: it travels
    /// in a `MemoryAllocation`, which cannot be copied.
    func give(offset: VkDeviceSize, size: VkDeviceSize) {
        let i = free.firstIndex { $0.offset > offset } ?? free.count
        free.insert((offset, size), at: i)
        if i + 1 < free.count && free[i].offset + free[i].size == free[i + 1].offset {
            free[i].size += free[i + 1].size
            free.remove(at: i + 1)
        }
        if i > 0 && free[i - 1].offset + free[i - 1].size == free[i].offset {
            free[i - 1].size += free[i].size
            free.remove(at: i)
        }
    }
}
