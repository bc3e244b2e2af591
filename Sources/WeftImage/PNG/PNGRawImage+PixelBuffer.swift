extension PNGRawImage {
    /// A straight-alpha RGBA PNG image of `buffer`, whose premultiplied values are in `colorMode`.
    ///
    /// Colors are un-premultiplied; linear values (`.linear`, `.extendedLinear`) are encoded to
    /// sRGB; everything is clamped to [0, 1] and rounded to the nearest sample value. A pixel
    /// with alpha 0 (or less, or NaN) is written as 0,0,0,0.
    /// - `.rgba8Unorm`, `.nonLinear`: exact integers, round(p·255/a) for 8-bit output (so an
    ///   8-bit write then read gives the same bytes back) and round(p·65535/a) with alpha·257
    ///   for 16-bit output; a premultiplied value above its alpha is clamped to full intensity.
    /// - otherwise in floating point: c = p/a, then round(clamp(c)·max).
    public init(straightRGBAOf buffer: PixelBuffer, bitDepth: PNGBitDepth = .eight, colorMode: ColorMode = .nonLinear) {
        let count = buffer.pixelCount
        let wide = bitDepth == .sixteen
        // PNG rows: RGBA, 16-bit samples big-endian.
        var rows = [UInt8](repeating: 0, count: count * 4 * (wide ? 2 : 1))
        func put(_ value: UInt16, sample s: Int) {
            if wide {
                rows[2 * s] = UInt8(value >> 8)
                rows[2 * s + 1] = UInt8(truncatingIfNeeded: value)
            } else {
                rows[s] = UInt8(truncatingIfNeeded: value)
            }
        }
        if buffer.format == .rgba8Unorm && colorMode == .nonLinear && !wide {
            // The common case of every sequence frame: a table lookup per sample instead of a division.
            rows.withUnsafeMutableBufferPointer { out in
                buffer.bytes.withUnsafeBufferPointer { bytes in
                    Self.unpremultiplied.withUnsafeBufferPointer { table in
                        for i in 0..<count {
                            let a = bytes[4 * i + 3]
                            let row = Int(a) << 8
                            out[4 * i] = table[row | Int(bytes[4 * i])]
                            out[4 * i + 1] = table[row | Int(bytes[4 * i + 1])]
                            out[4 * i + 2] = table[row | Int(bytes[4 * i + 2])]
                            out[4 * i + 3] = a
                        }
                    }
                }
            }
            self.init(width: buffer.width, height: buffer.height, colorType: .rgba, bitDepth: 8, rows: rows)
            return
        }
        buffer.bytes.withUnsafeBufferPointer { bytes in
            if buffer.format == .rgba8Unorm && colorMode == .nonLinear {
                for i in 0..<count {
                    let a = bytes[4 * i + 3]
                    for c in 0..<3 {
                        let p = bytes[4 * i + c]
                        put(wide ? Premultiplication.unpremultiply8To16(p, alpha: a) : UInt16(Premultiplication.unpremultiply(p, alpha: a)),
                            sample: 4 * i + c)
                    }
                    put(wide ? UInt16(a) * 257 : UInt16(a), sample: 4 * i + 3)
                }
                return
            }
            let reader = PixelReader(format: buffer.format)
            let maxValue = Float(bitDepth.maxValue)
            func quantize(_ v: Float) -> UInt16 {
                let clamped = v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1)
                return UInt16((clamped * maxValue).rounded(.toNearestOrEven))
            }
            for i in 0..<count {
                let p = reader.read(bytes, pixel: i)
                guard p.w > 0 else { continue }  // also false for NaN
                for c in 0..<3 {
                    let straight = p[c] / p.w
                    put(quantize(colorMode == .nonLinear ? straight : SRGB.encode(straight)), sample: 4 * i + c)
                }
                put(quantize(p.w), sample: 4 * i + 3)
            }
        }
        self.init(width: buffer.width, height: buffer.height, colorType: .rgba, bitDepth: bitDepth.rawValue, rows: rows)
    }

    /// `Premultiplication.unpremultiply(p, alpha: a)` at `a << 8 | p`, for every 8-bit sample and alpha.
    private static let unpremultiplied: [UInt8] = (0..<65536).map { Premultiplication.unpremultiply(UInt8($0 & 255), alpha: UInt8($0 >> 8)) }
}
