/// Everything that can go wrong reading or writing a JPEG. Each case names the file (or, for in-memory data, the name
/// the caller gave it).
public enum JPEGError: Error, Hashable, CustomStringConvertible {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    case fileTooLarge(path: String, limit: Int)
    /// The data does not start with a JPEG's start-of-image marker.
    case notJPEG(source: String)
    /// The data ends before the image does.
    case truncated(source: String, detail: String)
    /// Any other malformation libjpeg-turbo found.
    case corrupt(source: String, detail: String)
    /// The header claims more pixels than the reader's limit allows.
    case tooLarge(source: String, width: Int, height: Int, limit: Int)
    /// A colour space Weft does not convert (neither gray, YCbCr/RGB nor CMYK/YCCK).
    case unsupportedColorSpace(source: String, code: Int)
    /// The encoder failed.
    case unwritable(detail: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): "\(path): no such file"
        case let .unreadable(path, reason): "\(path): cannot read the file: \(reason)"
        case let .fileTooLarge(path, limit): "\(path): the file is longer than \(limit) bytes"
        case .notJPEG(let source): "\(source): not a JPEG image (no start-of-image marker)"
        case let .truncated(source, detail): "\(source): the JPEG data ends early: \(detail)"
        case let .corrupt(source, detail): "\(source): damaged JPEG: \(detail)"
        case let .tooLarge(source, width, height, limit): "\(source): \(width)×\(height) pixels, more than the limit of \(limit)"
        case let .unsupportedColorSpace(source, code): "\(source): JPEG colour space \(code) is not supported"
        case .unwritable(let detail): "cannot encode the JPEG: \(detail)"
        }
    }
}
