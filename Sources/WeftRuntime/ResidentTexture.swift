import WeftImage

/// A texture an executor keeps across plans (the glyph atlas): one per `owner`, replaced when the owner's `generation`
/// or size changes. Within a generation the contents only grow: `firstChangedRows[v]` is the first row written after
/// version `v` (versions count the writes, and each write starts at or below the one before), so an executor holding
/// version `v` uploads rows `firstChangedRows[v] ..< rowsUsed` and nothing when it holds `version`.
public struct ResidentTexture: Sendable {
    public var owner: UInt64
    public var generation: Int
    /// Every row the plan's passes may read; rows at and beyond `rowsUsed` are zero.
    public var pixels: PixelBuffer
    public var firstChangedRows: [Int]
    public var rowsUsed: Int
    /// The rows this plan uploads when the executor holds what its owner's previous plan left (`weft plan` and the
    /// statistics count these); an executor uploads what it lacks (`rows(toUploadHolding:)`).
    public var plannedRows: Range<Int>

    public init(owner: UInt64, generation: Int, pixels: PixelBuffer, firstChangedRows: [Int], rowsUsed: Int, plannedRows: Range<Int>) {
        self.owner = owner
        self.generation = generation
        self.pixels = pixels
        self.firstChangedRows = firstChangedRows
        self.rowsUsed = rowsUsed
        self.plannedRows = plannedRows
    }

    public var version: Int { firstChangedRows.count }

    /// How many owners' textures an executor keeps; the least recently used is let go (a context that is gone).
    public static let ownersKept = 8

    /// What an executor holds of a resident texture.
    public struct Held: Sendable, Hashable {
        public var generation: Int
        public var version: Int
        public var height: Int
        public init(generation: Int, version: Int, height: Int) {
            self.generation = generation
            self.version = version
            self.height = height
        }
    }

    public var held: Held { Held(generation: generation, version: version, height: pixels.height) }

    /// Whether holding `held` needs a new texture: none yet, another generation or another size.
    public func replaces(_ held: Held?) -> Bool {
        guard let held else { return true }
        return held.generation != generation || held.height != pixels.height
    }

    /// The rows to upload over `held`: every row for a new texture, none when it holds this version or a later one (a
    /// generation only adds to what it holds).
    public func rows(toUploadHolding held: Held?) -> Range<Int> {
        if replaces(held) { return 0..<pixels.height }
        guard let held, held.version < version else { return 0..<0 }
        return min(firstChangedRows[held.version], rowsUsed)..<rowsUsed
    }

    /// Bytes of `rows`.
    public func bytes(of rows: Range<Int>) -> Int { rows.count * pixels.width * pixels.format.bytesPerPixel }

    /// The pixels of `rows`, packed.
    public func pixels(of rows: Range<Int>) -> ArraySlice<UInt8> {
        let rowBytes = pixels.width * pixels.format.bytesPerPixel
        return pixels.bytes[rows.lowerBound * rowBytes ..< rows.upperBound * rowBytes]
    }
}

extension ResidentTexture: Equatable {
    /// An owner's generation and version name its pixels.
    public static func == (a: ResidentTexture, b: ResidentTexture) -> Bool {
        a.owner == b.owner && a.generation == b.generation && a.version == b.version && a.rowsUsed == b.rowsUsed
            && a.pixels.width == b.pixels.width && a.pixels.height == b.pixels.height && a.plannedRows == b.plannedRows
    }
}
