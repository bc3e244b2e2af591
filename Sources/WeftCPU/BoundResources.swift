/// The resources of one dispatch, by the program's slots. Buffers are copied into storage this
/// object owns, so ops can read them through raw pointers for the whole dispatch.
final class BoundResources: @unchecked Sendable {
    let buffers: [UnsafeRawBufferPointer]
    let textures: [CPUTexture]
    let samplers: [SamplerState]
    private let owned: [UnsafeMutableRawBufferPointer]

    init(program: KernelProgram, bindings: CPUBindings) throws(CPUError) {
        var owned: [UnsafeMutableRawBufferPointer] = []
        for source in program.bufferSlots {
            let bytes: [UInt8]
            switch source {
            case .pushConstants:
                bytes = bindings.pushConstants
            case .uniform(let b), .storage(let b):
                guard let data = bindings.buffers[b] else {
                    owned.forEach { $0.deallocate() }
                    throw .missingBinding(binding: b, what: "buffer")
                }
                bytes = data
            }
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
            copy.copyBytes(from: bytes)
            owned.append(UnsafeMutableRawBufferPointer(rebasing: copy[0..<bytes.count]))
        }
        var textures: [CPUTexture] = []
        for b in program.imageSlots {
            guard let t = bindings.textures[b] else {
                owned.forEach { $0.deallocate() }
                throw .missingBinding(binding: b, what: "image")
            }
            textures.append(t)
        }
        self.owned = owned
        buffers = owned.map { UnsafeRawBufferPointer($0) }
        self.textures = textures
        samplers = program.samplerSlots.map { bindings.samplers[$0] ?? .weft }
    }

    deinit {
        for b in owned {
            // Zero-length views still own their one-byte allocation.
            if let base = b.baseAddress { UnsafeMutableRawPointer(mutating: base).deallocate() }
        }
    }
}

/// What a dispatch binds: the frame constants, buffers (uniform and storage) and textures by
/// binding number (descriptor set 0), and sampler state for sampled-image bindings.
public struct CPUBindings: Sendable {
    /// The frame constants' bytes: what a push-constant block, or the frame block at descriptor set
    /// `KernelABI.frameSet`, binding `KernelABI.frameBinding`, reads.
    public var pushConstants: [UInt8]
    public var buffers: [UInt32: [UInt8]]
    public var textures: [UInt32: CPUTexture]
    /// Sampler state per binding; a binding not listed uses `SamplerState.weft`.
    public var samplers: [UInt32: SamplerState]

    public init(pushConstants: [UInt8] = [], buffers: [UInt32: [UInt8]] = [:], textures: [UInt32: CPUTexture] = [:],
                samplers: [UInt32: SamplerState] = [:]) {
        self.pushConstants = pushConstants
        self.buffers = buffers
        self.textures = textures
        self.samplers = samplers
    }
}
