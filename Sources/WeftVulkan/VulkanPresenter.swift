import CVulkan
import WeftImage

/// What became of a frame given to `VulkanPresenter.present`.
public enum PresentOutcome: Sendable, Equatable {
    case presented
    /// The surface changed size or its swapchain went out of date: the swapchain was made again, and the frame may not
    /// have been shown. Render at the new `extent` and present again.
    case surfaceChanged
    /// The surface has no area (a minimized window): nothing was shown.
    case surfaceHidden
}

/// A box of host pixels drawn over a frame presented from the device (`VulkanPresenter.present(renderedBy:overlays:)`):
/// RGBA8, shown as they are, its top-left corner at `x`, `y` (pixels of the surface).
public struct PresentOverlay: Sendable {
    public var pixels: PixelBuffer
    public var x: Int
    public var y: Int
    public init(pixels: PixelBuffer, x: Int, y: Int) {
        self.pixels = pixels
        self.x = x
        self.y = y
    }
}

/// Shows frames in a window's Vulkan surface (FIFO, or mailbox where offered without vsync). Two ways in:
/// - host pixels (`present(_:)`), copied from a staging buffer into the acquired swapchain image — for the CPU
///   evaluator, or for frames decorated on the host; on its own device, or on a shared one;
/// - on a `VulkanDevice` shared with the executor (`init(sharing:…)`), a render's texture blitted into the swapchain
///   image inside the render's own submission (`present(renderedBy:)`, `SwapchainCopy`): no host copy.
/// One frame in flight. Not thread-safe: use it from the window's thread.
public final class VulkanPresenter {
    public let instance: VulkanInstance
    /// The device presenting.
    public let deviceName: String
    private let physical: VkPhysicalDevice
    private let surface: PresentSurface
    private let device: PresentDevice
    private var swapchain: PresentSwapchain?
    private var staging: HostBuffer?
    private var capture: HostBuffer?
    private let vsync: Bool
    /// The size frames are shown at, pixels; zero while the surface is hidden.
    public private(set) var extent: (width: Int, height: Int) = (0, 0)

    /// Presents on `instance`, which must have the window system's surface extensions
    /// (`glfwGetRequiredInstanceExtensions`); its validation log collects the messages about presenting, set-up and
    /// teardown included. `deviceName` chooses the device as `--device` does (nil: as the executor does).
    /// `makeSurface` makes the window's surface on the given `VkInstance` and returns it (nil on failure).
    /// `width`×`height` is the framebuffer's size, used where the surface does not fix its own.
    public convenience init(instance: VulkanInstance, deviceName: String? = DeviceSelector.nameFromEnvironment, width: Int, height: Int,
                            vsync: Bool = true, makeSurface: (_ instance: OpaquePointer) -> OpaquePointer?) throws(VulkanError) {
        let info = try DeviceSelector(requestedName: deviceName).select(from: instance.devices)
        try self.init(instance: instance, info: info, shared: nil, width: width, height: height, vsync: vsync, makeSurface: makeSurface)
    }

    /// Presents on `device` — an executor's, opened with `presenting` on an instance with the window system's surface
    /// extensions — through its queue, so that the executor's textures can be shown without a host copy.
    public convenience init(sharing device: VulkanDevice, width: Int, height: Int, vsync: Bool = true,
                            makeSurface: (_ instance: OpaquePointer) -> OpaquePointer?) throws(VulkanError) {
        try self.init(instance: device.instance, info: device.info, shared: device, width: width, height: height, vsync: vsync,
                      makeSurface: makeSurface)
    }

