/// Image files by their content: PNG (libpng) or JPEG (libjpeg-turbo), whatever their name.
public enum ImageFile {
    /// The file at `path` as premultiplied, sRGB-encoded RGBA8. Throws the format's error (`PNGError`, `JPEGError`).
    public static func load(path: String) throws -> PixelBuffer {
        switch FileBytes.read(path: path, maxBytes: PNGFile.maxFileSize(forPixels: PNGFile.defaultMaxPixelCount)) {
        case .success(let bytes):
            return JPEGFile.isJPEG(bytes) ? try JPEGFile.decode(bytes, name: path) : try PNGFile.load(bytes, name: path)
        case .failure:
            return try PNGFile.load(path: path)  // the reason, as PNG files report it
        }
    }
}
