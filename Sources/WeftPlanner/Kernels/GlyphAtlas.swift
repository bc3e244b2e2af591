import Synchronization
import WeftImage
import WeftRuntime
import WeftText

/// Glyph coverage rasterised by FreeType (coverage in every channel) and small paths' coverage layers (their color
/// times their coverage, as `PathCoverageCache` made them), packed on shelves into one RGBA8 texture that the
/// `weft.glyph` kernel reads with `texelFetch`: no filtering, so both executors read the same bytes, and a screen's text
/// and icons draw from one texture in the same passes. One atlas per `Planner` (a render context's): a glyph or a layer
/// is placed once and stays for later plans, and the executor keeps the texture across plans (`ResidentTexture`),
/// uploading only the rows that changed.
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

    /// Layers larger than this on either side are not placed: the atlas keeps small, repeated content.
    static let largestCoverageSide = 128

    private struct State {
        var glyphs: [GlyphKey: Entry] = [:]
        /// Paths' coverage layers, by the number `PathCoverageCache` gave their texels.
        var coverage: [UInt64: Entry] = [:]
        var snapshot = Snapshot(pixels: PixelBuffer.blank(width: GlyphAtlas.width, height: 64, format: .rgba8Unorm), generation: 0,
                                firstChangedRows: [], rowsUsed: 0)
        var shelfX = 1, shelfY = 1, shelfHeight = 0
        /// What the last plan made resident held (`resident(_:)`).
        var planned: ResidentTexture.Held?
    }
    private let state = Mutex(State())
    /// How many times glyphs or a layer were asked to be placed, over the atlas's life.
    private let placings = Atomic<Int>(0)
    var placeCount: Int { placings.load(ordering: .relaxed) }
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
        placings.add(1, ordering: .relaxed)
        return state.withLock { state in
            if let entries = placeGlyphs(keys, in: &state, partial: false) { return (entries, state.snapshot) }
            startOver(&state)
            return (placeGlyphs(keys, in: &state, partial: true) ?? [], state.snapshot)
        }
    }

    /// Where the coverage layer `id` (RGBA8 `pixels`, at most `largestCoverageSide` on each side) lies in the atlas,
    /// placing it if it is not there yet (starting the atlas over if it is full), and the atlas to read it from.
    func place(coverage id: UInt64, pixels: PixelBuffer) -> (entry: Entry?, atlas: Snapshot) {
        precondition(pixels.format == .rgba8Unorm && max(pixels.width, pixels.height) <= Self.largestCoverageSide)
        placings.add(1, ordering: .relaxed)
        return state.withLock { state in
            if let entry = state.coverage[id] { return (entry, state.snapshot) }
            var packed = pack(Bitmap(pixels), in: &state)
            if case .full = packed {
                startOver(&state)
                packed = pack(Bitmap(pixels), in: &state)
            }
            guard case .placed(let entry) = packed else { return (nil, state.snapshot) }
            state.coverage[id] = entry
            return (entry, state.snapshot)
        }
    }

    /// The atlas as it stands, when it is still of `generation`: every entry that generation placed lies where it was
    /// placed, and its texels are in the snapshot. Nil once the atlas has started over since.
    func snapshot(ofGeneration generation: Int) -> Snapshot? {
        state.withLock { $0.snapshot.generation == generation ? $0.snapshot : nil }
    }

    /// Nil when a glyph does not fit what is left of the atlas; with `partial`, such glyphs are nil entries instead.
    private func placeGlyphs(_ keys: [GlyphKey], in state: inout State, partial: Bool) -> [Entry?]? {
        var result: [Entry?] = []
        result.reserveCapacity(keys.count)
        for key in keys {
            if let entry = state.glyphs[key] {
                result.append(entry)
                continue
            }
            guard Float(key.pixelSize64) <= Self.maxPixelSize * 64 else {
                result.append(nil)
                continue
            }
            switch pack(Bitmap(FontLibrary.shared.rasterize(key)), in: &state) {
            case .placed(let entry):
                state.glyphs[key] = entry
                result.append(entry)
            case .tooLarge:
                result.append(nil)
            case .full:
                guard partial else { return nil }
                result.append(nil)
            }
        }
        return result
    }

    /// A new generation, empty, that the plans' resident textures are measured against as before.
    private func startOver(_ state: inout State) {
        let (generation, planned) = (state.snapshot.generation, state.planned)
        state = State()
        state.snapshot.generation = generation + 1
        state.planned = planned
    }

    /// A bitmap to place: its size, where it stands from the pen (glyphs), and its texels as RGBA8 bytes, row by row.
    private struct Bitmap {
        var width: Int
        var height: Int
        var left = 0
        var top = 0
        var writeRow: (_ row: Int, _ into: UnsafeMutableBufferPointer<UInt8>) -> Void

        init(_ glyph: GlyphBitmap) {
            (width, height, left, top) = (glyph.width, glyph.height, glyph.left, glyph.top)
            writeRow = { row, texels in
                for column in 0..<glyph.width {
                    let value = glyph.coverage[row * glyph.width + column]
                    for channel in 0..<4 { texels[column * 4 + channel] = value }
                }
            }
        }

        init(_ pixels: PixelBuffer) {
            (width, height) = (pixels.width, pixels.height)
            writeRow = { row, texels in
                let start = row * pixels.width * 4
                _ = texels.update(fromContentsOf: pixels.bytes[start ..< start + pixels.width * 4])
            }
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

    var glyphCount: Int { state.withLock { $0.glyphs.count } }
    var generation: Int { state.withLock { $0.snapshot.generation } }

    private enum Packed {
        case placed(Entry)
        /// Larger than any atlas holds.
        case tooLarge
        /// Larger than what is left of this one.
        case full
    }

    /// `bitmap` copied onto the current shelf, or the next one, growing the texture as it needs.
    private func pack(_ bitmap: Bitmap, in state: inout State) -> Packed {
        let width = Self.width
        guard bitmap.width + 2 <= width, bitmap.height + 2 <= maxHeight else { return .tooLarge }
        var x = state.shelfX, y = state.shelfY, shelf = state.shelfHeight
        if x + bitmap.width + 1 > width {
            y += shelf + 1
            x = 1
            shelf = 0
        }
        guard y + bitmap.height + 1 <= maxHeight else { return .full }
        (state.shelfX, state.shelfY, state.shelfHeight) = (x, y, shelf)
        if state.shelfY + bitmap.height + 1 > state.snapshot.pixels.height {
            grow(&state.snapshot.pixels, toHold: state.shelfY + bitmap.height + 1)
        }
        let origin = SIMD2(state.shelfX, state.shelfY)
        state.snapshot.pixels.bytes.withUnsafeMutableBufferPointer { texels in
            for row in 0..<bitmap.height {
                let at = ((origin.y + row) * width + origin.x) * 4
                bitmap.writeRow(row, UnsafeMutableBufferPointer(rebasing: texels[at ..< at + bitmap.width * 4]))
            }
        }
        state.snapshot.firstChangedRows.append(origin.y)
        state.snapshot.rowsUsed = max(state.snapshot.rowsUsed, origin.y + bitmap.height)
        state.shelfX += bitmap.width + 1
        state.shelfHeight = max(state.shelfHeight, bitmap.height)
        return .placed(Entry(texel: SIMD2(Int32(origin.x), Int32(origin.y)),
                             bitmap: (Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.left), Int32(bitmap.top))))
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
