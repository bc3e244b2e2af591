import CJPEG

/// JPEG files through libjpeg-turbo (its TurboJPEG API): baseline and progressive, gray, YCbCr and CMYK/YCCK,
/// turned upright by their EXIF orientation. Decoded images are opaque sRGB-encoded RGBA8 (a JPEG has no alpha, so
/// premultiplied and straight are the same).
public enum JPEGFile {
    public static let inMemoryName = "<memory>"
    public static let defaultMaxPixelCount = PNGFile.defaultMaxPixelCount

    /// Whether `bytes` start like a JPEG (the start-of-image marker and a marker after it).
    public static func isJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    public static func load(path: String, maxPixelCount: Int = defaultMaxPixelCount) throws(JPEGError) -> PixelBuffer {
        let bytes: [UInt8]
        switch FileBytes.read(path: path, maxBytes: PNGFile.maxFileSize(forPixels: maxPixelCount)) {
        case .success(let b): bytes = b
        case .failure(.notFound): throw .fileNotFound(path: path)
        case .failure(.failed(let reason)): throw .unreadable(path: path, reason: reason)
        case .failure(.longerThan(let limit)): throw .fileTooLarge(path: path, limit: limit)
        }
        return try decode(bytes, name: path, maxPixelCount: maxPixelCount)
    }

    /// Decodes a JPEG held in memory, upright; `name` is what errors call it.
    public static func decode(_ bytes: [UInt8], name: String = inMemoryName, maxPixelCount: Int = defaultMaxPixelCount) throws(JPEGError)
        -> PixelBuffer {
        guard isJPEG(bytes) else { throw .notJPEG(source: name) }
        guard let handle = tjInitDecompress() else { throw .corrupt(source: name, detail: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw error(handle, bytes, source: name) }
        guard width > 0, height > 0 else { throw damaged("a \(width)×\(height) image", bytes, source: name) }
        let (pixels, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
        guard !overflow, pixels <= maxPixelCount else {
            throw .tooLarge(source: name, width: Int(width), height: Int(height), limit: maxPixelCount)
        }
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        guard cmyk || colorspace == Int32(TJCS_RGB.rawValue) || colorspace == Int32(TJCS_YCbCr.rawValue)
                || colorspace == Int32(TJCS_GRAY.rawValue) else {
            throw .unsupportedColorSpace(source: name, code: Int(colorspace))
        }
        var samples = [UInt8](repeating: 0, count: pixels * 4)
        let format = cmyk ? TJPF_CMYK : TJPF_RGBA
        let status = bytes.withUnsafeBufferPointer { input in
            samples.withUnsafeMutableBufferPointer { output in
                tjDecompress2(handle, input.baseAddress, UInt(bytes.count), output.baseAddress, width, 0, height, Int32(format.rawValue),
                              TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT)
            }
        }
        guard status == 0 else { throw error(handle, bytes, source: name) }
        if cmyk {
            // As Adobe writes them (and libjpeg passes them on): inverted, so each channel is its ink's absence.
            for i in 0..<pixels {
                let k = UInt32(samples[4 * i + 3])
                for c in 0..<3 { samples[4 * i + c] = UInt8((UInt32(samples[4 * i + c]) * k + 127) / 255) }
                samples[4 * i + 3] = 255
            }
        }
        return upright(PixelBuffer.wrapping(width: Int(width), height: Int(height), format: .rgba8Unorm, bytes: samples),
                       JPEGOrientation.read(from: bytes))
    }

    /// `image` (opaque RGBA8) as a JPEG of `quality` 1…100, 4:4:4, progressive or baseline; `cmyk` writes the
    /// inverted CMYK Adobe applications write (K = 255 − max(R, G, B)).
    public static func encode(_ image: PixelBuffer, quality: Int = 95, progressive: Bool = false, cmyk: Bool = false) throws(JPEGError)
        -> [UInt8] {
        guard image.format == .rgba8Unorm else { throw .unwritable(detail: "only RGBA8 images are encoded") }
        guard let handle = tjInitCompress() else { throw .unwritable(detail: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var source = image.bytes
        if cmyk {
            for i in 0..<image.pixelCount {
                let r = source[4 * i], g = source[4 * i + 1], b = source[4 * i + 2]
                let k = max(r, g, b)
                func ink(_ v: UInt8) -> UInt8 { k == 0 ? 0 : UInt8((UInt32(v) * 255 + UInt32(k) / 2) / UInt32(k)) }
                source[4 * i] = ink(r); source[4 * i + 1] = ink(g); source[4 * i + 2] = ink(b); source[4 * i + 3] = k
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = source.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32((cmyk ? TJPF_CMYK : TJPF_RGBA).rawValue),
                        &output, &size, Int32(TJSAMP_444.rawValue), Int32(max(1, min(100, quality))),
                        (progressive ? TJFLAG_PROGRESSIVE : 0) | TJFLAG_ACCURATEDCT)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw .unwritable(detail: String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// libjpeg-turbo's complaint, as a truncation when the data stops before its end-of-image marker (wherever it is
    /// cut, libjpeg sees what follows as damage or a premature end).
    private static func error(_ handle: tjhandle, _ bytes: [UInt8], source: String) -> JPEGError {
        damaged(String(cString: tjGetErrorStr2(handle)), bytes, source: source)
    }

    private static func damaged(_ detail: String, _ bytes: [UInt8], source: String) -> JPEGError {
        let ended = zip(bytes.indices, bytes.dropFirst()).contains { bytes[$0.0] == 0xFF && $0.1 == 0xD9 }
        if !ended || detail.contains("Premature end") {
            return .truncated(source: source, detail: detail)
        }
        return .corrupt(source: source, detail: detail)
    }

    private static func upright(_ image: PixelBuffer, _ orientation: JPEGOrientation) -> PixelBuffer {
        guard orientation != .up else { return image }
        let width = orientation.swapsSides ? image.height : image.width
        let height = orientation.swapsSides ? image.width : image.height
        var turned = PixelBuffer.blank(width: width, height: height, format: .rgba8Unorm)
        for y in 0..<height {
            for x in 0..<width {
                let (sx, sy) = orientation.source(x: x, y: y, width: image.width, height: image.height)
                let from = 4 * (sy * image.width + sx), to = 4 * (y * width + x)
                for c in 0..<4 { turned.bytes[to + c] = image.bytes[from + c] }
            }
        }
        return turned
    }
}
