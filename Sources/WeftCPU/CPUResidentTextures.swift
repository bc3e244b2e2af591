import Synchronization
import WeftImage
import WeftRuntime

/// The textures the CPU evaluator keeps across plans (`RenderPlan.residents`), one per owner: a plan finds its owner's
/// texture and copies in only the rows it lacks. A texture another render still reads is not written: it is replaced.
/// The `ResidentTexture.ownersKept` most recently used owners' textures are kept.
final class CPUResidentTextures: Sendable {
    private struct Kept {
        var held: ResidentTexture.Held
        var texture: CPUTexture
    }
    private struct State {
        var kept = LRUCache<UInt64, Kept>(capacity: ResidentTexture.ownersKept)
        var bytesUploaded = 0
    }
    private let state = Mutex(State())

    /// The texture holding `resident`'s pixels, brought up to date.
    func texture(for resident: ResidentTexture) -> CPUTexture {
        state.withLock { state in
            let held = state.kept[resident.owner]?.held
            var rows = resident.rows(toUploadHolding: held)
            if var kept = state.kept[resident.owner], !resident.replaces(held) {
                state.kept[resident.owner] = nil
                if !rows.isEmpty && !isKnownUniquelyReferenced(&kept.texture) {
                    kept.texture = CPUTexture(resident.pixels)
                    rows = 0..<resident.pixels.height
                } else if !rows.isEmpty {
                    kept.texture.replaceRows(rows, from: resident.pixels)
                }
                if !rows.isEmpty { kept.held = resident.held }
                state.kept[resident.owner] = kept
            } else {
                state.kept[resident.owner] = Kept(held: resident.held, texture: CPUTexture(resident.pixels))
            }
            state.bytesUploaded += resident.bytes(of: rows)
            return state.kept[resident.owner]!.texture
        }
    }

    var count: Int { state.withLock { $0.kept.count } }
    /// Bytes copied into resident textures so far.
    var bytesUploaded: Int { state.withLock { $0.bytesUploaded } }
}
