/// A PNG's pixels exactly as the format stores them, for writing any color type and bit depth:
/// rows of `rowBytes` bytes, samples below 8 bits packed from the most significant bit,
/// 16-bit samples big-endian.
public struct PNGRawImage: Sendable, Hashable {
    public struct RGB: Sendable, Hashable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// The tRNS chunk.
    public enum Transparency: Sendable, Hashable {
        /// Alpha of the first palette entries (the rest stay opaque).
        case paletteAlpha([UInt8])
        /// The one gray sample value that is fully transparent.
        case gray(UInt16)
        /// The one RGB sample value that is fully transparent.
        case rgb(UInt16, UInt16, UInt16)
    }

    public var width: Int
    public var height: Int
    public var colorType: PNGColorType
    public var bitDepth: Int
    public var interlaced: Bool
    public var rows: [UInt8]
    public var palette: [RGB]
    public var transparency: Transparency?

    public var rowBytes: Int { (width * colorType.channelCount * bitDepth + 7) / 8 }

    public init(width: Int, height: Int, colorType: PNGColorType, bitDepth: Int, interlaced: Bool = false,
                rows: [UInt8], palette: [RGB] = [], transparency: Transparency? = nil) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.interlaced = interlaced
        self.rows = rows
        self.palette = palette
        self.transparency = transparency
    }

    /// Packs samples (one per channel, in file order, row by row; each below 2^bitDepth)
    /// into PNG rows: a mismatch is the engine's bug (it packs what it decoded or rendered), so not public.
    package init(width: Int, height: Int, colorType: PNGColorType, bitDepth: Int, interlaced: Bool = false,
                samples: [UInt16], palette: [RGB] = [], transparency: Transparency? = nil) {
        let channels = colorType.channelCount
        precondition(samples.count == width * height * channels, "sample count does not match the size")
        let rowBytes = (width * channels * bitDepth + 7) / 8
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        let perRow = width * channels
        for y in 0..<height {
            for i in 0..<perRow {
                let value = samples[y * perRow + i]
                precondition(Int(value) < 1 << bitDepth, "sample \(value) does not fit in \(bitDepth) bits")
                switch bitDepth {
                case 16:
                    rows[y * rowBytes + 2 * i] = UInt8(value >> 8)
                    rows[y * rowBytes + 2 * i + 1] = UInt8(value & 0xff)
                case 8:
                    rows[y * rowBytes + i] = UInt8(value)
                default:
                    let bit = i * bitDepth
                    let shift = 8 - bitDepth - bit % 8
                    rows[y * rowBytes + bit / 8] |= UInt8(value) << shift
                }
            }
        }
        self.init(width: width, height: height, colorType: colorType, bitDepth: bitDepth, interlaced: interlaced,
                  rows: rows, palette: palette, transparency: transparency)
    }
}
