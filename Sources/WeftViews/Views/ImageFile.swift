import WeftImage

extension Image {
    /// An image read from a PNG or JPEG file (by its content): premultiplied, sRGB-encoded RGBA8, a JPEG turned upright
    /// by its EXIF orientation. Throws the file's `PNGError` or `JPEGError`, or a `ViewError` for a scale that is not
    /// positive and finite.
    public init(contentsOfFile path: String, scale: Float = 1) throws {
        try self.init(try ImageFile.load(path: path), scale: scale)
    }
}
