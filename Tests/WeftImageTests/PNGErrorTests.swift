import Testing
import WeftImage
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PNGErrorTests {
    func decodeError(_ bytes: [UInt8], maxPixelCount: Int = PNGFile.defaultMaxPixelCount) -> PNGError? {
        do {
            _ = try PNGFile.decode(bytes, name: "bad.png", maxPixelCount: maxPixelCount)
            return nil
        } catch {
            return error
        }
    }

    @Test func emptyData() {
        #expect(decodeError([]) == .empty(source: "bad.png"))
    }

    @Test func notAPNG() {
        #expect(decodeError(Array("GIF89a, certainly not a PNG".utf8)) == .notPNG(source: "bad.png"))
        #expect(decodeError([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b, 0, 0, 0, 0]) == .notPNG(source: "bad.png"))
        #expect(decodeError([1, 2, 3]) == .notPNG(source: "bad.png"))
    }

    @Test func truncatedInSignatureOrHeader() throws {
        let file = try samplePNG()
        guard case .truncated? = decodeError(Array(file.prefix(4))) else { Issue.record("cut in the signature"); return }
        guard case .truncated? = decodeError(Array(file.prefix(8))) else { Issue.record("cut after the signature"); return }
        guard case .truncated? = decodeError(Array(file.prefix(20))) else { Issue.record("cut in IHDR"); return }
    }

    @Test func truncatedInImageData() throws {
        let file = try samplePNG()
        let idat = PNGChunks(file).chunk("IDAT")
        let middle = idat.offset + 8 + idat.data.count / 2
        let error = decodeError(Array(file.prefix(middle)))
        guard case .truncated(let source, let detail)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(source == "bad.png")
        #expect(detail.contains("\(middle) bytes"))
        // Cut right after the image data: IEND is missing.
        let afterIDAT = idat.offset + 12 + idat.data.count
        guard case .truncated? = decodeError(Array(file.prefix(afterIDAT))) else { Issue.record("missing IEND"); return }
    }

    @Test func crcMismatchInHeaderAndInImageData() throws {
        let file = try samplePNG()
        let chunks = PNGChunks(file)
        for type in ["IHDR", "IDAT"] {
            var damaged = file
            damaged[chunks.chunk(type).offset + 9] ^= 0x01
            let error = decodeError(damaged)
            guard case .checksumMismatch(_, let detail)? = error else { Issue.record("\(type): got \(String(describing: error))"); continue }
            #expect(detail.contains(type))
        }
    }

    @Test func corruptCompressedDataWithValidCRC() throws {
        var chunks = PNGChunks(try samplePNG())
        let i = chunks.chunks.firstIndex { $0.type == "IDAT" }!
        for j in 2..<chunks.chunks[i].data.count - 4 { chunks.chunks[i].data[j] = 0xff }
        let error = decodeError(chunks.bytes)
        guard case .corrupt? = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func invalidHeaderWithValidCRC() throws {
        var chunks = PNGChunks(try samplePNG())
        chunks.chunks[0].data[8] = 3  // bit depth 3 does not exist
        let error = decodeError(chunks.bytes)
        guard case .corrupt(_, let detail)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(detail.lowercased().contains("bit depth"))
    }

    @Test func absurdDimensionsAreRefusedBeforeAllocating() throws {
        var chunks = PNGChunks(try samplePNG())
        chunks.chunks[0].data.replaceSubrange(0..<8, with: bigEndian(100_000) + bigEndian(100_000))
        #expect(decodeError(chunks.bytes) == .tooLarge(source: "bad.png", width: 100_000, height: 100_000, limit: PNGFile.defaultMaxPixelCount))
        // The limit is the caller's to choose.
        #expect(decodeError(try samplePNG(width: 13, height: 7), maxPixelCount: 90) == .tooLarge(source: "bad.png", width: 13, height: 7, limit: 90))
        #expect(decodeError(try samplePNG(width: 13, height: 7), maxPixelCount: 91) == nil)
    }

    @Test func missingFileDirectoryAndUnwritablePath() throws {
        let directory = scratchDirectory("errors")
        #expect(throws: PNGError.fileNotFound(path: directory + "/nothing.png")) {
            try PNGFile.read(path: directory + "/nothing.png")
        }
        #expect(throws: PNGError.unreadable(path: directory, reason: "it is a folder")) {
            try PNGFile.read(path: directory)
        }
        let buffer = PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)
        let target = directory + "/no/such/folder/out.png"
        do {
            try PNGFile.write(buffer, to: target)
            Issue.record("wrote into a missing folder")
        } catch {
            guard case .unwritable(let path, let reason) = error else { Issue.record("got \(error)"); return }
            #expect(path == target)
            #expect(reason == "No such file or directory")
            #expect(error.description == "\(target): cannot write the PNG: No such file or directory")
        }
    }

    @Test func aFileReadErrorNamesTheFile() throws {
        let directory = scratchDirectory("named")
        let path = directory + "/notes.png"
        try PNGFile.write(Array("hello".utf8), to: path)
        do {
            _ = try PNGFile.load(path: path)
            Issue.record("decoded text as a PNG")
        } catch {
            #expect(error == .notPNG(source: path))
            #expect(error.description == "\(path): not a PNG image (the PNG signature is missing)")
        }
    }

    @Test func encoderRejectsInvalidRawImages() {
        #expect(throws: PNGError.self) {
            try PNGFile.encode(PNGRawImage(width: 2, height: 2, colorType: .rgb, bitDepth: 4, rows: [UInt8](repeating: 0, count: 12)))
        }
        #expect(throws: PNGError.self) {  // a palette image without a palette
            try PNGFile.encode(PNGRawImage(width: 2, height: 2, colorType: .palette, bitDepth: 8, rows: [0, 0, 0, 0]))
        }
        #expect(throws: PNGError.self) {  // rows too short
            try PNGFile.encode(PNGRawImage(width: 4, height: 2, colorType: .rgba, bitDepth: 8, rows: [UInt8](repeating: 0, count: 16)))
        }
    }
}

@Suite struct PNGStreamTests {
    @Test func endlessNonPNGStreamsStopAtTheSignature() {
        // /dev/zero never ends; the reader must give up after the first bytes.
        #expect(throws: PNGError.notPNG(source: "/dev/zero")) { try PNGFile.read(path: "/dev/zero") }
    }

    @Test func overlongFilesAreRefused() throws {
        let directory = scratchDirectory("long")
        let path = directory + "/long.png"
        try PNGFile.write(try samplePNG(), to: path)
        #expect(truncate(path, 80 << 20) == 0)  // sparse trailing zeros, past any plausible size for 1 pixel
        #expect(throws: PNGError.fileTooLarge(path: path, limit: 9 + (64 << 20))) {
            try PNGFile.read(path: path, maxPixelCount: 1)
        }
        unlink(path)
    }
}
