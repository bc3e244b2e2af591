import Foundation
import Testing
@testable import WeftImage

/// JPEG files through libjpeg-turbo: the images are written by libjpeg-turbo's own encoder (baseline, progressive,
/// CMYK), EXIF segments are spliced in as cameras write them.
@Suite struct JPEGTests {
    /// 32 × 16 pixels in four flat quadrants (block-aligned, so quality 100 keeps them nearly exact).
    static let quadrants: [SIMD4<UInt8>] = [[220, 30, 30, 255], [30, 200, 40, 255], [40, 50, 210, 255], [250, 250, 250, 255]]

    static func image() -> PixelBuffer {
        var image = PixelBuffer.blank(width: 32, height: 16, format: .rgba8Unorm)
        for y in 0..<16 {
            for x in 0..<32 {
                let q = quadrants[(y >= 8 ? 2 : 0) + (x >= 16 ? 1 : 0)]
                for c in 0..<4 { image.bytes[4 * (y * 32 + x) + c] = q[c] }
            }
        }
        return image
    }

    static func pixel(_ image: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<Int> {
        let at = 4 * (y * image.width + x)
        return SIMD4(Int(image.bytes[at]), Int(image.bytes[at + 1]), Int(image.bytes[at + 2]), Int(image.bytes[at + 3]))
    }

    static func close(_ a: SIMD4<Int>, _ b: SIMD4<UInt8>, within tolerance: Int) -> Bool {
        (0..<4).allSatisfy { abs(a[$0] - Int(b[$0])) <= tolerance }
    }

    /// The quadrant centres, read back.
    static func expectQuadrants(_ decoded: PixelBuffer, tolerance: Int, _ comment: Comment) {
        #expect(decoded.width == 32 && decoded.height == 16, comment)
        for (i, (x, y)) in [(8, 4), (24, 4), (8, 12), (24, 12)].enumerated() {
            #expect(close(pixel(decoded, x, y), quadrants[i], within: tolerance), "\(comment): quadrant \(i) is \(pixel(decoded, x, y))")
        }
    }

    /// An APP1 Exif segment holding one IFD entry: the orientation (big- or little-endian TIFF).
    static func withOrientation(_ jpeg: [UInt8], _ value: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 255), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let tiff = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(1)
            + u16(0x0112) + u16(3) + u32(1) + u16(value) + u16(0) + u32(0)
        let payload = Array("Exif\0\0".utf8) + tiff
        let segment: [UInt8] = [0xFF, 0xE1] + [UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    @Test(arguments: [false, true])
    func baselineAndProgressiveFilesRoundTrip(progressive: Bool) throws {
        let bytes = try JPEGFile.encode(Self.image(), quality: 100, progressive: progressive)
        // SOF2 marks a progressive frame, SOF0 a baseline one.
        let sof2 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xFF && $1 == 0xC2 }
        #expect(sof2 == progressive)
        Self.expectQuadrants(try JPEGFile.decode(bytes), tolerance: 3, progressive ? "progressive" : "baseline")
    }

    /// Adobe's inverted CMYK, as libjpeg-turbo writes it: four components, read back to the RGB written.
    @Test func cmykFilesAreConverted() throws {
        let bytes = try JPEGFile.encode(Self.image(), quality: 100, cmyk: true)
        // The frame header (SOF0: FF C0, length, precision, height, width, components) has four components.
        let sof = try #require(zip(bytes.indices, bytes.dropFirst()).first { bytes[$0.0] == 0xFF && $0.1 == 0xC0 }?.0)
        #expect(bytes[sof + 9] == 4)
        Self.expectQuadrants(try JPEGFile.decode(bytes), tolerance: 4, "CMYK")
    }

    /// EXIF orientations 1–8 (TIFF in both byte orders): the stored corner each puts at the upright top-left and
    /// top-right, as the EXIF specification's table has them.
    @Test(arguments: 1...8)
    func exifOrientationIsHonoured(orientation: Int) throws {
        // Stored corners: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right (the quadrants' indices).
        let topLeft = [1: 0, 2: 1, 3: 3, 4: 2, 5: 0, 6: 2, 7: 3, 8: 1][orientation]!
        let topRight = [1: 1, 2: 0, 3: 2, 4: 3, 5: 2, 6: 0, 7: 1, 8: 3][orientation]!
        let plain = try JPEGFile.encode(Self.image(), quality: 100)
        for little in [false, true] {
            let turned = try JPEGFile.decode(Self.withOrientation(plain, orientation, littleEndian: little))
            let swapped = orientation >= 5
            #expect(turned.width == (swapped ? 16 : 32) && turned.height == (swapped ? 32 : 16))
            #expect(Self.close(Self.pixel(turned, 2, 2), Self.quadrants[topLeft], within: 3), "orientation \(orientation)")
            #expect(Self.close(Self.pixel(turned, turned.width - 3, 2), Self.quadrants[topRight], within: 3), "orientation \(orientation)")
        }
    }

    @Test func badFilesAreNamedErrors() throws {
        let bytes = try JPEGFile.encode(Self.image(), quality: 90)
        for cut in [bytes.count / 5, bytes.count * 2 / 3, bytes.count - 2] {
            #expect {
                try JPEGFile.decode(Array(bytes.prefix(cut)), name: "cut.jpg")
            } throws: { error in
                guard case .truncated(source: "cut.jpg", _)? = error as? JPEGError else { return false }
                return true
            }
        }
        #expect(throws: JPEGError.notJPEG(source: "x")) { try JPEGFile.decode(Array("GIF89a".utf8), name: "x") }
        #expect {
            try JPEGFile.decode([0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0x42, count: 64) + [0xFF, 0xD9], name: "junk")
        } throws: { error in
            guard case .corrupt(source: "junk", _)? = error as? JPEGError else { return false }
            return true
        }
        #expect(throws: JPEGError.tooLarge(source: "big", width: 32, height: 16, limit: 100)) {
            try JPEGFile.decode(bytes, name: "big", maxPixelCount: 100)
        }
        #expect(throws: JPEGError.fileNotFound(path: "/nonexistent.jpg")) { try JPEGFile.load(path: "/nonexistent.jpg") }
    }

    /// `ImageFile` goes by content, not name: a JPEG named .png is read as a JPEG.
    @Test func imageFilesAreReadByTheirContent() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("weft-jpeg-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try JPEGFile.encode(Self.image(), quality: 100)).write(to: URL(fileURLWithPath: path))
        Self.expectQuadrants(try ImageFile.load(path: path), tolerance: 3, "by content")
    }
}
