import CVulkan
import Foundation
import WeftImage
import WeftRuntime

/// Where the Vulkan pipeline cache lives on disk.
public enum PipelineCacheLocation: Sendable, Hashable {
    /// `$XDG_CACHE_HOME/weft`, or `~/.cache/weft`.
    case standard
    case directory(String)
    /// Pipelines are cached in memory only.
    case none

    var directoryPath: String? {
        switch self {
        case .none: return nil
        case let .directory(path): return path
        case .standard:
            let env = ProcessInfo.processInfo.environment
            if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/weft" }
            if let home = env["HOME"], !home.isEmpty { return home + "/.cache/weft" }
            return nil
        }
    }
}

/// The bindings a kernel declares (docs/kernel-abi.md), which fix its descriptor-set layout,
/// and the stage that uses them: a fragment pass declares everything but binding 0 (it writes
/// colour attachment 0 instead).
struct BindingShape: Hashable {
    var stage: PassStage
    var readsLayer: Bool
    var readsDestination: Bool
    var hasArguments: Bool
    var readsArrays: Bool
    var imageCount: Int
    /// The checked variant's counters (`KernelABI.checkBinding`) are bound.
    var checked = false

    init(_ i: KernelInterface, stage: PassStage, checked: Bool = false) {
        self.stage = stage
        self.checked = checked
        readsLayer = i.readsLayer
        readsDestination = i.readsDestination
        hasArguments = i.argumentBlockSize > 0
        readsArrays = i.readsArrays
        imageCount = i.imageCount
    }

    /// (binding, descriptor type) of every declared binding.
    var bindings: [(UInt32, VkDescriptorType)] {
        var out: [(UInt32, VkDescriptorType)] = []
        if writesStorageImage { out.append((KernelABI.outputBinding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE)) }
        if readsLayer { out.append((KernelABI.layerBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)) }
        if readsDestination { out.append((KernelABI.destinationBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)) }
        if hasArguments { out.append((KernelABI.argumentsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER)) }
        if readsArrays { out.append((KernelABI.arraysBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER)) }
        for i in 0..<imageCount { out.append((KernelABI.firstImageBinding + UInt32(i), VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)) }
        if checked { out.append((KernelABI.checkBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER)) }
        return out
    }

    /// Binding 0 is declared: the output is a storage image.
    var writesStorageImage: Bool { stage == .compute }

    /// The shader stage that sees the bindings.
    var shaderStage: VkShaderStageFlags { Self.shaderStage(stage) }

    static func shaderStage(_ stage: PassStage) -> VkShaderStageFlags {
        switch stage {
        case .compute: vkFlags(VK_SHADER_STAGE_COMPUTE_BIT)
        case .fragment: vkFlags(VK_SHADER_STAGE_FRAGMENT_BIT)
        }
    }
}

/// Compute pipelines by `CompiledKernel.cacheKey`, descriptor-set and pipeline layouts by binding
/// shape, and a `VkPipelineCache` loaded from and saved to disk. Not thread-safe: the executor
/// uses it under its lock (it creates a plan's new pipelines on threads of its own, `pipelines(for:checked:)`).
final class KernelPipelines {
    struct Layout {
        let setLayout: VkDescriptorSetLayout
        let pipelineLayout: VkPipelineLayout
    }
    struct Pipeline {
        let handle: VkPipeline
        let layout: Layout
        let shape: BindingShape
        var stage: PassStage { shape.stage }
    }

    let device: VulkanDevice
    /// Descriptor set 1 of every pipeline layout, by stage: the `FrameConstants` block, one dynamic uniform buffer that
    /// every pass of a render shares at its own offset.
    let frameSetLayouts: [PassStage: VkDescriptorSetLayout]
    private var layouts: [BindingShape: Layout] = [:]
    private var pipelines: [String: Pipeline] = [:]
    /// Fragment passes' render passes by output format, on devices without dynamic rendering.
    var renderPasses: [PixelFormat: VkRenderPass] = [:]
    let cache: VkPipelineCache
    let filePath: String?
    /// Bytes of cache data accepted from disk at start (0 when none or mismatched).
    let loadedBytes: Int
    private(set) var pipelinesCreated = 0
    private var unsaved = false
    /// The size of the driver's cache data as the file last held it (loaded or saved; 0 when none): pipelines that all
    /// came from the cache leave it as it was, and the file is not written again.
    private var savedSize: Int
    /// Compute pipelines created from now on capture the driver's statistics (`statistics(for:)`); set only when asked:
    /// capturing may cost compile time.
    var capturesStatistics = false
    /// Cache keys of the pipelines created with capture on.
    private var captured: Set<String> = []

