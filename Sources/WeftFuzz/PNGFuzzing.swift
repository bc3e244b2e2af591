import WeftImage

enum PNGFuzzing {
    /// Small enough that a forged header cannot make one input allocate gigabytes.
    static let maxPixelCount = 1 << 20

    static func load(_ bytes: [UInt8]) {
        _ = try? PNGFile.load(bytes, name: "fuzz.png", format: .rgba16Float, colorMode: .linear, maxPixelCount: maxPixelCount)
    }
}
