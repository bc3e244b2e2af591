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
/// uses it under its lock.
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
        let stage = try stage(for: kernel)
        let variant = checked && stage == .compute ? kernel.checked : nil
        let key = variant?.cacheKey ?? kernel.cacheKey
        if let pipeline = pipelines[key] { return pipeline }
        let shape = BindingShape(kernel.interface, stage: stage, checked: variant != nil)
        let layout = try layout(for: shape)
        if stage == .fragment {
            let entry = Pipeline(handle: try fragmentPipeline(for: kernel, layout: layout), layout: layout, shape: shape)
            pipelines[key] = entry
            pipelinesCreated += 1
            unsaved = true
            return entry
        }
        let spirv: [UInt32]
        if let variant {
            do { spirv = try variant.spirv() } catch {
                throw .unsupportedKernel(kernel: kernel.name, reason: "its checked variant does not compile: \(error)")
            }
        } else {
            spirv = kernel.spirv
        }
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
            info.layout = layout.pipelineLayout
            if capturesStatistics { info.flags = VkPipelineCreateFlags(VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR.rawValue) }
            return vkCreateComputePipelines(device.handle, cache, 1, &info, nil, &pipeline)
        }
        guard pr == VK_SUCCESS, let pipeline else { throw .pipelineCreation(kernel: kernel.name, result: VkResultCode(pr)) }
        device.created(.pipeline(pipeline))
        if capturesStatistics { captured.insert(kernel.cacheKey) }
        let entry = Pipeline(handle: pipeline, layout: layout, shape: shape)
        pipelines[key] = entry
        pipelinesCreated += 1
        unsaved = true
        return entry
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
