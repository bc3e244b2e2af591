/// Everything that can go wrong reading or writing a PNG. Each case names the file (or, for
/// in-memory data, the name the caller gave it) and says what is wrong with it.
public enum PNGError: Error, Hashable, CustomStringConvertible {
    /// No file at this path.
    case fileNotFound(path: String)
    /// The file exists but could not be read (a directory, no permission, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file goes on past any size a PNG within the pixel limit could have (an endless stream, say).
    case fileTooLarge(path: String, limit: Int)
    /// The file or data has no bytes at all.
    case empty(source: String)
    /// The data does not start with the 8-byte PNG signature.
    case notPNG(source: String)
    /// The data ends before the image does.
    case truncated(source: String, detail: String)
    /// A chunk's CRC does not match its contents (the file was damaged).
    case checksumMismatch(source: String, detail: String)
    /// Any other malformation libpng found: a bad header, an invalid zlib stream, a missing chunk.
    case corrupt(source: String, detail: String)
    /// The header claims more pixels than the reader's limit allows.
    case tooLarge(source: String, width: Int, height: Int, limit: Int)
    case outOfMemory(source: String)
    /// The output file could not be created or written.
    case unwritable(path: String, reason: String)
    /// A raw image handed to the encoder does not describe a valid PNG.
    case invalidImage(detail: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file"
        case .unreadable(let path, let reason):
            "\(path): cannot read the file: \(reason)"
        case .fileTooLarge(let path, let limit):
            "\(path): the file is longer than \(limit) bytes, more than a PNG within the pixel limit needs"
        case .empty(let source):
            "\(source): the file is empty, not a PNG image"
        case .notPNG(let source):
            "\(source): not a PNG image (the PNG signature is missing)"
        case .truncated(let source, let detail):
            "\(source): the PNG is truncated: \(detail)"
        case .checksumMismatch(let source, let detail):
            "\(source): the PNG is damaged (a chunk's checksum does not match): \(detail)"
        case .corrupt(let source, let detail):
            "\(source): the PNG is corrupt: \(detail)"
        case .tooLarge(let source, let width, let height, let limit):
            "\(source): the PNG is \(width)×\(height) = \(width * height) pixels, more than the limit of \(limit) pixels"
        case .outOfMemory(let source):
            "\(source): not enough memory to decode the PNG"
        case .unwritable(let path, let reason):
            "\(path): cannot write the PNG: \(reason)"
        case .invalidImage(let detail):
            "cannot encode the PNG: \(detail)"
        }
    }
}
