/// Reading and writing PNG files through libpng.
///
/// Files hold sRGB-encoded, straight-alpha samples; Weft's buffers hold premultiplied values.
/// `load` and `write` convert between the two (see `PixelBuffer.init(png:format:colorMode:)` and
/// `PNGRawImage.init(straightRGBAOf:bitDepth:colorMode:)`); `read`/`decode` and `encode` give the
/// file's samples themselves. Every failure is a `PNGError` naming the file and the problem.
public enum PNGFile {
    /// The default limit on width × height when reading: 2^26 pixels (8192 × 8192, 512 MiB as RGBA16F).
    public static let defaultMaxPixelCount = 1 << 26

    /// The name in-memory data goes by in errors when the caller gives none.
    public static let inMemoryName = "PNG data"

    // MARK: Reading

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The most bytes a PNG of `pixels` pixels plausibly needs: 9 bytes a pixel (8 for RGBA16,
    /// one more for filter bytes and deflate overhead) and 64 MiB for ancillary chunks.
    static func maxFileSize(forPixels pixels: Int) -> Int {
        let allowance = 64 << 20
        let (raw, overflow) = pixels.multipliedReportingOverflow(by: 9)
        return overflow || raw > .max - allowance ? .max : raw + allowance
    }

    /// Reads and decodes the PNG file at `path` to straight RGBA samples; a `maxPixelCount` below 1 is taken as 1.
    public static func read(path: String, maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> DecodedPNG {
        let bytes: [UInt8]
        switch FileBytes.read(path: path, expectedPrefix: signature, maxBytes: maxFileSize(forPixels: maxPixelCount)) {
        case .success(let b): bytes = b
        case .failure(.notFound): throw .fileNotFound(path: path)
        case .failure(.failed(let reason)): throw .unreadable(path: path, reason: reason)
        case .failure(.longerThan(let limit)): throw .fileTooLarge(path: path, limit: limit)
        }
        return try decode(bytes, name: path, maxPixelCount: maxPixelCount)
    }

    /// Decodes a PNG held in memory; `name` is what errors call it. A `maxPixelCount` below 1 is taken as 1.
    public static func decode(_ bytes: [UInt8], name: String = inMemoryName, maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> DecodedPNG {
        try PNGCodec.decode(bytes, source: name, maxPixelCount: maxPixelCount)
    }

    /// Reads the PNG file at `path` into a premultiplied buffer of `format` in `colorMode`.
    public static func load(path: String, format: PixelFormat = .rgba8Unorm, colorMode: ColorMode = .nonLinear,
                            maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> PixelBuffer {
        PixelBuffer(png: try read(path: path, maxPixelCount: maxPixelCount), format: format, colorMode: colorMode)
    }

    /// Decodes in-memory PNG bytes into a premultiplied buffer of `format` in `colorMode`.
    public static func load(_ bytes: [UInt8], name: String = inMemoryName, format: PixelFormat = .rgba8Unorm,
                            colorMode: ColorMode = .nonLinear, maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> PixelBuffer {
        PixelBuffer(png: try decode(bytes, name: name, maxPixelCount: maxPixelCount), format: format, colorMode: colorMode)
    }

    // MARK: Writing

    /// Encodes a premultiplied buffer, whose values are in `colorMode`, as an RGBA PNG of `bitDepth`.
    public static func encode(_ buffer: PixelBuffer, bitDepth: PNGBitDepth = .eight, colorMode: ColorMode = .nonLinear,
                              compression: PNGCompression = .standard) throws(PNGError) -> [UInt8] {
        try encode(PNGRawImage(straightRGBAOf: buffer, bitDepth: bitDepth, colorMode: colorMode), compression: compression)
    }

    /// Encodes raw PNG samples of any color type and bit depth.
    public static func encode(_ image: PNGRawImage, compression: PNGCompression = .standard) throws(PNGError) -> [UInt8] {
        try PNGCodec.encode(image, compression: compression)
    }

    /// Writes a premultiplied buffer as an RGBA PNG file. The file is written whole or not at all.
    public static func write(_ buffer: PixelBuffer, to path: String, bitDepth: PNGBitDepth = .eight, colorMode: ColorMode = .nonLinear) throws(PNGError) {
        try write(encode(buffer, bitDepth: bitDepth, colorMode: colorMode), to: path)
    }

    /// Writes already-encoded PNG bytes to a file.
    public static func write(_ encoded: [UInt8], to path: String) throws(PNGError) {
        if let reason = FileBytes.write(encoded, to: path) {
            throw .unwritable(path: path, reason: reason)
        }
    }

    /// The libpng version Weft runs with, e.g. "1.6.39".
    public static var libpngVersion: String { PNGCodec.libpngVersion }
}
