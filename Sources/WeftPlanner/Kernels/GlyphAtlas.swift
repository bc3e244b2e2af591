import Synchronization
import WeftImage
import WeftText

/// Glyph coverage rasterised by FreeType, packed on shelves into one RGBA8 texture (coverage in every channel) that
/// the `weft.glyph` kernel reads with `texelFetch`: no filtering, so both executors read the same bytes. One atlas per
/// `Planner` (a render context's): a glyph is rasterised and placed once and stays for later plans.
final class GlyphAtlas: Sendable {
    static let width = 1024
    /// Rows at most; a render that needs more starts the atlas over (`place`).
    static let maxHeight = 4096

    struct Entry: Sendable {
        /// The texel of the bitmap's top-left corner.
        var texel: SIMD2<Int32>
        var bitmap: (width: Int32, height: Int32, left: Int32, top: Int32)
    }

    private struct State {
        var entries: [GlyphKey: Entry] = [:]
        var pixels = PixelBuffer(width: GlyphAtlas.width, height: 64, format: .rgba8Unorm)
        var shelfX = 1, shelfY = 1, shelfHeight = 0
        /// Bumped whenever the atlas starts over: entries of one generation stay where they are.
        var generation = 0
    }
    private let state = Mutex(State())

    /// The largest pixel size rasterised: a glyph's bitmap must fit the atlas's width.
    static let maxPixelSize: Float = 720

    /// Where each of `keys` lies in the atlas, rasterising and placing those not there yet, and the atlas's pixels to
    /// read them from; nil for a glyph that no atlas could hold (drawn at more than `maxPixelSize`, or wider than the
    /// atlas). Keys too many for the atlas start it over with only these; those that do not fit even then are nil too.
    /// A plan uploads the pixels of the last call of a generation: they hold every entry the generation placed.
    func place(_ keys: [GlyphKey]) -> (entries: [Entry?], pixels: PixelBuffer, generation: Int) {
        state.withLock { state in
            if let entries = Self.place(keys, in: &state, partial: false) { return (entries, state.pixels, state.generation) }
            let generation = state.generation
            state = State()
            state.generation = generation + 1
            return (Self.place(keys, in: &state, partial: true) ?? [], state.pixels, state.generation)
        }
    }

    var glyphCount: Int { state.withLock { $0.entries.count } }

    /// Nil when a glyph does not fit what is left of the atlas; with `partial`, such glyphs are nil entries instead.
    private static func place(_ keys: [GlyphKey], in state: inout State, partial: Bool) -> [Entry?]? {
        var result: [Entry?] = []
        result.reserveCapacity(keys.count)
        for key in keys {
            if let entry = state.entries[key] {
                result.append(entry)
                continue
            }
            guard Float(key.pixelSize64) <= maxPixelSize * 64 else {
                result.append(nil)
                continue
            }
            let bitmap = FontLibrary.shared.rasterize(key)
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
            if state.shelfY + bitmap.height + 1 > state.pixels.height {
                grow(&state.pixels, toHold: state.shelfY + bitmap.height + 1)
            }
            let origin = SIMD2(state.shelfX, state.shelfY)
            for row in 0..<bitmap.height {
                for column in 0..<bitmap.width {
                    let value = bitmap.coverage[row * bitmap.width + column]
                    let at = ((origin.y + row) * width + origin.x + column) * 4
                    state.pixels.bytes[at] = value
                    state.pixels.bytes[at + 1] = value
                    state.pixels.bytes[at + 2] = value
                    state.pixels.bytes[at + 3] = value
                }
            }
            state.shelfX += bitmap.width + 1
            state.shelfHeight = max(state.shelfHeight, bitmap.height)
            let entry = Entry(texel: SIMD2(Int32(origin.x), Int32(origin.y)),
                              bitmap: (Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.left), Int32(bitmap.top)))
            state.entries[key] = entry
            result.append(entry)
        }
        return result
    }

    /// Taller by 64-row steps, keeping what is there.
    private static func grow(_ pixels: inout PixelBuffer, toHold rows: Int) {
        let height = min(maxHeight, (rows + 63) / 64 * 64)
        var bytes = pixels.bytes
        bytes += [UInt8](repeating: 0, count: (height - pixels.height) * width * 4)
        pixels = PixelBuffer(width: width, height: height, format: .rgba8Unorm, bytes: bytes)
    }
}
