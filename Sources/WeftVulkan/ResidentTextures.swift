import CVulkan
import WeftImage
import WeftRuntime

/// The textures the executor keeps across plans (`RenderPlan.residents`), one per owner, used only under the executor's
/// lock. A plan's frame uploads only the rows its owner's texture lacks; an earlier frame still in flight may read the
/// same texture, so the upload waits for those reads in the queue (`BarrierTracker.keptReadable`: a barrier's first
/// scope is everything submitted before it). A texture of another generation or size is replaced; the old one is
/// retired, and deferred destruction keeps it until the frames that read it are done; so is the texture of an owner
/// not among the `ResidentTexture.ownersKept` most recently used.
final class ResidentTextures {
    final class Kept {
        let texture: DeviceTexture
        var held: ResidentTexture.Held?
        init(texture: consuming DeviceTexture) { self.texture = texture }
    }

    /// One resident texture of a frame: its texture, the rows to upload, and whether earlier frames left it readable.
    struct Use {
        let id: TextureID
        let kept: Kept
        let rows: Range<Int>
        let wasReadable: Bool
        let held: ResidentTexture.Held
    }

    let device: VulkanDevice
    private var kept = LRUCache<UInt64, Kept>(capacity: ResidentTexture.ownersKept)
    private(set) var created = 0
    private(set) var bytesUploaded = 0

    init(device: VulkanDevice) { self.device = device }

    var count: Int { kept.count }

    /// The textures `plan`'s residents need and the rows each lacks; nothing is recorded as held until `commit`.
    func prepare(_ plan: RenderPlan) throws(VulkanError) -> [Use] {
        var uses: [Use] = []
        for (id, resident) in plan.residents.sorted(by: { $0.key < $1.key }) {
            let current = kept[resident.owner]
            if let current, !resident.replaces(current.held) {
                uses.append(Use(id: id, kept: current, rows: resident.rows(toUploadHolding: current.held), wasReadable: true,
                                held: resident.held))
                continue
            }
            let descriptor = TextureDescriptor(width: resident.pixels.width, height: resident.pixels.height, format: resident.pixels.format)
            let fresh = Kept(texture: try DeviceTexture(device: device, descriptor: descriptor))
            created += 1
            kept[resident.owner] = fresh
            uses.append(Use(id: id, kept: fresh, rows: 0..<resident.pixels.height, wasReadable: false, held: resident.held))
        }
        return uses
    }

    /// After the frame was submitted: its textures hold what it uploaded.
    func commit(_ uses: [Use], plan: RenderPlan) {
        for use in uses where !use.rows.isEmpty || use.kept.held == nil {
            use.kept.held = use.held
            bytesUploaded += plan.residents[use.id]!.bytes(of: use.rows)
        }
    }
}
