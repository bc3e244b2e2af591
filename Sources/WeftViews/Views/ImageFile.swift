import WeftImage

extension Image {
    /// An image read from a PNG file: premultiplied, sRGB-encoded RGBA8.
    public init(contentsOfFile path: String, scale: Float = 1) throws(PNGError) {
        self.init(try PNGFile.load(path: path), scale: scale)
    }
}
