/// The EXIF orientation of a JPEG (tag 0x0112 in the APP1 "Exif" segment): how its stored pixels are turned to be
/// seen upright. 1 is as stored; 2–8 mirror and rotate.
public enum JPEGOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether the upright image's width is the stored height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The stored pixel seen at upright pixel (x, y), for a stored image of `width` × `height`.
    func source(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, height - 1 - x)
        case .rightMirrored: (width - 1 - y, height - 1 - x)
        case .left: (width - 1 - y, x)
        }
    }

    /// The orientation the file's EXIF data states; `.up` without any, or with a malformed one.
    static func read(from bytes: [UInt8]) -> JPEGOrientation {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xDA || marker == 0xD9 { break }  // scan data or end: no more headers
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { break }
            if marker == 0xE1, length >= 8, Array(bytes[(at + 4)..<(at + 10)]) == Array("Exif\0\0".utf8) {
                return exif(Array(bytes[(at + 10)..<(at + 2 + length)])) ?? .up
            }
            at += 2 + length
        }
        return .up
    }

    /// The orientation entry of a TIFF structure's first IFD.
    private static func exif(_ tiff: [UInt8]) -> JPEGOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : Int(tiff[i]) << 8 | Int(tiff[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + 12 * entry
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let type = u16(at + 2), type == 3, let value = u16(at + 8) {
                return JPEGOrientation(rawValue: value)
            }
        }
        return nil
    }
}
