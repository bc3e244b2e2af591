/// PNG color types, as the IHDR chunk numbers them.
public enum PNGColorType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    /// Samples per pixel as stored in the file (a palette index is one sample).
    public var channelCount: Int {
        switch self {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// The bit depths the PNG specification allows for this color type.
    public var allowedBitDepths: [Int] {
        switch self {
        case .gray: [1, 2, 4, 8, 16]
        case .palette: [1, 2, 4, 8]
        case .grayAlpha, .rgb, .rgba: [8, 16]
        }
    }

    public var description: String {
        switch self {
        case .gray: "gray"
        case .rgb: "RGB"
        case .palette: "palette"
        case .grayAlpha: "gray+alpha"
        case .rgba: "RGBA"
        }
    }
}

/// What a PNG's header says about how its pixels are stored.
public struct PNGHeader: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var colorType: PNGColorType
    /// Bits per sample in the file: 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    public var interlaced: Bool
    /// A tRNS chunk gives palette entries alpha, or makes one gray or RGB value transparent.
    public var hasTransparencyChunk: Bool

    public init(width: Int, height: Int, colorType: PNGColorType, bitDepth: Int, interlaced: Bool, hasTransparencyChunk: Bool) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.interlaced = interlaced
        self.hasTransparencyChunk = hasTransparencyChunk
    }
}

/// Bit depth of the RGBA PNGs Weft writes.
public enum PNGBitDepth: Int, Sendable, Hashable, CaseIterable {
    case eight = 8
    case sixteen = 16

    /// The largest sample value: 255 or 65535.
    public var maxValue: Int { (1 << rawValue) - 1 }
}
