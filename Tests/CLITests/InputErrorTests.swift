import Foundation
import Testing
import WeftImage

/// One malformed input to `weft render`: the arguments (given the fixture folder), and what the
/// message must contain. Each runs on every device in `CLI.renderDevices`.
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: @Sendable (BadInputFiles) -> [String]
    let expected: @Sendable (BadInputFiles) -> [String]
    var testDescription: String { name }

    init(_ name: String, _ arguments: @escaping @Sendable (BadInputFiles) -> [String],
         expect expected: @escaping @Sendable (BadInputFiles) -> [String]) {
        self.name = name
        self.arguments = arguments
        self.expected = expected
    }

    static let gray = ["--effect", "grayscale", "--arg", "amount=1"]
    static let pattern = CLI.pattern

    /// Files the inputs point at, made once under a fresh temporary folder.
    static let files = Result { try BadInputFiles() }

    // MARK: PNG files (input, backdrop, Image argument)

    static let pngs: [BadInput] = [
        BadInput("zero-byte PNG", { [$0.path("empty.png")] + gray }, expect: { [$0.path("empty.png"), "empty"] }),
        BadInput("truncated PNG", { [$0.path("truncated.png")] + gray }, expect: { [$0.path("truncated.png"), "truncated"] }),
        // Images are read by content: a JPEG named .png is read as a JPEG, and this one has no frame.
        BadInput("JPEG renamed .png", { [$0.path("photo.png")] + gray }, expect: { [$0.path("photo.png"), "damaged JPEG"] }),
        BadInput("100000×100000 header", { [$0.path("huge.png")] + gray },
                 expect: { [$0.path("huge.png"), "100000×100000", "limit of \(PNGFile.defaultMaxPixelCount) pixels"] }),
        BadInput("damaged chunk", { [$0.path("damaged.png")] + gray }, expect: { [$0.path("damaged.png"), "checksum", "IDAT"] }),
        BadInput("folder named .png", { [$0.path("folder.png")] + gray }, expect: { [$0.path("folder.png"), "it is a folder"] }),
        BadInput("named pipe nobody writes", { [$0.path("pipe.png")] + gray }, expect: { [$0.path("pipe.png"), "empty"] }),
        BadInput("missing PNG", { [$0.path("missing.png")] + gray }, expect: { [$0.path("missing.png"), "no such file"] }),
        BadInput("truncated backdrop", { [pattern, "--effect", "differenceBlend", "--backdrop", $0.path("truncated.png")] },
                 expect: { [$0.path("truncated.png"), "truncated"] }),
        BadInput("backdrop neither file nor color", { _ in [pattern, "--effect", "differenceBlend", "--backdrop", "#12345"] },
                 expect: { _ in ["--backdrop \"#12345\"", "not a PNG file", "5 hex digits"] }),
        BadInput("JPEG as an Image argument", { [pattern, "--shaders", $0.path("probe.glsl"), "--effect", "textured",
                                                 "--arg", "img=" + $0.path("photo.png")] },
                 expect: { [$0.path("photo.png"), "'img'", "damaged JPEG"] }),
    ]

    // MARK: Sizes and scales

    static let sizes: [BadInput] = [
        BadInput("--size 0x0", { _ in checker + ["--size", "0x0"] }, expect: { _ in ["--size", "\"0x0\"", "width is 0"] }),
        BadInput("--size negative", { _ in checker + ["--size", "-8x8"] }, expect: { _ in ["--size", "\"-8x8\"", "not a whole number"] }),
        BadInput("--size without x", { _ in checker + ["--size", "64"] }, expect: { _ in ["--size", "\"64\"", "no 'x'"] }),
        BadInput("--size empty", { _ in checker + ["--size", ""] }, expect: { _ in ["--size", "\"\""] }),
        BadInput("--size beyond the device", { _ in checker + ["--size", "20000x20000"] },
                 expect: { _ in ["20000×20000 pixel texture", "1.5 GiB", "16384 pixels per side"] }),
        BadInput("--size absurd", { _ in checker + ["--size", "99999999999x8"] }, expect: { _ in ["--size", "99999999999"] }),
        BadInput("--scale 0", { _ in [pattern] + gray + ["--scale", "0"] }, expect: { _ in ["--scale \"0\"", "positive"] }),
        BadInput("--scale negative", { _ in [pattern] + gray + ["--scale", "-2"] }, expect: { _ in ["--scale \"-2\"", "positive"] }),
        BadInput("--scale NaN", { _ in [pattern] + gray + ["--scale", "nan"] }, expect: { _ in ["--scale \"nan\"", "finite"] }),
        BadInput("--scale inf", { _ in [pattern] + gray + ["--scale", "inf"] }, expect: { _ in ["--scale \"inf\"", "finite"] }),
        BadInput("--scale text", { _ in [pattern] + gray + ["--scale", "big"] }, expect: { _ in ["--scale \"big\""] }),
        BadInput("--scale absurd", { _ in ["--size", "512x384", "--effect", "checkerboard", "--preset", "--scale", "1e30"] },
                 expect: { _ in ["pixel texture", "16384 pixels per side", "lower the size, the scale"] }),
        BadInput("--scale tiny", { _ in ["--size", "512x384", "--effect", "checkerboard", "--preset", "--scale", "1e-30"] },
                 expect: { _ in ["scale 1e-30", "under one pixel", "raise the size or the scale"] }),
        BadInput("--scale beyond the device", { _ in ["--size", "512x384", "--effect", "checkerboard", "--preset", "--scale", "40"] },
                 expect: { _ in ["20480×15360 pixel texture", "1.2 GiB", "16384 pixels per side"] }),
        BadInput("--time NaN", { _ in [pattern] + gray + ["--time", "nan"] }, expect: { _ in ["--time \"nan\"", "finite"] }),
        BadInput("--time -inf", { _ in [pattern] + gray + ["--time", "-inf"] }, expect: { _ in ["--time \"-inf\"", "finite"] }),
        BadInput("--max-sample-offset NaN", { _ in [pattern, "--effect", "boxBlur", "--arg", "radius=2", "--max-sample-offset", "nan"] },
                 expect: { _ in ["--max-sample-offset \"nan\""] }),
        BadInput("--max-sample-offset negative", { _ in [pattern, "--effect", "boxBlur", "--arg", "radius=2", "--max-sample-offset", "1,-1"] },
                 expect: { _ in ["--max-sample-offset \"1,-1\""] }),
        BadInput("--max-sample-offset absurd", { _ in [pattern, "--effect", "boxBlur", "--arg", "radius=2", "--max-sample-offset", "1e30"] },
                 expect: { _ in ["pixel texture", "16384 pixels per side"] }),
    ]

    static let checker = ["--effect", "checkerboard", "--preset"]

    // MARK: --arg values

    static let arguments: [BadInput] = [
        BadInput("NaN float", { _ in [pattern, "--effect", "grayscale", "--arg", "amount=nan"] },
                 expect: { _ in ["grayscale", "'amount'", "\"nan\"", "finite"] }),
        BadInput("infinite float", { _ in [pattern, "--effect", "grayscale", "--arg", "amount=inf"] },
                 expect: { _ in ["'amount'", "\"inf\"", "finite"] }),
        BadInput("float overflowing to inf", { _ in [pattern, "--effect", "grayscale", "--arg", "amount=1e39"] },
                 expect: { _ in ["'amount'", "\"1e39\"", "finite"] }),
        BadInput("NaN in a vector", { _ in tint(center: "nan,1", tint: "#ff0000") }, expect: { _ in ["'center'", "\"nan,1\"", "finite"] }),
        BadInput("NaN in a color", { _ in tint(center: "1,1", tint: "nan,0,0,1") }, expect: { _ in ["'tint'", "\"nan,0,0,1\""] }),
        BadInput("empty value", { _ in [pattern, "--effect", "grayscale", "--arg", "amount="] }, expect: { _ in ["'amount'", "\"\""] }),
        BadInput("no NAME=", { _ in [pattern, "--effect", "grayscale", "--arg", "amount"] }, expect: { _ in ["--arg \"amount\"", "NAME=VALUE"] }),
        BadInput("no NAME", { _ in [pattern, "--effect", "grayscale", "--arg", "=1"] }, expect: { _ in ["--arg \"=1\"", "NAME=VALUE"] }),
        BadInput("binding of the wrong type", { _ in [pattern, "--effect", "grayscale", "--arg", "amount=$size"] },
                 expect: { _ in ["invalid value \"$size\" for parameter 'amount' (float)", "$size fills a vec2 parameter"] }),
        BadInput("unknown binding", { _ in [pattern, "--effect", "grayscale", "--arg", "amount=$speed"] },
                 expect: { _ in ["\"$speed\"", "unknown engine binding"] }),
        BadInput("fraction for an int", { [pattern, "--shaders", $0.path("probe.glsl"), "--effect", "counted", "--arg", "count=2.5"] },
                 expect: { _ in ["invalid value \"2.5\" for parameter 'count' (int)", "not a whole number"] }),
        BadInput("int out of range", { [pattern, "--shaders", $0.path("probe.glsl"), "--effect", "counted", "--arg", "count=1e10"] },
                 expect: { _ in ["invalid value \"1e10\" for parameter 'count' (int)", "outside the range"] }),
    ]

    static func tint(center: String, tint: String) -> [String] {
        [pattern, "--effect", "radialTint", "--arg", "center=" + center, "--arg", "radius=10", "--arg", "tint=" + tint]
    }

    // MARK: Shader sources

    static let shaders: [BadInput] = [
        BadInput("syntax error", { [pattern, "--shaders", $0.path("broken.glsl"), "--effect", "broken"] },
                 expect: { [$0.path("broken.glsl") + ":3:", "error:"] }),
        BadInput("binary file", { [pattern, "--shaders", $0.path("binary.glsl"), "--effect", "binary"] },
                 expect: { [$0.path("binary.glsl")] }),
        BadInput("empty file", { [pattern, "--shaders", $0.path("empty.glsl"), "--effect", "nothing"] },
                 expect: { _ in ["unknown effect 'nothing'"] }),
        BadInput("missing folder", { [pattern, "--shaders", $0.path("NoShaders"), "--effect", "grayscale"] },
                 expect: { [$0.path("NoShaders")] }),
    ]

    // MARK: Scene files

    static let scenes: [BadInput] = [
        BadInput("missing scene", { [$0.path("nowhere.json")] }, expect: { [$0.path("nowhere.json"), "no such file"] }),
        BadInput("folder as scene", { [$0.path("folder.json")] }, expect: { [$0.path("folder.json"), "it is a folder"] }),
        BadInput("named pipe as scene", { [$0.path("pipe.json")] }, expect: { [$0.path("pipe.json"), "not valid JSON"] }),
        BadInput("empty scene", { [$0.path("empty.json")] }, expect: { [$0.path("empty.json"), "not valid JSON"] }),
        BadInput("truncated JSON", { [$0.path("truncated.json")] }, expect: { [$0.path("truncated.json"), "not valid JSON"] }),
        BadInput("not JSON", { [$0.path("text.json")] }, expect: { [$0.path("text.json"), "not valid JSON", "line 1, column 1"] }),
        BadInput("missing comma", { [$0.path("comma.json")] }, expect: { [$0.path("comma.json"), "not valid JSON", "line 2, column 1"] }),
        BadInput("mistyped size", { [$0.path("mistyped.json")] }, expect: { [$0.path("mistyped.json"), "size: expected an array, got a string"] }),
        BadInput("10,000 nested stacks", { [$0.path("deep.json")] },
                 expect: { [$0.path("deep.json"), "root.zstack[0].zstack[0]", "nested more than 256"] }),
        BadInput("10,000 nested arrays", { [$0.path("deeparrays.json")] }, expect: { [$0.path("deeparrays.json"), "[0][0][0]", "nested more than 256"] }),
        BadInput("missing image", { [$0.path("missingimage.json")] },
                 expect: { [$0.path("missingimage.json"), "root.zstack[1].image", "nowhere.png", "no such file"] }),
        BadInput("corrupt image", { [$0.path("badimage.json")] }, expect: { [$0.path("badimage.json"), "root.image", "photo.png", "damaged JPEG"] }),
        BadInput("missing shader folder", { [$0.path("missingshaders.json")] }, expect: { [$0.path("missingshaders.json"), "shaders", "NoSuchFolder"] }),
        BadInput("unknown shader", { [$0.path("unknownshader.json")] },
                 expect: { [$0.path("unknownshader.json"), "root.modifiers[0].colorEffect", "'nope'"] }),
        BadInput("size beyond the device", { [$0.path("hugescene.json")] }, expect: { _ in ["pixel texture", "16384 pixels per side"] }),
        BadInput("shadow beyond the device", { [$0.path("hugeshadow.json")] }, expect: { _ in ["pixel texture", "16384 pixels per side"] }),
    ]

    // MARK: Output paths and device names

    static let outputs: [BadInput] = [
        BadInput("output under a regular file", { [pattern] + gray + ["-o", $0.path("notes.txt/out.png")] },
                 expect: { [$0.path("notes.txt/out.png"), $0.path("notes.txt") + " is a file, not a folder"] }),
        BadInput("output in /proc", { _ in [pattern] + gray + ["-o", "/proc/weft-test/out.png"] },
                 expect: { _ in ["/proc/weft-test/out.png", "cannot create the folder /proc/weft-test"] }),
        BadInput("output is a folder", { [pattern] + gray + ["-o", $0.path("folder.png")] }, expect: { [$0.path("folder.png"), "folder"] }),
        BadInput("output ends in /", { [pattern] + gray + ["-o", $0.path("new") + "/"] }, expect: { _ in ["--output", "is a folder"] }),
        BadInput("output empty", { _ in [pattern] + gray + ["-o", ""] }, expect: { _ in ["--output \"\"", "give the PNG file"] }),
        BadInput("empty device name", { _ in [pattern] + gray + ["--device", ""] }, expect: { _ in ["--device \"\"", "device name"] }),
        BadInput("unknown device", { _ in [pattern] + gray + ["--device", "no-such-gpu"] }, expect: { _ in ["no-such-gpu"] }),
    ]

    static let all = pngs + sizes + arguments + shaders + scenes + outputs
}

