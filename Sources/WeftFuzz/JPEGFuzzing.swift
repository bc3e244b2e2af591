import WeftImage

enum JPEGFuzzing {
    /// Small enough that a forged header cannot make one input allocate gigabytes.
    static let maxPixelCount = 1 << 20

    static func decode(_ bytes: [UInt8]) {
        _ = try? JPEGFile.decode(bytes, name: "fuzz.jpg", maxPixelCount: maxPixelCount)
    }
}
