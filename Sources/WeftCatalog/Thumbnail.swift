import WeftImage

/// Resizing for contact-sheet thumbnails. Scalar loops over interleaved floats, which stay
/// quick in debug builds too.
enum Thumbnail {
    /// `image` resized to `width × height` as premultiplied, sRGB-encoded floats, 4 per pixel,
    /// row-major. Reduction averages every source pixel a destination pixel covers, weighted by
    /// the area it covers, on premultiplied values (so transparent pixels do not darken their
    /// neighbours); enlargement repeats pixels. Linear images are filtered in linear light,
    /// then encoded.
    static func scale(_ image: PixelBuffer, colorMode: ColorMode, toWidth width: Int, height: Int) -> [Float] {
        precondition(width > 0 && height > 0)
        let columns = weights(from: image.width, to: width)
        let rows = weights(from: image.height, to: height)
        // Horizontal pass one source row at a time, so a huge image is never widened to floats whole.
        var horizontal = [Float](repeating: 0, count: width * image.height * 4)
        for y in 0..<image.height {
            let source = floats(ofRow: y, in: image)
            for x in 0..<width {
                let o = (y * width + x) * 4
                for (sx, w) in columns[x] {
                    let s = sx * 4
                    horizontal[o] += w * source[s]
                    horizontal[o + 1] += w * source[s + 1]
                    horizontal[o + 2] += w * source[s + 2]
                    horizontal[o + 3] += w * source[s + 3]
                }
            }
        }
        var out = [Float](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for (sy, w) in rows[y] {
                for x in 0..<width {
                    let o = (y * width + x) * 4
                    let s = (sy * width + x) * 4
                    out[o] += w * horizontal[s]
                    out[o + 1] += w * horizontal[s + 1]
                    out[o + 2] += w * horizontal[s + 2]
                    out[o + 3] += w * horizontal[s + 3]
                }
            }
        }
        if colorMode != .nonLinear {
            for i in 0..<width * height { encodeForDisplay(&out, pixel: i) }
        }
        return out
    }

    static func floats(ofRow y: Int, in image: PixelBuffer) -> [Float] {
        let first = y * image.width * 4
        switch image.format {
        case .rgba8Unorm:
            return image.bytes[first..<first + image.width * 4].map { Float($0) / 255 }
        case .rgba16Float:
            return (first..<first + image.width * 4).map { i in
                Float(Float16(bitPattern: UInt16(image.bytes[2 * i]) | UInt16(image.bytes[2 * i + 1]) << 8))
            }
        }
    }

    /// For each destination index, the source indices it covers and their weights (summing to 1).
    static func weights(from sourceCount: Int, to count: Int) -> [[(Int, Float)]] {
        (0..<count).map { d in
            if count >= sourceCount { return [(d * sourceCount / count, 1)] }
            let start = Double(d) * Double(sourceCount) / Double(count)
            let end = Double(d + 1) * Double(sourceCount) / Double(count)
            var taps: [(Int, Float)] = []
            var s = Int(start)
            while Double(s) < end && s < sourceCount {
                let covered = min(end, Double(s + 1)) - max(start, Double(s))
                if covered > 0 { taps.append((s, Float(covered / (end - start)))) }
                s += 1
            }
            return taps
        }
    }

    /// A premultiplied linear color made premultiplied sRGB-encoded, clamped to [0, 1].
    static func encodeForDisplay(_ p: inout [Float], pixel i: Int) {
        let a = p[4 * i + 3]
        let alpha = a.isNaN ? 0 : min(max(a, 0), 1)
        for c in 0..<3 {
            let straight = alpha > 0 ? p[4 * i + c] / a : 0
            let encoded = SRGB.encode(straight)
            p[4 * i + c] = (encoded.isNaN ? 0 : min(max(encoded, 0), 1)) * alpha
        }
        p[4 * i + 3] = alpha
    }
}
