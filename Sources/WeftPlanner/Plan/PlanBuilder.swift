import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// Collects a render's passes over *logical* textures — each written once, by one pass or
/// one upload — and then assigns them physical textures by lifetime (`TextureAllocator`).
struct PlanBuilder {
    private(set) var logical: [TextureDescriptor] = []
    private(set) var uploads: [TextureID: PixelBuffer] = [:]
    /// Textures the executor keeps across plans (the glyph atlas): like uploads, never written by a pass nor aliased.
    private(set) var residents: [TextureID: ResidentTexture] = [:]
    /// The passes in lowering order; the rewrites (`Fusion`, `CompositeFolding`) replace them.
    var planned: [PlannedPass] = []
    /// Layer composites that may be folded into the pass producing their layer, by the logical texture they write.
    private(set) var foldableComposites: [TextureID: CompositeFold] = [:]
    /// Draws over part of a canvas, by the logical texture they write: the kernel that draws them in place over their
    /// destination, and the pixels they touch (`drawInPlace`).
    private var inPlace: [InPlaceDraw?] = []

    private struct InPlaceDraw {
        var kernel: CompiledKernel
        var region: PixelRegion
    }
    /// Whether a pass added in lowering writes each logical texture, by its index: each is written once.
    private var writtenByPass: [Bool] = []

    var passes: [KernelPass] { planned.map(\.pass) }

    /// Whether `other` lowered to the same passes, textures, uploads, resident textures and rewrite candidates, so that
    /// the rewrites make the same plan of it but for the passes' values: their argument and array bytes (of the same
    /// sizes) and the frame's clock (`PlannedPass.sameStructure`). Uploads compare by their pixels (the same image
    /// compares by identity).
    func sameStructure(as other: PlanBuilder) -> Bool {
        guard logical == other.logical, planned.count == other.planned.count,
              zip(planned, other.planned).allSatisfy({ $0.sameStructure(as: $1) }), foldableComposites == other.foldableComposites,
              uploads == other.uploads, residents == other.residents else { return false }
        return zip(inPlace, other.inPlace).allSatisfy { a, b in
            guard let a, let b else { return a == nil && b == nil }
            return a.region == b.region && a.kernel.cacheKey == b.kernel.cacheKey
        }
    }

    mutating func texture(width: Int, height: Int, format: PixelFormat) -> TextureID {
        logical.append(TextureDescriptor(width: width, height: height, format: format))
        writtenByPass.append(false)
        inPlace.append(nil)
        return TextureID(logical.count - 1)
    }

    mutating func upload(_ pixels: PixelBuffer) -> TextureID {
        let id = texture(width: pixels.width, height: pixels.height, format: pixels.format)
        uploads[id] = pixels
        return id
    }

    /// Makes `id`, made by `texture` and read by passes added since, an upload of `pixels` (which may have grown since).
    mutating func fill(_ id: TextureID, with pixels: PixelBuffer) {
        precondition(!writtenByPass[id.index], "a logical texture is written once")
        logical[id.index] = TextureDescriptor(width: pixels.width, height: pixels.height, format: pixels.format)
        uploads[id] = pixels
    }

    /// Makes `id`, made by `texture` and read by passes added since, the resident texture `resident`.
    mutating func makeResident(_ id: TextureID, _ resident: ResidentTexture) {
        precondition(!writtenByPass[id.index], "a logical texture is written once")
        let pixels = resident.pixels
        logical[id.index] = TextureDescriptor(width: pixels.width, height: pixels.height, format: pixels.format)
        residents[id] = resident
    }

    func format(of id: TextureID) -> PixelFormat { logical[id.index].format }

    func isUpload(_ id: TextureID) -> Bool { uploads[id] != nil }

    mutating func add(_ pass: KernelPass, origin: PlannedPass.Origin, placement: Affine? = nil) {
        precondition(uploads[pass.output] == nil && residents[pass.output] == nil && !writtenByPass[pass.output.index],
                     "a logical texture is written once")
        writtenByPass[pass.output.index] = true
        planned.append(PlannedPass(pass: pass, origin: origin, placement: placement,
                                   provenance: ValueProvenance(lowered: planned.count, of: pass)))
    }

    /// An engine draw over its destination that changes only `region`: as added, a pass writing a whole new texture;
    /// drawn in place by `inPlaceKernel` (the same kernel's `.inPlace` variant) over `region` alone when nothing else
    /// reads the destination (`drawInPlace`).
    mutating func add(_ pass: KernelPass, origin: PlannedPass.Origin, changingOnly region: PixelRegion, inPlaceKernel: CompiledKernel,
                      foldable: CompositeFold? = nil) {
        precondition(pass.destination != nil && inPlaceKernel.interface.readsOutput)
        add(pass, origin: origin)
        inPlace[pass.output.index] = InPlaceDraw(kernel: inPlaceKernel, region: region)
        if let foldable { foldableComposites[pass.output] = foldable }
    }

