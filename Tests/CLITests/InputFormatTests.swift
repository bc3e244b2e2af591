import Foundation
import Testing
import WeftImage

/// One kind of PNG input: its raw samples, and the straight RGBA8 pixels a pass-through render
/// must write for it, worked out here from the samples (not by Weft's decoder).
struct InputFormat: Sendable, CustomTestStringConvertible {
    let colorType: PNGColorType
    let bitDepth: Int
    var interlaced = false
    var transparency = false

    var testDescription: String { "\(colorType) \(bitDepth)-bit\(transparency ? " +tRNS" : "")\(interlaced ? " interlaced" : "")" }

    static let width = 13, height = 11

    static let all: [InputFormat] = [
        InputFormat(colorType: .gray, bitDepth: 1, interlaced: true),
        InputFormat(colorType: .gray, bitDepth: 4),
        InputFormat(colorType: .gray, bitDepth: 8),
        InputFormat(colorType: .gray, bitDepth: 16),
        InputFormat(colorType: .gray, bitDepth: 8, transparency: true),
        InputFormat(colorType: .grayAlpha, bitDepth: 8),
        InputFormat(colorType: .grayAlpha, bitDepth: 16, interlaced: true),
        InputFormat(colorType: .palette, bitDepth: 2),
        InputFormat(colorType: .palette, bitDepth: 8, interlaced: true, transparency: true),
        InputFormat(colorType: .rgb, bitDepth: 16),
        InputFormat(colorType: .rgba, bitDepth: 16),
        InputFormat(colorType: .rgba, bitDepth: 8, interlaced: true),
    ]

    /// The file, and the 8-bit straight RGBA pixels rendering it unchanged gives. Alpha is only
    /// ever 0 or the maximum, so the premultiplied round trip is exact; transparent pixels come out 0.
    func make() throws -> (png: [UInt8], expected: [UInt8]) {
        let maxIn = (1 << bitDepth) - 1
        func to8(_ v: Int) -> UInt8 { UInt8((v * 255 + maxIn / 2) / maxIn) }  // round(v · 255 / max)
        var samples: [UInt16] = [], expected: [UInt8] = []
        var palette: [PNGRawImage.RGB] = []
        var trns: PNGRawImage.Transparency?
        if colorType == .palette {
            for i in 0..<(1 << bitDepth) {
                let red = UInt8(i * 37 % 256), green = UInt8(255 - i * 11 % 256), blue = UInt8(i * 91 % 256)
                palette.append(PNGRawImage.RGB(red, green, blue))
            }
            if transparency { trns = .paletteAlpha([255, 0, 255, 0]) }
        }
        if transparency, colorType == .gray { trns = .gray(7) }
        for i in 0..<Self.width * Self.height {
            let v = (i * 2_654_435_761) % (maxIn + 1)
            let w = (i * 40_503 + 17) % (maxIn + 1)
            let transparent = i % 3 == 0
            var rgba: [Int]
            switch colorType {
            case .gray:
                let g = transparency && transparent ? 7 : (transparency && v == 7 ? 8 : v)
                samples.append(UInt16(g))
                rgba = [to8(g), to8(g), to8(g)].map(Int.init) + [transparency && g == 7 ? 0 : 255]
            case .grayAlpha:
                samples += [UInt16(v), UInt16(transparent ? 0 : maxIn)]
                rgba = [Int(to8(v)), Int(to8(v)), Int(to8(v)), transparent ? 0 : 255]
            case .palette:
                let index = v
                samples.append(UInt16(index))
                let entry = palette[index]
                let alpha = transparency && index < 4 && index % 2 == 1 ? 0 : 255
                rgba = [Int(entry.red), Int(entry.green), Int(entry.blue), alpha]
            case .rgb:
                samples += [UInt16(v), UInt16(w), UInt16(maxIn - v)]
                rgba = [Int(to8(v)), Int(to8(w)), Int(to8(maxIn - v)), 255]
            case .rgba:
                samples += [UInt16(v), UInt16(w), UInt16(maxIn - v), UInt16(transparent ? 0 : maxIn)]
                rgba = [Int(to8(v)), Int(to8(w)), Int(to8(maxIn - v)), transparent ? 0 : 255]
            }
            expected += rgba[3] == 0 ? [0, 0, 0, 0] : rgba.map { UInt8($0) }
        }
        let raw = PNGRawImage(width: Self.width, height: Self.height, colorType: colorType, bitDepth: bitDepth,
                              interlaced: interlaced, samples: samples, palette: palette, transparency: trns)
        return (try PNGFile.encode(raw), expected)
    }
}

/// 16-bit, palette, gray (with and without alpha) and interlaced inputs render to exactly the
/// pixels they hold, on the CPU evaluator and on lavapipe.
@Suite struct InputFormatTests {
    static let folder = CLI.temporaryDirectory()

    static let passThrough: String = {
        let path = folder.appendingPathComponent("passThrough.glsl").path
        try? "[[ stitchable ]]\nvec4 passThrough(vec2 position, vec4 color) { return color; }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    @Test(arguments: InputFormat.all, CLI.renderDevices)
    func everyFormatRendersToItsExactPixels(_ format: InputFormat, device: String) throws {
        let (png, expected) = try format.make()
        let name = "\(format.colorType.rawValue)-\(format.bitDepth)-\(format.interlaced)-\(format.transparency)-\(device)"
        let input = Self.folder.appendingPathComponent("\(name).png").path
        let output = Self.folder.appendingPathComponent("\(name)-out.png").path
        try Data(png).write(to: URL(fileURLWithPath: input))
        let run = try CLI.weft(["render", input, "--shaders", Self.passThrough, "--effect", "passThrough", "--device", device, "-o", output])
        #expect(run.status == 0, "\(run)")
        let written = try PNGFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        guard case .eight(let samples) = written.samples else {
            Issue.record("expected an 8-bit output")
            return
        }
        #expect(written.width == InputFormat.width && written.height == InputFormat.height)
        let wrong = (0..<expected.count / 4).filter { i in samples[4 * i..<4 * i + 4] != expected[4 * i..<4 * i + 4] }
        #expect(wrong.isEmpty, "\(wrong.count) pixels differ, first \(wrong.first.map { "\($0): \(samples[4 * $0..<4 * $0 + 4]) != \(expected[4 * $0..<4 * $0 + 4])" } ?? "")")
    }
}
