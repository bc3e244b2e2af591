import Synchronization
import WeftImage
import WeftRuntime
import WeftText

/// Glyph coverage rasterised by FreeType, packed on shelves into one RGBA8 texture (coverage in every channel) that
/// the `weft.glyph` kernel reads with `texelFetch`: no filtering, so both executors read the same bytes. One atlas per
/// `Planner` (a render context's): a glyph is rasterised and placed once and stays for later plans, and the executor
/// keeps the texture across plans (`ResidentTexture`), uploading only the rows that changed.
final class GlyphAtlas: Sendable {
    static let width = 1024
    /// Rows at most; a render that needs more starts the atlas over (`place`).
    let maxHeight: Int
    static let defaultMaxHeight = 4096

    struct Entry: Sendable {
        /// The texel of the bitmap's top-left corner.
        var texel: SIMD2<Int32>
        var bitmap: (width: Int32, height: Int32, left: Int32, top: Int32)
    }

    /// The atlas as one call left it: what a plan reads its glyphs from.
    struct Snapshot: Sendable {
        var pixels: PixelBuffer
        /// Bumped whenever the atlas starts over: entries of one generation stay where they are.
        var generation: Int
        /// The row each glyph of the generation was placed at, in the order placed (never decreasing).
        var firstChangedRows: [Int]
        var rowsUsed: Int
    }

    private struct State {
        var entries: [GlyphKey: Entry] = [:]
        var snapshot = Snapshot(pixels: PixelBuffer.blank(width: GlyphAtlas.width, height: 64, format: .rgba8Unorm), generation: 0,
                                firstChangedRows: [], rowsUsed: 0)
        var shelfX = 1, shelfY = 1, shelfHeight = 0
        /// What the last plan made resident held (`resident(_:)`).
        var planned: ResidentTexture.Held?
    }
    private let state = Mutex(State())
    /// Names this atlas's texture among the resident textures of an executor.
    let owner: UInt64

    private static let owners = Atomic<UInt64>(0)

    /// `maxHeight` below the default only for tests that start the atlas over.
    init(maxHeight: Int = GlyphAtlas.defaultMaxHeight) {
        self.maxHeight = maxHeight
        owner = Self.owners.add(1, ordering: .relaxed).newValue
    }

    /// The largest pixel size rasterised: a glyph's bitmap must fit the atlas's width.
    static let maxPixelSize: Float = 720

    /// Where each of `keys` lies in the atlas, rasterising and placing those not there yet, and the atlas to read them
    /// from; nil for a glyph that no atlas could hold (drawn at more than `maxPixelSize`, or wider than the atlas). Keys
    /// too many for the atlas start it over with only these; those that do not fit even then are nil too. A plan reads
    /// the last snapshot of a generation: it holds every entry the generation placed.
    func place(_ keys: [GlyphKey]) -> (entries: [Entry?], atlas: Snapshot) {
        state.withLock { state in
            if let entries = place(keys, in: &state, partial: false) { return (entries, state.snapshot) }
            let (generation, planned) = (state.snapshot.generation, state.planned)
            state = State()
            state.snapshot.generation = generation + 1
            state.planned = planned
            return (place(keys, in: &state, partial: true) ?? [], state.snapshot)
        }
    }

    /// `atlas` as a plan's resident texture: the rows it needs beyond what the previous plan made resident are the plan's
    /// upload, and it is what the next plan is measured against.
    func resident(_ atlas: Snapshot) -> ResidentTexture {
        state.withLock { state in
            var resident = ResidentTexture(owner: owner, generation: atlas.generation, pixels: atlas.pixels,
                                           firstChangedRows: atlas.firstChangedRows,
                                           rowsUsed: atlas.rowsUsed, plannedRows: 0..<0)
            resident.plannedRows = resident.rows(toUploadHolding: state.planned)
            state.planned = resident.held
            return resident
        }
    }

    var glyphCount: Int { state.withLock { $0.entries.count } }
    var generation: Int { state.withLock { $0.snapshot.generation } }

    /// Nil when a glyph does not fit what is left of the atlas; with `partial`, such glyphs are nil entries instead.
    private func place(_ keys: [GlyphKey], in state: inout State, partial: Bool) -> [Entry?]? {
        var result: [Entry?] = []
        result.reserveCapacity(keys.count)
        for key in keys {
            if let entry = state.entries[key] {
                result.append(entry)
                continue
            }
            guard Float(key.pixelSize64) <= Self.maxPixelSize * 64 else {
                result.append(nil)
                continue
            }
            let bitmap = FontLibrary.shared.rasterize(key)
            let width = Self.width
            guard bitmap.width + 2 <= width, bitmap.height + 2 <= maxHeight else {
                result.append(nil)
                continue
            }
            var x = state.shelfX, y = state.shelfY, shelf = state.shelfHeight
            if x + bitmap.width + 1 > width {
                y += shelf + 1
                x = 1
                shelf = 0
            }
            guard y + bitmap.height + 1 <= maxHeight else {
                if partial {
                    result.append(nil)
                    continue
                }
                return nil
            }
            (state.shelfX, state.shelfY, state.shelfHeight) = (x, y, shelf)
            if state.shelfY + bitmap.height + 1 > state.snapshot.pixels.height {
                grow(&state.snapshot.pixels, toHold: state.shelfY + bitmap.height + 1)
            }
            let origin = SIMD2(state.shelfX, state.shelfY)
            for row in 0..<bitmap.height {
                for column in 0..<bitmap.width {
                    let value = bitmap.coverage[row * bitmap.width + column]
                    let at = ((origin.y + row) * width + origin.x + column) * 4
                    state.snapshot.pixels.bytes[at] = value
                    state.snapshot.pixels.bytes[at + 1] = value
                    state.snapshot.pixels.bytes[at + 2] = value
                    state.snapshot.pixels.bytes[at + 3] = value
                }
            }
            state.snapshot.firstChangedRows.append(origin.y)
            state.snapshot.rowsUsed = max(state.snapshot.rowsUsed, origin.y + bitmap.height)
            state.shelfX += bitmap.width + 1
            state.shelfHeight = max(state.shelfHeight, bitmap.height)
            let entry = Entry(texel: SIMD2(Int32(origin.x), Int32(origin.y)),
                              bitmap: (Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.left), Int32(bitmap.top)))
            state.entries[key] = entry
            result.append(entry)
        }
        return result
    }

    /// Twice as tall (up to `maxHeight`) until it holds `rows`, keeping what is there: a resident texture that grows is
    /// replaced and uploaded whole, so it grows seldom.
    private func grow(_ pixels: inout PixelBuffer, toHold rows: Int) {
        var height = pixels.height
        while height < rows { height *= 2 }
        height = min(maxHeight, height)
        let width = Self.width
        var bytes = pixels.bytes
        bytes += [UInt8](repeating: 0, count: (height - pixels.height) * width * 4)
        pixels = PixelBuffer.wrapping(width: width, height: height, format: .rgba8Unorm, bytes: bytes)
    }
}
