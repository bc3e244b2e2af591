import Dispatch
import WeftImage
import WeftRuntime

/// Where a plan's host data lives: upload texels (and the rows of resident textures it uploads), frame blocks, argument blocks and array data in the upload
/// arena (each at its required alignment), read-back texels in the readback arena.
struct HostLayout {
    private(set) var uploadIDs: [TextureID] = []
    private(set) var uploadOffsets: [Int] = []
    /// The rows of resident textures this frame uploads, and where they are in the arena.
    private(set) var residentUploads: [(id: TextureID, rows: Range<Int>, offset: Int)] = []
    /// Per pass: offset of its `FrameConstants` block (the dynamic offset of descriptor set 1).
    private(set) var frameOffsets: [Int] = []
    /// Per pass: offset of its argument block, nil when it has none.
    private(set) var argumentOffsets: [Int?] = []
    /// Per pass: the bytes its argument block's descriptor spans: twice the block, since kernels declare two copies
    /// and read the first (`KernelABI.argumentBlockDeclaration`).
    private(set) var argumentRanges: [Int] = []
    /// Per pass: its array data's range (at least 16 bytes), nil when it reads no arrays.
    private(set) var arrayRanges: [(offset: Int, size: Int)?] = []
    private(set) var uploadSize = 16
    /// `plan.readbacks` without repeats, in order.
    private(set) var readbackIDs: [TextureID] = []
    private(set) var readbackOffsets: [Int] = []
    private(set) var readbackSize = 16

    private static func align(_ value: Int, _ alignment: Int) -> Int { (value + alignment - 1) / alignment * alignment }

    init(_ plan: RenderPlan, device: VulkanDeviceInfo, residentRows: [(id: TextureID, rows: Range<Int>)] = []) {
        let uniformAlign = max(16, Int(device.minUniformBufferOffsetAlignment))
        let storageAlign = max(16, Int(device.minStorageBufferOffsetAlignment))
        var cursor = 0
        uploadIDs = plan.uploads.keys.sorted()
        for id in uploadIDs {
            cursor = Self.align(cursor, 16)
            uploadOffsets.append(cursor)
            cursor += plan.uploads[id]!.bytes.count
        }
        for (id, rows) in residentRows where !rows.isEmpty {
            cursor = Self.align(cursor, 16)
            residentUploads.append((id, rows, cursor))
            cursor += plan.residents[id]!.bytes(of: rows)
        }
        for pass in plan.passes {
            // Each block's descriptor spans two copies (the kernel reads the first): the second's bytes are whatever
            // follows, inside the arena.
            cursor = Self.align(cursor, uniformAlign)
            frameOffsets.append(cursor)
            cursor += FrameConstants.blockRange
            let range = 2 * pass.arguments.count
            argumentRanges.append(range)
            if pass.kernel.interface.argumentBlockSize > 0 {
                cursor = Self.align(cursor, uniformAlign)
                argumentOffsets.append(cursor)
                cursor += range
            } else {
                argumentOffsets.append(nil)
            }
            if pass.kernel.interface.readsArrays {
                cursor = Self.align(cursor, storageAlign)
                let size = max(16, pass.arrayData.count * 4)
                arrayRanges.append((cursor, size))
                cursor += size
            } else {
                arrayRanges.append(nil)
            }
        }
        uploadSize = max(cursor, 16)

        for id in plan.readbacks where !readbackIDs.contains(id) { readbackIDs.append(id) }
        cursor = 0
        for id in readbackIDs {
            cursor = Self.align(cursor, 16)
            readbackOffsets.append(cursor)
            let d = plan.textures[id.index]
            cursor += d.width * d.height * d.format.bytesPerPixel
        }
        readbackSize = max(cursor, 16)
    }

    /// Copies upload texels, frame blocks, argument blocks and array data to the mapped upload arena.
    func writeUploadData(_ plan: RenderPlan, to base: UnsafeMutableRawPointer) {
        for (i, id) in uploadIDs.enumerated() {
            plan.uploads[id]!.bytes.withUnsafeBytes { (base + uploadOffsets[i]).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        for upload in residentUploads {
            plan.residents[upload.id]!.pixels(of: upload.rows).withUnsafeBytes {
                (base + upload.offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
            }
        }
        for (i, pass) in plan.passes.enumerated() {
            pass.frame.bytes.withUnsafeBytes { (base + frameOffsets[i]).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            if let offset = argumentOffsets[i] {
                pass.arguments.withUnsafeBytes { (base + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            }
            if let range = arrayRanges[i] {
                (base + range.offset).initializeMemory(as: UInt8.self, repeating: 0, count: range.size)
                pass.arrayData.withUnsafeBytes { bytes in
                    if let address = bytes.baseAddress { (base + range.offset).copyMemory(from: address, byteCount: bytes.count) }
                }
            }
        }
    }

    /// The read-back textures, from the mapped readback arena.
    func readOutputs(_ plan: RenderPlan, from base: UnsafeMutableRawPointer) -> [TextureID: PixelBuffer] {
        var outputs: [TextureID: PixelBuffer] = [:]
        for (i, id) in readbackIDs.enumerated() {
            let d = plan.textures[id.index]
            let count = d.width * d.height * d.format.bytesPerPixel
            let bytes = Self.copied(from: base + readbackOffsets[i], count: count)
            outputs[id] = PixelBuffer.wrapping(width: d.width, height: d.height, format: d.format, bytes: bytes)
        }
        return outputs
    }

    /// `count` bytes of the mapped arena in a fresh array. A frame's worth (8 MB at 1080p) is copied in slices on every
    /// core: one thread spent most of a sequence frame's host time on it (the copy and the new array's page faults).
    static func copied(from source: UnsafeRawPointer, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Addresses as integers: the slices are disjoint, and the arena stays mapped until this returns.
            let (to, from) = (Int(bitPattern: buffer.baseAddress!), Int(bitPattern: source))
            let slices = RowPartition(0..<count, parts: .max, minimumRows: copySlice)
            let copy = { @Sendable (bytes: Range<Int>) in
                UnsafeMutableRawPointer(bitPattern: to + bytes.lowerBound)!
                    .copyMemory(from: UnsafeRawPointer(bitPattern: from + bytes.lowerBound)!, byteCount: bytes.count)
            }
            if slices.count < 4 { slices.forEach(copy) } else { slices.forEachConcurrently(copy) }
            initialized = count
        }
    }

    /// The fewest bytes a slice of `copied` has: a frame is cut into as many slices of at least 1 MiB as it holds.
    static let copySlice = 1 << 20
}
