import WeftImage
import WeftRuntime
import WeftShaders

/// Collects a render's passes over *logical* textures — each written once, by one pass or
/// one upload — and then assigns them physical textures by lifetime (`TextureAllocator`).
struct PlanBuilder {
    private(set) var logical: [TextureDescriptor] = []
    private(set) var uploads: [TextureID: PixelBuffer] = [:]
    private(set) var passes: [KernelPass] = []
    /// Per pass, the stitchable function it runs (nil for engine and hand-compiled kernels), for `Fusion`.
    private(set) var stages: [FusionStage?] = []

    mutating func texture(width: Int, height: Int, format: PixelFormat) -> TextureID {
        logical.append(TextureDescriptor(width: width, height: height, format: format))
        return TextureID(logical.count - 1)
    }

    mutating func upload(_ pixels: PixelBuffer) -> TextureID {
        let id = texture(width: pixels.width, height: pixels.height, format: pixels.format)
        uploads[id] = pixels
        return id
    }

    func format(of id: TextureID) -> PixelFormat { logical[id.index].format }

    func isUpload(_ id: TextureID) -> Bool { uploads[id] != nil }

    mutating func add(_ pass: KernelPass, stage: FusionStage? = nil) {
        precondition(uploads[pass.output] == nil && !passes.contains { $0.output == pass.output },
                     "a logical texture is written once")
        passes.append(pass)
        stages.append(stage)
    }

    /// Stitches the chains that need no intermediate texture into single passes (`Fusion`); `outputs` are read back.
    /// Returns why each effect pass left alone was not stitched onto its input's producer.
    mutating func fuse(readingBack outputs: [TextureID], kernels: FusedKernelCache) -> [FusionNote] {
        let fused = Fusion.rewrite(passes: passes, stages: stages, readbacks: outputs, kernels: kernels)
        passes = fused.passes
        stages = fused.passes.map { _ in nil }
        return fused.notes
    }

    /// The finished plan, reading back `outputs`; intermediate textures share physical
    /// textures wherever their lifetimes do not overlap.
    func finish(readingBack outputs: [TextureID]) -> (plan: RenderPlan, readbacks: [TextureID]) {
        TextureAllocator.allocate(logical: logical, uploads: uploads, passes: passes, readbacks: outputs)
    }
}

/// Lifetime aliasing: a physical texture returns to the pool after the last pass that reads
/// its logical texture, and the next pass needing the same size and format takes it.
enum TextureAllocator {
    static func allocate(logical: [TextureDescriptor], uploads: [TextureID: PixelBuffer], passes: [KernelPass],
                         readbacks: [TextureID]) -> (plan: RenderPlan, readbacks: [TextureID]) {
        var lastUse = [Int](repeating: -1, count: logical.count)
        for (i, pass) in passes.enumerated() {
            for input in inputs(of: pass) { lastUse[input.index] = i }
            lastUse[pass.output.index] = max(lastUse[pass.output.index], i)
        }
        let kept = Set(readbacks)

        var plan = RenderPlan()
        var physical = [TextureID?](repeating: nil, count: logical.count)
        var free: [TextureDescriptor: [TextureID]] = [:]

        for (id, pixels) in uploads.sorted(by: { $0.key < $1.key }) {
            physical[id.index] = plan.addUpload(pixels)
        }
        func release(_ id: TextureID) {
            guard !kept.contains(id), let p = physical[id.index] else { return }
            free[logical[id.index], default: []].append(p)
        }

        for (i, pass) in passes.enumerated() {
            var mapped = pass
            let descriptor = logical[pass.output.index]
            let out: TextureID
            if let reused = free[descriptor]?.popLast() {
                out = reused
            } else {
                out = plan.addTexture(descriptor)
            }
            physical[pass.output.index] = out
            mapped.output = out
            mapped.layer = pass.layer.map { physical[$0.index]! }
            mapped.destination = pass.destination.map { physical[$0.index]! }
            mapped.images = pass.images.map { physical[$0.index]! }
            plan.passes.append(mapped)

            var released = Set<TextureID>()
            for input in inputs(of: pass) + [pass.output] where lastUse[input.index] == i && !released.contains(input) {
                released.insert(input)
                release(input)
            }
        }
        let mappedReadbacks = readbacks.map { physical[$0.index]! }
        plan.readbacks = mappedReadbacks
        do { try plan.validate() } catch { preconditionFailure("the planner made an invalid plan: \(error)") }
        return (plan, mappedReadbacks)
    }

    private static func inputs(of pass: KernelPass) -> [TextureID] {
        [pass.layer, pass.destination].compactMap { $0 } + pass.images
    }
}
