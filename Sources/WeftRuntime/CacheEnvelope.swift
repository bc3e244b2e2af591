import Foundation

/// The frame of Weft's cache files: 8 bytes naming the content, the SHA-256 of the payload as
/// 64 hex digits, then the payload. A file whose digest does not match (a torn write, a disk
/// error, an edit) is damaged and never trusted.
public enum CacheEnvelope {
    public static let headerSize = 72

    /// `payload` framed; `magic` is 8 ASCII characters.
    public static func wrap(_ payload: Data, magic: String) -> Data {
        var out = Data(magic.utf8.prefix(8))
        out.append(Data(digest(payload).utf8))
        out.append(payload)
        return out
    }

    /// The payload of a framed file, or nil when the magic differs or the digest does not match.
    public static func unwrap(_ data: Data, magic: String) -> Data? {
        guard data.count >= headerSize, data.prefix(8).elementsEqual(magic.utf8.prefix(8)) else { return nil }
        let start = data.startIndex
        let payload = data[(start + headerSize)...]
        guard data[(start + 8)..<(start + headerSize)].elementsEqual(digest(payload).utf8) else { return nil }
        return Data(payload)
    }

    private static func digest(_ bytes: Data) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finalize()
    }
}
