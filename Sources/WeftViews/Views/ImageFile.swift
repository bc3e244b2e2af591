import WeftImage

extension Image {
    /// An image read from a PNG file: premultiplied, sRGB-encoded RGBA8. Throws the file's `PNGError`, or a
    /// `ViewError` for a scale that is not positive and finite.
    public init(contentsOfFile path: String, scale: Float = 1) throws {
        try self.init(try PNGFile.load(path: path), scale: scale)
    }
}
