import Testing
import WeftCatalog
import WeftImage

#if canImport(Glibc)
import Glibc
#endif

@Suite struct TestPatternTests {
    /// `examples/images/test-pattern.png`, found from this source file.
    static var committedPath: String {
        let file = "\(#filePath)"
        let tests = file[..<file.range(of: "/Tests/WeftCatalogTests/")!.lowerBound]
        return "\(tests)/examples/images/\(TestPattern.fileName)"
    }

    @Test func committedFileEqualsTheGenerator() throws {
        let generated = TestPattern.make()
        if getenv("WEFT_WRITE_TEST_PATTERN") != nil {
            // Regenerate: WEFT_WRITE_TEST_PATTERN=1 swift test --skip-build --filter TestPatternTests
            try PNGFile.write(generated, to: Self.committedPath)
        }
        let committed = try PNGFile.read(path: Self.committedPath)
        #expect(committed.header.colorType == .rgba && committed.header.bitDepth == 8)
        #expect(PixelBuffer(png: committed, format: .rgba8Unorm) == generated)
    }

    @Test func generatorIsDeterministicAndPremultiplied() {
        let a = TestPattern.make()
        #expect(a == TestPattern.make())
        #expect(a.width == 512 && a.height == 384 && a.format == .rgba8Unorm)
        var overfull = 0
        for i in 0..<a.pixelCount where a.bytes[4 * i] > a.bytes[4 * i + 3] || a.bytes[4 * i + 1] > a.bytes[4 * i + 3] || a.bytes[4 * i + 2] > a.bytes[4 * i + 3] {
            overfull += 1
        }
        #expect(overfull == 0)
    }

    @Test func hasTheRegionsItDocuments() {
        let p = TestPattern.make()
        func rgba(_ x: Int, _ y: Int) -> [UInt8] { Array(p.bytes[(y * p.width + x) * 4..<(y * p.width + x) * 4 + 4]) }
        #expect(rgba(0, 0) == [255, 0, 0, 255])           // hue sweep starts red, opaque at the top
        #expect(rgba(0, 127) == [0, 0, 0, 0])             // … and is transparent at row 127
        #expect(rgba(256, 64)[3] == 127)                  // half-transparent in the middle
        #expect(rgba(0, 128) == [255, 255, 255, 255] && rgba(8, 128) == [0, 0, 0, 255])       // 8-px checker
        #expect(rgba(0, 200) != rgba(1, 200) && rgba(0, 200) == rgba(1, 201))                // 1-px checker
        #expect(rgba(128, 130) == [255, 255, 255, 255] && rgba(129, 130) == [0, 0, 0, 0])    // 1-px lines
        #expect(rgba(320, 192) == [255, 149, 0, 255])     // ring centre
        #expect(rgba(256, 128) == [0, 0, 0, 0])           // outside the rings
        #expect(rgba(385, 129) == [255, 0, 0, 255] && rgba(460, 129) == [0, 128, 0, 128])
        #expect(rgba(448, 192) == [0, 0, 0, 0])           // the hole
        #expect(rgba(0, 300) == [0, 0, 0, 255] && rgba(511, 300) == [255, 255, 255, 255])
        #expect(rgba(0, 330) == [0, 0, 0, 0] && rgba(511, 330) == [255, 255, 255, 255])
        #expect(rgba(500, 360) == [0, 0, 0, 0] && rgba(0, 380)[3] == 128)
    }
}