    /// Bounded passes: each draw added with `add(_:origin:changingOnly:inPlaceKernel:)` whose destination nothing reads
    /// after it (nor reads back, nor uploaded) runs in place over its region only; the destination's texture becomes its
    /// output's (`TextureAllocator`). Then passes whose output nothing reads are dropped.
    mutating func drawInPlace(readingBack outputs: [TextureID]) {
        var lastUse = [Int](repeating: -1, count: logical.count)
        for i in planned.indices {
            planned[i].pass.forEachInput { lastUse[$0.index] = i }
        }
        for i in planned.indices {
            guard let draw = inPlace[planned[i].pass.output.index], let destination = planned[i].pass.destination,
                  case .engine(let variant, let facts) = planned[i].origin,
                  lastUse[destination.index] == i, uploads[destination] == nil, !outputs.contains(destination),
                  planned[i].pass.layer != destination, !planned[i].pass.images.contains(destination) else { continue }
            planned[i].pass = planned[i].pass.bounded(to: draw.region)
            planned[i].pass.kernel = draw.kernel
            planned[i].origin = .engine(EngineKernel.Variant(variant.kernel, .inPlace), facts)
            planned[i].placement = nil
        }
        var read = [Bool](repeating: false, count: logical.count)
        for output in outputs { read[output.index] = true }
        var kept = [Bool](repeating: false, count: planned.count)
        for i in planned.indices.reversed() where read[planned[i].pass.output.index] {
            kept[i] = true
            planned[i].pass.forEachInput { read[$0.index] = true }
        }
        if kept.contains(false) { planned = planned.indices.filter { kept[$0] }.map { planned[$0] } }
    }

    /// The finished plan, reading back `outputs`; intermediate textures share physical
    /// textures wherever their lifetimes do not overlap. `scheduled`: passes run level by level (`PassSchedule`).
    func finish(readingBack outputs: [TextureID], scheduled: Bool = false) -> (plan: RenderPlan, readbacks: [TextureID]) {
        let finished = finishPlaced(readingBack: outputs, scheduled: scheduled)
        return (finished.plan, finished.readbacks)
    }

    /// `finish`, with each pass's `PlannedPass.placement` and `provenance` in the plan's order.
    func finishPlaced(readingBack outputs: [TextureID], scheduled: Bool = false)
        -> (plan: RenderPlan, readbacks: [TextureID], placements: [Affine?], provenance: [ValueProvenance?]) {
        let passes = self.passes
        let schedule = scheduled ? PassSchedule(passes) : nil
        let order = schedule?.order ?? Array(passes.indices)
        let (plan, readbacks) = TextureAllocator.allocate(logical: logical, uploads: uploads, residents: residents, passes: order.map { passes[$0] },
                                                          levels: schedule?.levels, readbacks: outputs)
        return (plan, readbacks, order.map { planned[$0].placement }, order.map { planned[$0].provenance })
    }
}

/// Lifetime aliasing: a physical texture returns to the pool after the last pass that reads
/// its logical texture, and the next pass needing the same size and format takes it. With `levels` (ascending, one per
/// pass: `PassSchedule`) it returns only after that pass's level, so no pass overwrites what another of its level reads.
enum TextureAllocator {
    static func allocate(logical: [TextureDescriptor], uploads: [TextureID: PixelBuffer], residents: [TextureID: ResidentTexture] = [:],
                         passes: [KernelPass],
                         levels: [Int]? = nil, readbacks: [TextureID]) -> (plan: RenderPlan, readbacks: [TextureID]) {
        let levels = levels ?? Array(passes.indices)
        var lastUse = [Int](repeating: -1, count: logical.count)
        for (i, pass) in passes.enumerated() {
            pass.forEachInput { lastUse[$0.index] = i }
            lastUse[pass.output.index] = max(lastUse[pass.output.index], i)
        }
        let kept = Set(readbacks)

        var plan = RenderPlan()
        var physical = [TextureID?](repeating: nil, count: logical.count)
        var free: [TextureDescriptor: [TextureID]] = [:]

        for (id, pixels) in uploads.sorted(by: { $0.key < $1.key }) {
            physical[id.index] = plan.addUpload(pixels)
        }
        for (id, resident) in residents.sorted(by: { $0.key < $1.key }) {
            physical[id.index] = plan.addResident(resident)
        }
        // An upload's texture (or a resident one) is never reused: a plan run again (benchmark repetitions) uploads only once.
        var releasing = [TextureID]()
        func release(_ id: TextureID) {
            guard !kept.contains(id), uploads[id] == nil, residents[id] == nil, let p = physical[id.index] else { return }
            releasing.append(p)
        }

        for (i, pass) in passes.enumerated() {
            if i > 0 && levels[i] != levels[i - 1] {
                for p in releasing { free[plan.textures[p.index], default: []].append(p) }
                releasing.removeAll()
            }
            var mapped = pass
            let descriptor = logical[pass.output.index]
            let out: TextureID
            // A pass drawn in place continues its destination's texture (PlanBuilder.drawInPlace made sure nothing
            // else reads the destination).
            let continued = pass.kernel.interface.readsOutput ? pass.destination : nil
            if let continued {
                out = physical[continued.index]!
            } else if let reused = free[descriptor]?.popLast() {
                out = reused
            } else {
                out = plan.addTexture(descriptor)
            }
            physical[pass.output.index] = out
            mapped.output = out
            mapped.layer = pass.layer.map { physical[$0.index]! }
            mapped.destination = continued == nil ? pass.destination.map { physical[$0.index]! } : nil
            mapped.images = pass.images.map { physical[$0.index]! }
            plan.passes.append(mapped)

            // Each texture the pass was the last to use returns once (a texture bound twice is one texture).
            var released: [TextureID] = continued.map { [$0] } ?? []
            func releaseAfterThisPass(_ id: TextureID) {
                guard lastUse[id.index] == i, !released.contains(id) else { return }
                released.append(id)
                release(id)
            }
            pass.forEachInput(releaseAfterThisPass)
            releaseAfterThisPass(pass.output)
        }
        let mappedReadbacks = readbacks.map { physical[$0.index]! }
        plan.readbacks = mappedReadbacks
        do { try plan.validate() } catch { preconditionFailure("the planner made an invalid plan: \(error)") }
        return (plan, mappedReadbacks)
    }
}
