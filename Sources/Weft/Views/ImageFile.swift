import WeftImage

/// Why an image file could not become an image view.
public struct ImageFileError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "cannot read image \(file): \(reason)" }
}

extension Image {
    /// An image read from a PNG file (premultiplied, sRGB-encoded RGBA8).
    public init(contentsOfFile path: String, scale: Float = 1) throws {
        // PNG decoding lands with WeftImage's PNG reader; until then files cannot be read.
        throw ImageFileError(file: path, reason: "PNG reading is not available in this build")
    }
}