    private init(instance: VulkanInstance, info: VulkanDeviceInfo, shared: VulkanDevice?, width: Int, height: Int, vsync: Bool,
                 makeSurface: (_ instance: OpaquePointer) -> OpaquePointer?) throws(VulkanError) {
        let physical = instance.physicalDevices[info.index]
        guard let surfaceHandle = makeSurface(instance.handle) else {
            throw .surfaceUnsupported(reason: "the window system could not make a surface for the window")
        }
        // Until `self` is whole, a throw destroys what is made so far through these owners, each once.
        let surface = PresentSurface(surfaceHandle, on: instance)

        var familyCount: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(familyCount))
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, &families)
        let transfers = vkFlags(VK_QUEUE_GRAPHICS_BIT) | vkFlags(VK_QUEUE_COMPUTE_BIT) | vkFlags(VK_QUEUE_TRANSFER_BIT)
        guard let family = (0..<familyCount).first(where: { index in
            var supported: VkBool32 = 0
            return (shared.map { $0.queueFamily == index } ?? true) && families[Int(index)].queueFlags & transfers != 0
                && vkGetPhysicalDeviceSurfaceSupportKHR(physical, index, surfaceHandle, &supported) == VK_SUCCESS && supported != 0
        }) else {
            let why = shared == nil ? "no queue can present to the window" : "the executor's queue cannot present to the window"
            throw .noSuitableDevice(requestedName: info.name,
                                    candidates: [DeviceCandidate(name: info.name, kind: info.kind, rejections: [why])])
        }
        let device = if let shared { try PresentDevice(shared: shared) } else { try PresentDevice(instance: instance, physical: physical, family: family) }
        let swapchain = try PresentSwapchain.make(device: device.handle, physical: physical, surface: surfaceHandle,
                                                  width: width, height: height, vsync: vsync, replacing: nil)

        self.instance = instance
        self.deviceName = info.name
        self.physical = physical
        self.surface = surface
        self.device = device
        self.swapchain = swapchain
        self.vsync = vsync
        extent = swapchain.map { ($0.width, $0.height) } ?? (0, 0)
    }

    /// Whether `present(renderedBy:)` can show the executor's textures: on a shared device whose swapchain images take
    /// blits in a format that holds bytes as they are (UNORM, not sRGB).
    public var copiesOnDevice: Bool {
        guard device.shared != nil, let chain = swapchain else { return false }
        return chain.blittable && (chain.format == VK_FORMAT_B8G8R8A8_UNORM || chain.format == VK_FORMAT_R8G8B8A8_UNORM)
    }

    /// `FIFO` or `mailbox`.
    public var presentModeName: String {
        swapchain?.presentMode == VK_PRESENT_MODE_MAILBOX_KHR ? "mailbox" : "FIFO"
    }

    /// The swapchain and buffers go here, once the device is idle; the device and the surface go after, with their owners.
    deinit {
        if let shared = device.shared, shared.isLost { return }
        device.waitIdle()
        swapchain?.destroy(device: device.handle)
        staging?.destroy(device: device.handle)
        capture?.destroy(device: device.handle)
    }

    /// Makes the swapchain again for a framebuffer of `width`×`height` (after a resize); `extent` says the size it got.
    public func remakeSwapchain(width: Int, height: Int) throws(VulkanError) {
        try vkCheck(device.waitIdle(), "vkDeviceWaitIdle")
        let old = swapchain
        swapchain = try PresentSwapchain.make(device: device.handle, physical: physical, surface: surface.handle,
                                              width: width, height: height, vsync: vsync, replacing: old?.handle)
        old?.destroy(device: device.handle)
        extent = swapchain.map { ($0.width, $0.height) } ?? (0, 0)
    }

    /// Shows `pixels` (RGBA8, premultiplied; shown over black) at the top-left of the surface, black beyond them.
    /// With `capture`, also returns what the swapchain image holds after the copy (RGBA8, opaque), read back from it.
    /// Pixels in another format throw `unpresentableFormat`.
    public func present(_ pixels: PixelBuffer, capture wantsCapture: Bool = false) throws(VulkanError) -> (PresentOutcome, PixelBuffer?) {
        guard pixels.format == .rgba8Unorm else { throw .unpresentableFormat(pixels.format) }
        guard let chain = swapchain else { return (.surfaceHidden, nil) }
        guard let (index, acquire) = try acquireImage(of: chain) else { return (.surfaceChanged, nil) }
        try vkCheck(vkResetFences(device.handle, 1, [device.frameDone]), "vkResetFences")

        let width = min(pixels.width, chain.width), height = min(pixels.height, chain.height)
        let stagingBytes = max(4, pixels.width * pixels.height * 4)
        if (staging?.size ?? 0) < stagingBytes {
            staging?.destroy(device: device.handle)
            staging = nil
            staging = try HostBuffer(device: device.handle, physical: physical, size: stagingBytes, usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_SRC_BIT))
        }
        Self.write(pixels, to: staging!.mapped, bgra: PresentSwapchain.isBGRA(chain.format))
        let capturing = wantsCapture && chain.readable
        try prepareCapture(chain, capturing)

        let image = chain.images[Int(index)]
        try record(image: image, chain: chain, width: width, height: height, sourceRowPixels: pixels.width, capturing: capturing)

        var waitStage = vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT)
        var submit = VkSubmitInfo()
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
        let submitted: VkResult = withUnsafePointer(to: Optional(device.acquired)) { waitPtr in
            withUnsafePointer(to: Optional(device.commandBuffer)) { bufferPtr in
                withUnsafePointer(to: Optional(chain.copied[Int(index)])) { signalPtr in
                    withUnsafePointer(to: &waitStage) { stagePtr in
                        submit.waitSemaphoreCount = 1
                        submit.pWaitSemaphores = waitPtr
                        submit.pWaitDstStageMask = stagePtr
                        submit.commandBufferCount = 1
                        submit.pCommandBuffers = bufferPtr
                        submit.signalSemaphoreCount = 1
                        submit.pSignalSemaphores = signalPtr
                        return (try? device.withQueue { vkQueueSubmit($0, 1, &submit, device.frameDone) }) ?? VK_ERROR_DEVICE_LOST
                    }
                }
            }
        }
        try vkCheck(submitted, "vkQueueSubmit")
        return try finish(chain: chain, index: index, acquire: acquire, capturing: capturing)
    }

    /// Presents image `index` once its copy is done (`copied`); the capture read back, and the outcome.
    private func finish(chain: PresentSwapchain, index: UInt32, acquire: VkResult, capturing: Bool) throws(VulkanError) -> (PresentOutcome, PixelBuffer?) {
        let presented: VkResult = withUnsafePointer(to: Optional(chain.copied[Int(index)])) { waitPtr in
            withUnsafePointer(to: Optional(chain.handle)) { chainPtr in
                withUnsafePointer(to: index) { indexPtr in
                    var info = VkPresentInfoKHR()
                    info.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR
                    info.waitSemaphoreCount = 1
                    info.pWaitSemaphores = waitPtr
                    info.swapchainCount = 1
                    info.pSwapchains = chainPtr
                    info.pImageIndices = indexPtr
                    return (try? device.withQueue { vkQueuePresentKHR($0, &info) }) ?? VK_ERROR_DEVICE_LOST
                }
            }
        }
        var captured: PixelBuffer?
        if capturing {
            try vkCheck(vkWaitForFences(device.handle, 1, [device.frameDone], VkBool32(VK_TRUE), UInt64.max), "vkWaitForFences")
            captured = Self.read(capture!.mapped, width: chain.width, height: chain.height, bgra: PresentSwapchain.isBGRA(chain.format))
        }
        if presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR || acquire == VK_SUBOPTIMAL_KHR {
            try remakeSwapchain(width: chain.width, height: chain.height)
            return (.surfaceChanged, captured)
        }
        try vkCheck(presented, "vkQueuePresentKHR")
        return (.presented, captured)
    }

    /// Shows a frame rendered on the shared device (`copiesOnDevice`): acquires a swapchain image, has `render` run the
    /// frame's plan with `VulkanExecutor.execute(_:presenting:into:)` into it, draws `overlays` over it and presents it.
    /// With `capture`, also returns what the image holds (RGBA8, opaque), read back from it. A failure of `render`
    /// (device loss) is thrown as it is, after the acquired image is given back.
    public func present(renderedBy render: (SwapchainCopy) throws -> Void, overlays: [PresentOverlay] = [],
                        capture wantsCapture: Bool = false) throws -> (PresentOutcome, PixelBuffer?) {
        precondition(copiesOnDevice, "present(renderedBy:) needs copiesOnDevice")
        guard let chain = swapchain else { return (.surfaceHidden, nil) }
        guard let (index, acquire) = try acquireImage(of: chain) else { return (.surfaceChanged, nil) }
        let image = chain.images[Int(index)]
        try render(SwapchainCopy(image: image, width: chain.width, height: chain.height, acquired: device.acquired))
        try vkCheck(vkResetFences(device.handle, 1, [device.frameDone]), "vkResetFences")

        // The overlays' pixels, one after another in the staging buffer.
        let boxes = overlays.compactMap { o -> (PresentOverlay, width: Int, height: Int)? in
            let w = min(o.pixels.width, chain.width - o.x), h = min(o.pixels.height, chain.height - o.y)
            return o.x >= 0 && o.y >= 0 && w > 0 && h > 0 && o.pixels.format == .rgba8Unorm ? (o, w, h) : nil
        }
        let stagingBytes = max(4, boxes.reduce(0) { $0 + $1.0.pixels.width * $1.0.pixels.height * 4 })
        if (staging?.size ?? 0) < stagingBytes {
            staging?.destroy(device: device.handle)
            staging = nil
            staging = try HostBuffer(device: device.handle, physical: physical, size: stagingBytes, usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_SRC_BIT))
        }
        var offsets: [Int] = []
        var offset = 0
        for box in boxes {
            offsets.append(offset)
            Self.write(box.0.pixels, to: staging!.mapped + offset, bgra: PresentSwapchain.isBGRA(chain.format))
            offset += box.0.pixels.width * box.0.pixels.height * 4
        }
        let capturing = wantsCapture && chain.readable
        try prepareCapture(chain, capturing)

        let cmd = device.commandBuffer
        try vkCheck(vkResetCommandBuffer(cmd, 0), "vkResetCommandBuffer")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = vkFlags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)
        try vkCheck(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer")
        // The render's blit left the image in TRANSFER_DST_OPTIMAL, earlier on this queue.
        SwapchainCopy.barrier(cmd, image, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                              access: (vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT), vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)))
        for (box, bufferOffset) in zip(boxes, offsets) {
            var region = VkBufferImageCopy()
            region.bufferOffset = VkDeviceSize(bufferOffset)
            region.bufferRowLength = UInt32(box.0.pixels.width)
            region.imageSubresource.aspectMask = vkFlags(VK_IMAGE_ASPECT_COLOR_BIT)
            region.imageSubresource.layerCount = 1
            region.imageOffset = VkOffset3D(x: Int32(box.0.x), y: Int32(box.0.y), z: 0)
            region.imageExtent = VkExtent3D(width: UInt32(box.width), height: UInt32(box.height), depth: 1)
            vkCmdCopyBufferToImage(cmd, staging!.handle, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region)
        }
        recordCaptureAndPresentable(image, chain: chain, capturing: capturing)
        try vkCheck(vkEndCommandBuffer(cmd), "vkEndCommandBuffer")

        var submit = VkSubmitInfo()
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
        let submitted: VkResult = withUnsafePointer(to: Optional(cmd)) { bufferPtr in
            withUnsafePointer(to: Optional(chain.copied[Int(index)])) { signalPtr in
                submit.commandBufferCount = 1
                submit.pCommandBuffers = bufferPtr
                submit.signalSemaphoreCount = 1
                submit.pSignalSemaphores = signalPtr
                return (try? device.withQueue { vkQueueSubmit($0, 1, &submit, device.frameDone) }) ?? VK_ERROR_DEVICE_LOST
            }
        }
        try vkCheck(submitted, "vkQueueSubmit")
        return try finish(chain: chain, index: index, acquire: acquire, capturing: capturing)
    }

    private func prepareCapture(_ chain: PresentSwapchain, _ capturing: Bool) throws(VulkanError) {
        guard capturing, (capture?.size ?? 0) < chain.width * chain.height * 4 else { return }
        capture?.destroy(device: device.handle)
        capture = nil
        capture = try HostBuffer(device: device.handle, physical: physical, size: chain.width * chain.height * 4,
                                 usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_DST_BIT))
    }

    private func record(image: VkImage, chain: PresentSwapchain, width: Int, height: Int, sourceRowPixels: Int,
                        capturing: Bool) throws(VulkanError) {
        try vkCheck(vkResetCommandBuffer(device.commandBuffer, 0), "vkResetCommandBuffer")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = vkFlags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)
        try vkCheck(vkBeginCommandBuffer(device.commandBuffer, &begin), "vkBeginCommandBuffer")
        var range = DeviceTexture.colorRange

        barrier(image, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                access: (0, vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)))
        if width < chain.width || height < chain.height {
            var black = VkClearColorValue()
            black.float32 = (0, 0, 0, 1)
            vkCmdClearColorImage(device.commandBuffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &range)
            barrier(image, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                    access: (vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT), vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)))
        }
        if width > 0 && height > 0 {
            var region = VkBufferImageCopy()
            region.bufferRowLength = UInt32(sourceRowPixels)
            region.imageSubresource.aspectMask = vkFlags(VK_IMAGE_ASPECT_COLOR_BIT)
            region.imageSubresource.layerCount = 1
            region.imageExtent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
            vkCmdCopyBufferToImage(device.commandBuffer, staging!.handle, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region)
        }
        recordCaptureAndPresentable(image, chain: chain, capturing: capturing)
        try vkCheck(vkEndCommandBuffer(device.commandBuffer), "vkEndCommandBuffer")
    }

    /// From TRANSFER_DST_OPTIMAL: the image copied to the capture buffer (with `capturing`), then made presentable.
    private func recordCaptureAndPresentable(_ image: VkImage, chain: PresentSwapchain, capturing: Bool) {
        var layout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL
        if capturing {
            barrier(image, from: layout, to: VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                    access: (vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT), vkFlags(VK_ACCESS_TRANSFER_READ_BIT)))
            layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL
            var region = VkBufferImageCopy()
            region.imageSubresource.aspectMask = vkFlags(VK_IMAGE_ASPECT_COLOR_BIT)
            region.imageSubresource.layerCount = 1
            region.imageExtent = VkExtent3D(width: UInt32(chain.width), height: UInt32(chain.height), depth: 1)
            vkCmdCopyImageToBuffer(device.commandBuffer, image, layout, capture!.handle, 1, &region)
            var hostRead = VkMemoryBarrier()
            hostRead.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
            hostRead.srcAccessMask = vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)
            hostRead.dstAccessMask = vkFlags(VK_ACCESS_HOST_READ_BIT)
            vkCmdPipelineBarrier(device.commandBuffer, vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT), vkFlags(VK_PIPELINE_STAGE_HOST_BIT), 0,
                                 1, &hostRead, 0, nil, 0, nil)
        }
        barrier(image, from: layout, to: VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
                access: (vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT) | vkFlags(VK_ACCESS_TRANSFER_READ_BIT), 0))
    }

    /// Waits for the previous frame, then acquires the next image of `chain`: its index and the acquire's result (which
    /// may be `VK_SUBOPTIMAL_KHR`), or nil when the swapchain was out of date (then it is remade and this frame skipped).
    private func acquireImage(of chain: PresentSwapchain) throws(VulkanError) -> (index: UInt32, result: VkResult)? {
        try vkCheck(vkWaitForFences(device.handle, 1, [device.frameDone], VkBool32(VK_TRUE), UInt64.max), "vkWaitForFences")
        var index: UInt32 = 0
        let acquire = vkAcquireNextImageKHR(device.handle, chain.handle, UInt64.max, device.acquired, nil, &index)
        if acquire == VK_ERROR_OUT_OF_DATE_KHR {
            try remakeSwapchain(width: chain.width, height: chain.height)
            return nil
        }
        try vkCheck(acquire, "vkAcquireNextImageKHR")
        return (index, acquire)
    }

    private func barrier(_ image: VkImage, from old: VkImageLayout, to new: VkImageLayout,
                         access: (source: VkAccessFlags, destination: VkAccessFlags)) {
        SwapchainCopy.barrier(device.commandBuffer, image, from: old, to: new, access: access)
    }

    /// Premultiplied RGBA over black is its RGB; alpha is made opaque.
    private static func write(_ pixels: PixelBuffer, to destination: UnsafeMutableRawPointer, bgra: Bool) {
        let count = pixels.width * pixels.height
        let out = destination.bindMemory(to: UInt32.self, capacity: count)
        pixels.bytes.withUnsafeBytes { raw in
            for i in 0..<count {
                let v = raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                out[i] = (bgra ? (v & 0x0000_FF00) | ((v >> 16) & 0xFF) | ((v & 0xFF) << 16) : v & 0x00FF_FFFF) | 0xFF00_0000
            }
        }
    }

    private static func read(_ source: UnsafeMutableRawPointer, width: Int, height: Int, bgra: Bool) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let words = source.bindMemory(to: UInt32.self, capacity: width * height)
        bytes.withUnsafeMutableBytes { raw in
            for i in 0..<(width * height) {
                let v = words[i]
                let rgba = (bgra ? (v & 0x0000_FF00) | ((v >> 16) & 0xFF) | ((v & 0xFF) << 16) : v & 0x00FF_FFFF) | 0xFF00_0000
                raw.storeBytes(of: rgba.littleEndian, toByteOffset: 4 * i, as: UInt32.self)
            }
        }
        return PixelBuffer.wrapping(width: width, height: height, format: .rgba8Unorm, bytes: bytes)
    }
}