    init(device: VulkanDevice, location: PipelineCacheLocation) throws(VulkanError) {
        let info = device.info
        let uuid = info.pipelineCacheUUID.map { String(format: "%02x", $0) }.joined()
        let path = location.directoryPath.map {
            "\($0)/pipelines-\(String(info.vendorID, radix: 16))-\(String(info.deviceID, radix: 16))-\(uuid).bin"
        }
        var initial = [UInt8]()
        if let path, let data = FileManager.default.contents(atPath: path),
           let payload = CacheEnvelope.unwrap(data, magic: Self.fileMagic), Self.headerMatches(Array(payload), info) {
            initial = Array(payload)
        }
        var cache: VkPipelineCache?
        let r: VkResult = initial.withUnsafeBytes { bytes in
            var createInfo = VkPipelineCacheCreateInfo()
            createInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO
            createInfo.initialDataSize = bytes.count
            createInfo.pInitialData = bytes.baseAddress
            return vkCreatePipelineCache(device.handle, &createInfo, nil, &cache)
        }
        try vkCheck(r, "vkCreatePipelineCache")
        var frameLayouts: [PassStage: VkDescriptorSetLayout] = [:]
        for stage in [PassStage.compute, .fragment] {
            var frameBinding = VkDescriptorSetLayoutBinding()
            frameBinding.binding = KernelABI.frameBinding
            frameBinding.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
            frameBinding.descriptorCount = 1
            frameBinding.stageFlags = BindingShape.shaderStage(stage)
            var frameLayout: VkDescriptorSetLayout?
            let fr = withUnsafePointer(to: &frameBinding) { binding in
                var info = VkDescriptorSetLayoutCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
                info.bindingCount = 1
                info.pBindings = binding
                return vkCreateDescriptorSetLayout(device.handle, &info, nil, &frameLayout)
            }
            if fr != VK_SUCCESS {
                for layout in frameLayouts.values { vkDestroyDescriptorSetLayout(device.handle, layout, nil) }
                vkDestroyPipelineCache(device.handle, cache, nil)
                throw .call(function: "vkCreateDescriptorSetLayout", result: VkResultCode(fr))
            }
            frameLayouts[stage] = frameLayout!
        }
        self.device = device
        self.frameSetLayouts = frameLayouts
        self.cache = cache!
        self.filePath = path
        self.loadedBytes = initial.count
        self.savedSize = initial.count
    }

    /// The file holds the driver's data in a `CacheEnvelope`: data whose SHA-256 does not match
    /// is damaged and never handed to the driver; the next save replaces it.
    static let fileMagic = "WEFTVKPC"

