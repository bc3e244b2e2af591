import Foundation
import Testing
import WeftTestSupport

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let weftBinary = packageRoot.appendingPathComponent(".build/debug/weft").path

private struct Run {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the built `weft` in the package root with a private cache folder.
private func weft(_ arguments: [String], cache: URL) throws -> Run {
    guard FileManager.default.isExecutableFile(atPath: weftBinary) else {
        throw CLITestError(message: "\(weftBinary) is missing: run `swift build` first")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: weftBinary)
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache.path
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
               stderr: String(decoding: errData, as: UTF8.self))
}

private struct CLITestError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

private func temporaryDirectory() -> URL { temporaryFolder("weft-cli") }

/// The stock library and the kind each effect must be listed with.
private let stockEffects: [(String, String)] = [
    ("boxBlur", "layer"), ("brightness", "color"), ("checkerboard", "fill"), ("chromaticAberration", "layer"),
    ("colorInvert", "color"), ("colorMultiply", "color"), ("contrast", "color"), ("differenceBlend", "blend"),
    ("gaussianBlur", "layer"), ("grayscale", "color"), ("hueRotation", "color"), ("linearGradient", "fill"),
    ("luminanceToAlpha", "color"), ("pixellate", "layer"), ("posterize", "color"), ("radialTint", "color"),
    ("ripple", "distortion"), ("saturation", "color"), ("softLightBlend", "blend"), ("valueNoise", "fill"),
    ("vignette", "color"), ("wave", "distortion"),
]

@Test func checkListsEveryStockEffectWithItsKind() throws {
    let cache = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = try weft(["check", "Shaders"], cache: cache)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
    for (name, kind) in stockEffects {
        let row = rows.first { $0.first == name }
        #expect(row?.dropFirst().first == kind, "\(name) should be listed as \(kind)")
        #expect(row?.last == "compiled", "\(name) is compiled on a cold cache")
    }
    #expect(run.stdout.contains("\(stockEffects.count) functions in \(stockEffects.count) files: all compile"))

    // A second run answers from the disk cache; --no-cache compiles again.
    let warm = try weft(["check"], cache: cache)
    #expect(warm.status == 0)
    #expect(warm.stdout.components(separatedBy: "cached (disk)").count - 1 == stockEffects.count)
    let cold = try weft(["check", "--no-cache", "Shaders/ripple.glsl"], cache: cache)
    #expect(cold.status == 0)
    #expect(cold.stdout.contains("ripple") && cold.stdout.contains("compiled") && !cold.stdout.contains("cached"))
}

@Test func brokenShaderFailsWithTheAuthorsLocation() throws {
    let folder = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("good.glsl")
    try "[[ stitchable ]]\nvec4 good(vec2 p, vec4 color) { return color; }\n".write(to: good, atomically: true, encoding: .utf8)
    let broken = folder.appendingPathComponent("broken.glsl")
    try """
    // two mistakes
    [[ stitchable ]]
    vec4 broken(vec2 position, vec4 color, float amount) {
        float x = amount * nothing;
        return color * y;
    }
    """.write(to: broken, atomically: true, encoding: .utf8)
    let run = try weft(["check", folder.path], cache: folder)
    #expect(run.status == 1)
    #expect(run.stderr.contains("\(broken.path):4:24: error: 'nothing': undeclared identifier"), "\(run.stderr)")
    #expect(run.stderr.contains("\(broken.path):5:20: error: 'y': undeclared identifier"), "\(run.stderr)")
    #expect(!run.stderr.contains("weft-wrapper") && !run.stderr.contains("weft-prelude"))
    #expect(run.stdout.contains("good") && run.stdout.contains("FAILED"))
    #expect(run.stdout.contains("1 failed"))
}

@Test func signatureProblemsFailTheCheck() throws {
    let folder = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("ambiguous.glsl")
    try "\n[[ stitchable ]]\nvec4 tinted(vec2 p, vec4 tint) { return tint; }\n".write(to: file, atomically: true, encoding: .utf8)
    let run = try weft(["check", file.path], cache: folder)
    #expect(run.status == 1)
    #expect(run.stderr.contains("\(file.path):3:6: error: ambiguous signature for 'tinted'"), "\(run.stderr)")
}

@Test func helpAndUsageErrors() throws {
    let cache = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let help = try weft(["--help"], cache: cache)
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: weft COMMAND") && help.stdout.contains("check"))
    let checkHelp = try weft(["check", "--help"], cache: cache)
    #expect(checkHelp.status == 0)
    #expect(checkHelp.stdout.contains("USAGE: weft check") && checkHelp.stdout.contains("--no-cache"))

    for arguments in [["check", "--bogus"], ["frobnicate"], [], ["check", "--cache-dir"], ["check", "--no-cache=yes"]] {
        let run = try weft(arguments, cache: cache)
        #expect(run.status == 2, "\(arguments)")
        #expect(!run.stderr.isEmpty && run.stdout.isEmpty, "\(arguments)")
    }
    // A path that is not there is input that cannot be used (1), not a command line of the wrong shape (2).
    let missing = try weft(["check", "/no/such/folder"], cache: cache)
    #expect(missing.status == 1 && missing.stderr.contains("no such file or folder: /no/such/folder") && !missing.stderr.contains("USAGE"))
    let unknown = try weft(["check", "--bogus"], cache: cache)
    #expect(unknown.stderr.contains("unknown option '--bogus'"))
}

@Test func duplicateNamesAcrossFilesFailTheCheck() throws {
    let folder = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a", "b"] {
        try "[[ stitchable ]]\nvec4 twin(vec2 p) { return vec4(1.0); }\n"
            .write(to: folder.appendingPathComponent("\(name).glsl"), atomically: true, encoding: .utf8)
    }
    let run = try weft(["check", "--no-cache", folder.path], cache: folder)
    #expect(run.status == 1)
    let a = folder.appendingPathComponent("a.glsl").path, b = folder.appendingPathComponent("b.glsl").path
    #expect(run.stderr.contains("\(b):2:6: error: stitchable function 'twin' is already defined at \(a):2:6"), "\(run.stderr)")
    #expect(run.stdout.contains("glslang start-up (once per process)"))
}
