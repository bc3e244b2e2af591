import Foundation
import Testing
import WeftImage

/// The example program (examples/swift, the README's Swift example as a third party writes it)
/// and the README's command line render the same tint, on the CPU evaluator and on lavapipe.
struct ExampleProgramTests {
    static let example = CLI.packageRoot.appendingPathComponent(".build/debug/weft-example").path
    static var devices: [String] { CLI.hasVulkan ? ["cpu", "llvmpipe"] : ["cpu"] }

    @Test(arguments: devices)
    func theExampleProgramAndTheReadmeCommandAgree(device: String) throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let fromSwift = out.appendingPathComponent("swift/tinted.png").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.example)
        process.arguments = ["--device", device, "Shaders", CLI.pattern, fromSwift]
        process.currentDirectoryURL = CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = CLI.cache.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.hasPrefix("\(fromSwift): 512x384"), "\(printed)")

        // The README's command, word for word apart from the output path and the device.
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "--effect radialTint --arg center=200,160 --arg radius=220 --arg tint=orange"
        #expect(readme.contains(command))
        let fromCLI = out.appendingPathComponent("cli.png").path
        let run = try CLI.weft(["render", "examples/images/test-pattern.png"] + command.split(separator: " ").map(String.init)
                               + ["--device", device, "-o", fromCLI])
        #expect(run.status == 0, "\(run)")

        let a = try PNGFile.load(path: fromSwift), b = try PNGFile.load(path: fromCLI)
        #expect(a == b, "the Swift example and the command line differ")
        #expect(a != (try PNGFile.load(path: CLI.pattern)), "the tint changed the pattern")
    }
}
