/// A PNG decoded and expanded to straight-alpha RGBA, with the file's sample values unchanged:
/// gray is replicated into R, G and B; palette indices are looked up; tRNS becomes alpha
/// (palette alpha, or 0 for the one transparent gray/RGB value, max elsewhere); images without
/// alpha get alpha = max. Depths 1, 2 and 4 are scaled to 8 bits (gray 1 → 255, 2-bit 1 → 85).
/// No gamma, gAMA, sRGB or iCCP conversion happens: the values are as encoded in the file.
public struct DecodedPNG: Sendable, Equatable {
    public enum Samples: Sendable, Equatable {
        /// Files of bit depth 1–8: 4 samples per pixel, 0...255.
        case eight([UInt8])
        /// Files of bit depth 16: 4 samples per pixel, 0...65535.
        case sixteen([UInt16])
    }

    /// The header as read from the file, before expansion.
    public var header: PNGHeader
    /// RGBA, straight alpha, rows top to bottom.
    public var samples: Samples

    public var width: Int { header.width }
    public var height: Int { header.height }

    package init(header: PNGHeader, samples: Samples) {
        let count: Int
        switch samples {
        case .eight(let s): count = s.count
        case .sixteen(let s): count = s.count
        }
        precondition(count == header.width * header.height * 4, "sample count does not match the size")
        self.header = header
        self.samples = samples
    }

    /// The largest sample value: 255 or 65535.
    public var maxSampleValue: Int {
        switch samples {
        case .eight: 255
        case .sixteen: 65535
        }
    }

    /// The straight-alpha sample values of pixel (x, y).
    public func straightSamples(x: Int, y: Int) -> SIMD4<UInt16> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
        let i = (y * width + x) * 4
        switch samples {
        case .eight(let s):
            return SIMD4(UInt16(s[i]), UInt16(s[i + 1]), UInt16(s[i + 2]), UInt16(s[i + 3]))
        case .sixteen(let s):
            return SIMD4(s[i], s[i + 1], s[i + 2], s[i + 3])
        }
    }
}
