import CPNG

/// The Swift side of the C shim: turns status codes into `PNGError`s and copies pixels out.
enum PNGCodec {
    static func decode(_ bytes: [UInt8], source: String, maxPixelCount: Int) throws(PNGError) -> DecodedPNG {
        let maxPixelCount = max(maxPixelCount, 1)
        if bytes.isEmpty { throw .empty(source: source) }
        var decoded = weft_png_decoded()
        var message = [CChar](repeating: 0, count: Int(WEFT_PNG_MESSAGE_CAPACITY))
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { text in
                weft_png_decode(data.baseAddress, data.count, UInt64(maxPixelCount), &decoded, text.baseAddress)
            }
        }
        defer { weft_png_free(decoded.pixels) }
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let header = decoded.header
        switch status {
        case WEFT_PNG_OK:
            break
        case WEFT_PNG_NOT_PNG:
            throw .notPNG(source: source)
        case WEFT_PNG_TRUNCATED:
            throw .truncated(source: source, detail: detail)
        case WEFT_PNG_CRC:
            throw .checksumMismatch(source: source, detail: detail)
        case WEFT_PNG_TOO_LARGE:
            throw .tooLarge(source: source, width: Int(header.width), height: Int(header.height), limit: maxPixelCount)
        case WEFT_PNG_OUT_OF_MEMORY:
            throw .outOfMemory(source: source)
        default:
            throw .corrupt(source: source, detail: detail)
        }

        guard let colorType = PNGColorType(rawValue: Int(header.color_type)) else {
            throw .corrupt(source: source, detail: "unknown color type \(header.color_type)")
        }
        let info = PNGHeader(width: Int(header.width), height: Int(header.height), colorType: colorType,
                             bitDepth: Int(header.bit_depth), interlaced: header.interlaced != 0,
                             hasTransparencyChunk: header.has_trns != 0)
        let raw = UnsafeRawBufferPointer(start: decoded.pixels, count: decoded.pixels_size)
        if decoded.sample_bits == 16 {
            let samples = [UInt16](unsafeUninitializedCapacity: raw.count / 2) { buffer, count in
                for i in 0..<raw.count / 2 {
                    buffer[i] = UInt16(raw[2 * i]) | UInt16(raw[2 * i + 1]) << 8
                }
                count = raw.count / 2
            }
            return DecodedPNG(header: info, samples: .sixteen(samples))
        }
        return DecodedPNG(header: info, samples: .eight(Array(raw)))
    }

    static func encode(_ image: PNGRawImage, compression: PNGCompression = .standard) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= Int(UInt32.max >> 1), image.height <= Int(UInt32.max >> 1) else {
            throw .invalidImage(detail: "\(image.width)×\(image.height) is not a valid PNG size")
        }
        guard image.colorType.allowedBitDepths.contains(image.bitDepth) else {
            throw .invalidImage(detail: "bit depth \(image.bitDepth) is not allowed for \(image.colorType) images")
        }
        guard image.rows.count >= image.rowBytes * image.height else {
            throw .invalidImage(detail: "\(image.rows.count) bytes of rows, \(image.rowBytes * image.height) needed")
        }
        var paletteBytes: [UInt8] = []
        for entry in image.palette { paletteBytes += [entry.red, entry.green, entry.blue] }
        var trns: [UInt8]?
        switch image.transparency {
        case nil: trns = nil
        case .paletteAlpha(let alpha): trns = alpha
        case .gray(let g): trns = [UInt8(g >> 8), UInt8(g & 0xff)]
        case .rgb(let r, let g, let b): trns = [r, g, b].flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
        }

        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        var message = [CChar](repeating: 0, count: Int(WEFT_PNG_MESSAGE_CAPACITY))
        let status = image.rows.withUnsafeBufferPointer { rows in
            paletteBytes.withUnsafeBufferPointer { palette in
                (trns ?? []).withUnsafeBufferPointer { trnsBytes in
                    message.withUnsafeMutableBufferPointer { text in
                        var raw = weft_png_raw_image(
                            width: UInt32(image.width), height: UInt32(image.height),
                            bit_depth: Int32(image.bitDepth), color_type: Int32(image.colorType.rawValue),
                            interlaced: image.interlaced ? 1 : 0,
                            rows: rows.baseAddress, row_bytes: image.rowBytes,
                            palette: palette.baseAddress, palette_count: Int32(image.palette.count),
                            trns: trns == nil ? nil : trnsBytes.baseAddress, trns_size: trnsBytes.count)
                        return weft_png_encode_fast(&raw, compression == .fast ? 1 : 0, &output, &outputSize, text.baseAddress)
                    }
                }
            }
        }
        defer { weft_png_free(output) }
        guard status == WEFT_PNG_OK, let output else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if status == WEFT_PNG_OUT_OF_MEMORY { throw .outOfMemory(source: "PNG encoder") }
            throw .invalidImage(detail: detail)
        }
        return Array(UnsafeBufferPointer(start: output, count: outputSize))
    }

    static var libpngVersion: String { String(cString: weft_png_libpng_version()) }
}
