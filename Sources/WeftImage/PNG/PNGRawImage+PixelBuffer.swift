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
        var samples = [UInt16](repeating: 0, count: count * 4)
        buffer.bytes.withUnsafeBufferPointer { bytes in
            if buffer.format == .rgba8Unorm && colorMode == .nonLinear {
                for i in 0..<count {
                    let a = bytes[4 * i + 3]
                    for c in 0..<3 {
                        let p = bytes[4 * i + c]
                        samples[4 * i + c] = bitDepth == .eight
                            ? UInt16(Premultiplication.unpremultiply(p, alpha: a))
                            : Premultiplication.unpremultiply8To16(p, alpha: a)
                    }
                    samples[4 * i + 3] = bitDepth == .eight ? UInt16(a) : UInt16(a) * 257
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
                var straight = SIMD3(p.x, p.y, p.z) / p.w
                if colorMode != .nonLinear {
                    straight = SIMD3(SRGB.encode(straight.x), SRGB.encode(straight.y), SRGB.encode(straight.z))
                }
                samples[4 * i] = quantize(straight.x)
                samples[4 * i + 1] = quantize(straight.y)
                samples[4 * i + 2] = quantize(straight.z)
                samples[4 * i + 3] = quantize(p.w)
            }
        }
        self.init(width: buffer.width, height: buffer.height, colorType: .rgba, bitDepth: bitDepth.rawValue, samples: samples)
    }
}
