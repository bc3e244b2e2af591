extension PixelBuffer {
    /// Premultiplies a decoded PNG into a buffer of `format` whose values are in `colorMode`.
    ///
    /// The file's samples are taken as sRGB-encoded with straight alpha. With `.nonLinear` they
    /// stay encoded; with `.linear` or `.extendedLinear` the color channels are decoded to linear
    /// light (alpha is never transformed). Then color is multiplied by alpha:
    /// - `.rgba8Unorm`, `.nonLinear`: exact integers, round(c·a/255) for 8-bit files and
    ///   round(c·a·255/65535²) for 16-bit files (one rounding, alpha rounded to round(a/257));
    /// - everything else in floating point, stored by the format's own rounding
    ///   (round-to-nearest UNORM8, or the nearest half float).
    public init(png: DecodedPNG, format: PixelFormat, colorMode: ColorMode = .nonLinear) {
        self = .blank(width: png.width, height: png.height, format: format)
        let count = png.width * png.height
        if format == .rgba8Unorm && colorMode == .nonLinear {
            bytes.withUnsafeMutableBufferPointer { out in
                switch png.samples {
                case .eight(let s):
                    for i in 0..<count {
                        let a = s[4 * i + 3]
                        out[4 * i] = Premultiplication.premultiply(s[4 * i], alpha: a)
                        out[4 * i + 1] = Premultiplication.premultiply(s[4 * i + 1], alpha: a)
                        out[4 * i + 2] = Premultiplication.premultiply(s[4 * i + 2], alpha: a)
                        out[4 * i + 3] = a
                    }
                case .sixteen(let s):
                    for i in 0..<count {
                        let a = s[4 * i + 3]
                        out[4 * i] = Premultiplication.premultiply16To8(s[4 * i], alpha: a)
                        out[4 * i + 1] = Premultiplication.premultiply16To8(s[4 * i + 1], alpha: a)
                        out[4 * i + 2] = Premultiplication.premultiply16To8(s[4 * i + 2], alpha: a)
                        out[4 * i + 3] = Premultiplication.narrow16To8(a)
                    }
                }
            }
            return
        }

        let maxValue = png.maxSampleValue
        let scale = 1 / Float(maxValue)
        // One entry per possible sample value: the color channel's working value.
        let colorTable: [Float] = (0...maxValue).map { v in
            let encoded = Float(v) * scale
            return colorMode == .nonLinear ? encoded : SRGB.decode(encoded)
        }
        let writer = PixelWriter(format: format)
        bytes.withUnsafeMutableBufferPointer { out in
            func store(_ r: Int, _ g: Int, _ b: Int, _ a: Int, at i: Int) {
                let alpha = Float(a) * scale
                writer.write(SIMD4(colorTable[r] * alpha, colorTable[g] * alpha, colorTable[b] * alpha, alpha), to: out, pixel: i)
            }
            switch png.samples {
            case .eight(let s):
                for i in 0..<count { store(Int(s[4 * i]), Int(s[4 * i + 1]), Int(s[4 * i + 2]), Int(s[4 * i + 3]), at: i) }
            case .sixteen(let s):
                for i in 0..<count { store(Int(s[4 * i]), Int(s[4 * i + 1]), Int(s[4 * i + 2]), Int(s[4 * i + 3]), at: i) }
            }
        }
    }
}

/// Stores float texels into raw bytes with the format's conversion rules.
struct PixelWriter {
    let format: PixelFormat

    func write(_ value: SIMD4<Float>, to bytes: UnsafeMutableBufferPointer<UInt8>, pixel i: Int) {
        switch format {
        case .rgba8Unorm:
            for c in 0..<4 { bytes[4 * i + c] = UInt8(unormFloat: value[c]) }
        case .rgba16Float:
            for c in 0..<4 {
                let bits = Float16(value[c]).bitPattern
                bytes[8 * i + 2 * c] = UInt8(truncatingIfNeeded: bits)
                bytes[8 * i + 2 * c + 1] = UInt8(truncatingIfNeeded: bits >> 8)
            }
        }
    }
}

/// Reads raw texel bytes as floats (UNORM8 divided by 255, halves widened).
struct PixelReader {
    let format: PixelFormat

    func read(_ bytes: UnsafeBufferPointer<UInt8>, pixel i: Int) -> SIMD4<Float> {
        switch format {
        case .rgba8Unorm:
            return SIMD4(Float(bytes[4 * i]), Float(bytes[4 * i + 1]), Float(bytes[4 * i + 2]), Float(bytes[4 * i + 3])) / 255
        case .rgba16Float:
            var v = SIMD4<Float>()
            for c in 0..<4 {
                v[c] = Float(Float16(bitPattern: UInt16(bytes[8 * i + 2 * c]) | UInt16(bytes[8 * i + 2 * c + 1]) << 8))
            }
            return v
        }
    }
}
