import Foundation

extension PNGFile {
    public static func read(url: URL, maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> DecodedPNG {
        try read(path: url.path, maxPixelCount: maxPixelCount)
    }

    public static func load(url: URL, format: PixelFormat = .rgba8Unorm, colorMode: ColorMode = .nonLinear,
                            maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> PixelBuffer {
        try load(path: url.path, format: format, colorMode: colorMode, maxPixelCount: maxPixelCount)
    }

    public static func load(_ data: Data, name: String = inMemoryName, format: PixelFormat = .rgba8Unorm,
                            colorMode: ColorMode = .nonLinear, maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> PixelBuffer {
        try load([UInt8](data), name: name, format: format, colorMode: colorMode, maxPixelCount: maxPixelCount)
    }

    public static func decode(_ data: Data, name: String = inMemoryName, maxPixelCount: Int = defaultMaxPixelCount) throws(PNGError) -> DecodedPNG {
        try decode([UInt8](data), name: name, maxPixelCount: maxPixelCount)
    }

    public static func write(_ buffer: PixelBuffer, to url: URL, bitDepth: PNGBitDepth = .eight, colorMode: ColorMode = .nonLinear) throws(PNGError) {
        try write(buffer, to: url.path, bitDepth: bitDepth, colorMode: colorMode)
    }

    public static func encodedData(_ buffer: PixelBuffer, bitDepth: PNGBitDepth = .eight, colorMode: ColorMode = .nonLinear) throws(PNGError) -> Data {
        Data(try encode(buffer, bitDepth: bitDepth, colorMode: colorMode))
    }
}