/// The fixtures of `BadInput`, written programmatically.
struct BadInputFiles: Sendable {
    let folder: String

    func path(_ name: String) -> String { folder + "/" + name }

    init() throws {
        folder = CLI.temporaryDirectory().path
        let manager = FileManager.default
        func write(_ bytes: [UInt8], _ name: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path(name))) }
        func write(_ text: String, _ name: String) throws { try write(Array(text.utf8), name) }

        var pixels = PixelBuffer.blank(width: 16, height: 16, format: .rgba8Unorm)
        for i in 0..<pixels.bytes.count { pixels.bytes[i] = 255 }
        let png = try PNGFile.encode(pixels)
        try write([], "empty.png")
        try write(Array(png.prefix(png.count / 2)), "truncated.png")
        try write([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9], "photo.png")
        try write(Self.withSize(png, width: 100_000, height: 100_000), "huge.png")
        var damaged = png
        let idat = Self.find("IDAT", in: png)
        damaged[idat + 9] ^= 0x40
        try write(damaged, "damaged.png")
        try manager.createDirectory(atPath: path("folder.png"), withIntermediateDirectories: true)
        try manager.createDirectory(atPath: path("folder.json"), withIntermediateDirectories: true)
        try write("notes", "notes.txt")
        for fifo in ["pipe.png", "pipe.json"] where mkfifo(path(fifo), 0o600) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path(fifo)])
        }

        try write("""
        [[ stitchable ]]
        vec4 broken(vec2 position, vec4 color) {
            return color * ;
        }
        """, "broken.glsl")
        try write([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0xff, 0xfe, 0x80, 0x81] + Array("[[ stitchable ]]".utf8) + [0, 0xc3], "binary.glsl")
        try write([], "empty.glsl")
        try write("""
        [[ stitchable ]]
        vec4 counted(vec2 position, vec4 color, int count) { return color * float(count); }
        [[ stitchable ]]
        vec4 textured(vec2 position, vec4 color, Image img) { return sampleImage(img, position); }
        """, "probe.glsl")

        let stock = CLI.packageRoot.appendingPathComponent("Shaders").path
        try write([], "empty.json")
        try write(##"{"size": [8, 8], "root": {"color": "#ff0000", "modifiers": [{"##, "truncated.json")
        try write("size 8x8, a red square", "text.json")
        try write("{\"size\": [8, 8]\n\"root\": {\"color\": \"#ff0000\"}}", "comma.json")
        try write(##"{"size": "8x8", "root": {"color": "#ff0000"}}"##, "mistyped.json")
        let depth = 10_000
        try write(#"{"size": [8, 8], "root": "# + String(repeating: #"{"zstack": ["#, count: depth) + ##"{"color": "#ff0000"}"##
                  + String(repeating: "]}", count: depth) + "}", "deep.json")
        try write(String(repeating: "[", count: depth) + String(repeating: "]", count: depth), "deeparrays.json")
        try write(##"{"size": [8, 8], "root": {"zstack": [{"color": "#ff0000"}, {"image": "nowhere.png"}]}}"##, "missingimage.json")
        try write(##"{"size": [8, 8], "root": {"image": "photo.png"}}"##, "badimage.json")
        try write(##"{"size": [8, 8], "shaders": ["NoSuchFolder"], "root": {"color": "#ff0000"}}"##, "missingshaders.json")
        try write(##"{"size": [8, 8], "shaders": ["\##(stock)"], "root": {"color": "#ff0000", "modifiers": [{"colorEffect": {"shader": "nope"}}]}}"##,
                  "unknownshader.json")
        try write(##"{"size": [1e30, 1e30], "root": {"color": "#ff0000"}}"##, "hugescene.json")
        try write(#"{"size": [8, 8], "root": {"circle": {}, "modifiers": [{"shadow": {"radius": 1e30}}]}}"#, "hugeshadow.json")
    }

    /// The offset of the first chunk of `type`.
    static func find(_ type: String, in png: [UInt8]) -> Int {
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(png[offset + 4..<offset + 8]) == Array(type.utf8) { return offset }
            offset += 12 + length
        }
        return offset
    }

    /// `png` with its IHDR claiming another size, the CRC made to match.
    static func withSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var bytes = png
        let ihdr = find("IHDR", in: png)
        for (i, v) in [width, height].enumerated() {
            for b in 0..<4 { bytes[ihdr + 8 + 4 * i + b] = UInt8(truncatingIfNeeded: v >> (24 - 8 * b)) }
        }
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes[ihdr + 4..<ihdr + 8 + 13] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xedb8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc = ~crc
        for b in 0..<4 { bytes[ihdr + 21 + b] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * b)) }
        return bytes
    }
}

/// Every malformed input gets exit 1 and a message that names it, on the CPU evaluator and on
/// lavapipe: never a trap, a backtrace or a signal, and nothing left at the output path.
@Suite struct InputErrorTests {
    @Test(arguments: BadInput.all, CLI.renderDevices)
    func malformedInputIsANamedError(_ input: BadInput, device: String) throws {
        let files = try BadInput.files.get()
        var arguments = input.arguments(files)
        if !arguments.contains("--device") { arguments += ["--device", device] }
        let output = files.path("out-\(UUID().uuidString).png")
        if !arguments.contains("-o") { arguments += ["-o", output] }
        let run = try CLI.weft(["render"] + arguments)
        #expect(run.status == 1 && !run.signaled, "\(run)")
        for text in input.expected(files) { #expect(run.stderr.contains(text), "missing \"\(text)\" in \(run)") }
        for text in ["Fatal error", "Backtrace", "backtrace", "USAGE"] { #expect(!run.stderr.contains(text), "\(run)") }
        #expect(!FileManager.default.fileExists(atPath: output))
        let left = try FileManager.default.contentsOfDirectory(atPath: files.folder).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }
}