    /// VkPipelineCacheHeaderVersionOne: size, version, vendor, device, UUID — checked here
    /// because some drivers trust the data they are given.
    private static func headerMatches(_ data: [UInt8], _ info: VulkanDeviceInfo) -> Bool {
        guard data.count >= 32 else { return false }
        func word(_ at: Int) -> UInt32 { data[at..<at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) } }
        return word(0) >= 32 && word(4) == UInt32(VK_PIPELINE_CACHE_HEADER_VERSION_ONE.rawValue)
            && word(8) == info.vendorID && word(12) == info.deviceID && Array(data[16..<32]) == info.pipelineCacheUUID
    }

    var cachedPipelineCount: Int { pipelines.count }

    func layout(for shape: BindingShape) throws(VulkanError) -> Layout {
        if let layout = layouts[shape] { return layout }
        var sampler: VkSampler? = device.sampler
        let layout: Layout = try withUnsafePointer(to: &sampler) { samplerPtr throws(VulkanError) -> Layout in
            let bindings = shape.bindings.map { binding, type in
                var b = VkDescriptorSetLayoutBinding()
                b.binding = binding
                b.descriptorType = type
                b.descriptorCount = 1
                b.stageFlags = shape.shaderStage
                if type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER { b.pImmutableSamplers = samplerPtr }
                return b
            }
            var setLayout: VkDescriptorSetLayout?
            let r = bindings.withUnsafeBufferPointer { buffer in
                var info = VkDescriptorSetLayoutCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
                info.bindingCount = UInt32(buffer.count)
                info.pBindings = buffer.baseAddress
                return vkCreateDescriptorSetLayout(device.handle, &info, nil, &setLayout)
            }
            try vkCheck(r, "vkCreateDescriptorSetLayout")
            var pipelineLayout: VkPipelineLayout?
            var setLayouts: [VkDescriptorSetLayout?] = [setLayout, frameSetLayouts[shape.stage]]
            let r2 = setLayouts.withUnsafeMutableBufferPointer { setPtr in
                var info = VkPipelineLayoutCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
                info.setLayoutCount = UInt32(setPtr.count)
                info.pSetLayouts = UnsafePointer(setPtr.baseAddress)
                return vkCreatePipelineLayout(device.handle, &info, nil, &pipelineLayout)
            }
            if r2 != VK_SUCCESS {
                vkDestroyDescriptorSetLayout(device.handle, setLayout, nil)
                throw .call(function: "vkCreatePipelineLayout", result: VkResultCode(r2))
            }
            return Layout(setLayout: setLayout!, pipelineLayout: pipelineLayout!)
        }
        layouts[shape] = layout
        return layout
    }

    /// How `kernel` runs on this device: compute, or — when it uses derivatives and the device
    /// has no compute derivatives — a fragment pass.
    func stage(for kernel: CompiledKernel) throws(VulkanError) -> PassStage {
        guard kernel.interface.usesDerivatives && !device.info.computeDerivatives else { return .compute }
        let missing = "it uses derivatives (dFdx, dFdy, fwidth), the device lacks \(VulkanDeviceInfo.computeDerivativesExtension)"
        guard device.info.fragmentPassFallback else {
            throw .unsupportedKernel(kernel: kernel.name, reason: "\(missing), and it cannot run fragment passes either (its compute queue has no graphics)")
        }
        guard kernel.fragmentSPIRV != nil else {
            throw .unsupportedKernel(kernel: kernel.name, reason: "\(missing), and the kernel has no fragment version (CompiledKernel.fragmentSPIRV) to run as a fragment pass")
        }
        return .fragment
    }

    /// The pipeline for `kernel` — its checked variant (`CompiledKernel.checked`) when `checked` and it has one that
    /// runs here (compute) —, created (through the pipeline cache) on first use.
    func pipeline(for kernel: CompiledKernel, checked: Bool = false) throws(VulkanError) -> Pipeline {
        try pipelines(for: [kernel], checked: checked)[0]
    }

    /// The pipelines of `kernels`, in order, as `pipeline(for:checked:)` gives them; those not created yet are created
    /// at once, on as many threads as there are cores and pipelines to make (Vulkan creates pipelines of one device
    /// from several threads, through one pipeline cache), instead of one after another: a plan's first run compiles
    /// all of its kernels. Where one cannot be created, the others are still kept and its error is thrown.
    func pipelines(for kernels: [CompiledKernel], checked: Bool = false) throws(VulkanError) -> [Pipeline] {
        var keys: [String] = []
        var creations: [Creation] = []
        var creating: Set<String> = []
        for kernel in kernels {
            let stage = try stage(for: kernel)
            let variant = checked && stage == .compute ? kernel.checked : nil
            let key = variant?.cacheKey ?? kernel.cacheKey
            keys.append(key)
            guard pipelines[key] == nil, creating.insert(key).inserted else { continue }
            creations.append(try creation(of: kernel, stage: stage, variant: variant, key: key))
        }
        var failure: VulkanError?
        for (creation, made) in zip(creations, create(creations)) {
            switch made {
            case .success(let handle):
                pipelines[creation.key] = Pipeline(handle: handle, layout: creation.layout, shape: creation.shape)
                pipelinesCreated += 1
                unsaved = true
                if capturesStatistics && creation.shape.stage == .compute { captured.insert(creation.kernel.cacheKey) }
            case .failure(let error):
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return keys.map { pipelines[$0]! }
    }

    /// What creating one pipeline takes, made ready on the calling thread — its layout, a fragment pass's render pass,
    /// a checked variant's SPIR-V — so that creating it (`create`) touches nothing of this object but the device, the
    /// pipeline cache and what they hold.
    private struct Creation {
        let kernel: CompiledKernel
        let key: String
        let shape: BindingShape
        let layout: Layout
        /// A compute pipeline's SPIR-V (the checked variant's where asked); nil for a fragment pass.
        let computeSPIRV: [UInt32]?
    }

    private func creation(of kernel: CompiledKernel, stage: PassStage, variant: CheckedKernel?, key: String) throws(VulkanError) -> Creation {
        let shape = BindingShape(kernel.interface, stage: stage, checked: variant != nil)
        let layout = try layout(for: shape)
        guard stage == .compute else {
            if device.dynamicRendering == nil { _ = try renderPass(for: kernel.outputFormat) }
            return Creation(kernel: kernel, key: key, shape: shape, layout: layout, computeSPIRV: nil)
        }
        guard let variant else { return Creation(kernel: kernel, key: key, shape: shape, layout: layout, computeSPIRV: kernel.spirv) }
        do {
            return Creation(kernel: kernel, key: key, shape: shape, layout: layout, computeSPIRV: try variant.spirv())
        } catch {
            throw .unsupportedKernel(kernel: kernel.name, reason: "its checked variant does not compile: \(error)")
        }
    }

    /// Creates the pipelines of `creations`, several at once where there are several (each thread takes the next one
    /// nobody has taken), and returns each one's handle or error, in order.
    private func create(_ creations: [Creation]) -> [Result<VkPipeline, VulkanError>] {
        let workers = min(creations.count, ProcessInfo.processInfo.activeProcessorCount)
        guard workers > 1 else { return creations.map { creation in Result { () throws(VulkanError) in try create(creation) } } }
        let made = UnsafeMutableBufferPointer<Result<VkPipeline, VulkanError>>.allocate(capacity: creations.count)
        defer { made.deallocate() }
        // Each thread writes the entries it took and reads only what `create(_:)` reads: the device, the pipeline cache
        // (internally synchronized) and the render passes `creation(of:…)` made beforehand; concurrentPerform returns
        // once every thread has finished.
        nonisolated(unsafe) let (maker, creations, results) = (self, creations, made)
        let next = PartCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var index = next.take()
            while index < creations.count {
                let creation = creations[index]
                (results.baseAddress! + index).initialize(to: Result { () throws(VulkanError) in try maker.create(creation) })
                index = next.take()
            }
        }
        let created = Array(made)
        _ = made.deinitialize()
        return created
    }

    /// Creates one pipeline as `creation` says, through the pipeline cache; safe on several threads at once.
    private func create(_ creation: Creation) throws(VulkanError) -> VkPipeline {
        let kernel = creation.kernel
        guard let spirv = creation.computeSPIRV else { return try fragmentPipeline(for: kernel, layout: creation.layout) }
        var module: VkShaderModule?
        let mr: VkResult = spirv.withUnsafeBufferPointer { words in
            var info = VkShaderModuleCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
            info.codeSize = words.count * 4
            info.pCode = words.baseAddress
            return vkCreateShaderModule(device.handle, &info, nil, &module)
        }
        guard mr == VK_SUCCESS else { throw .pipelineCreation(kernel: kernel.name, result: VkResultCode(mr)) }
        defer { vkDestroyShaderModule(device.handle, module, nil) }
        var pipeline: VkPipeline?
        let pr: VkResult = "main".withCString { entry in
            var info = VkComputePipelineCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
            info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
            info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT
            info.stage.module = module
            info.stage.pName = entry
            info.layout = creation.layout.pipelineLayout
            if capturesStatistics { info.flags = VkPipelineCreateFlags(VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR.rawValue) }
            return vkCreateComputePipelines(device.handle, cache, 1, &info, nil, &pipeline)
        }
        guard pr == VK_SUCCESS, let pipeline else { throw .pipelineCreation(kernel: kernel.name, result: VkResultCode(pr)) }
        device.created(.pipeline(pipeline))
        return pipeline
    }

    /// The driver's statistics of `kernel`'s pipeline, created (with capture on) if it was not yet; nil for a pipeline
    /// created before capture was turned on, and for fragment passes.
    func statistics(for kernel: CompiledKernel, commands: PipelineExecutableCommands) throws(VulkanError) -> [PipelineExecutableStatistics]? {
        let entry = try pipeline(for: kernel)
        guard captured.contains(kernel.cacheKey) else { return nil }
        return try commands.executables(of: entry.handle, on: device.handle)
    }

    /// Writes the pipeline cache to disk (atomically) if pipelines were created since the last
    /// save and the driver's data changed size with them (a run whose pipelines all came from the cache writes
    /// nothing). A cache that cannot be written costs only compile time later, so failures are
    /// returned for reporting rather than thrown.
    @discardableResult
    func saveIfNeeded() -> String? {
        guard unsaved, let filePath, !device.isLost else { return nil }
        unsaved = false
        var size = 0
        guard vkGetPipelineCacheData(device.handle, cache, &size, nil) == VK_SUCCESS else { return "vkGetPipelineCacheData failed" }
        guard size != savedSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard vkGetPipelineCacheData(device.handle, cache, &size, &bytes) == VK_SUCCESS else { return "vkGetPipelineCacheData failed" }
        do {
            let directory = (filePath as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try CacheEnvelope.wrap(Data(bytes.prefix(size)), magic: Self.fileMagic).write(to: URL(fileURLWithPath: filePath), options: .atomic)
            savedSize = size
            return nil
        } catch {
            return "could not write the pipeline cache \(filePath): \(error)"
        }
    }

    deinit {
        guard !device.isLost else { return }
        saveIfNeeded()
        for pipeline in pipelines.values { device.retire(.pipeline(pipeline.handle)) }
        for renderPass in renderPasses.values { device.retire(.renderPass(renderPass)) }
        for layout in layouts.values {
            vkDestroyPipelineLayout(device.handle, layout.pipelineLayout, nil)
            vkDestroyDescriptorSetLayout(device.handle, layout.setLayout, nil)
        }
        for layout in frameSetLayouts.values { vkDestroyDescriptorSetLayout(device.handle, layout, nil) }
        vkDestroyPipelineCache(device.handle, cache, nil)
    }
}
