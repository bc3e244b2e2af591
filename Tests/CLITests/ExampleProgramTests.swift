import Foundation
import Testing
import WeftImage

/// The example program (examples/swift, the README's Swift example as a third party writes it)
/// and the README's command line render the same tint, on the CPU evaluator and on lavapipe.
struct ExampleProgramTests {
    static let example = CLI.packageRoot.appendingPathComponent(".build/debug/weft-example").path
    static var devices: [String] { CLI.hasVulkan ? ["cpu", "llvmpipe"] : ["cpu"] }

    /// Runs the example program from the package root with `arguments`: its exit status and what it printed.
    static func runExample(_ arguments: [String]) throws -> (status: Int32, printed: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: example)
        process.arguments = arguments
        process.currentDirectoryURL = CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = CLI.cache.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed)
    }

    @Test(arguments: devices)
    func theExampleProgramAndTheReadmeCommandAgree(device: String) throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let fromSwift = out.appendingPathComponent("swift/tinted.png").path
        let (status, printed) = try Self.runExample(["--device", device, "Shaders", CLI.pattern, fromSwift])
        #expect(status == 0)
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

    /// The example program's SwiftUI part (examples/swift/SwiftUIExample.swift): a view with `@State` and a `Button`,
    /// tapped by a script at 0.5 s, rendered from its start to its end as PNG frames and an MP4. The square stands at
    /// the left, half way across at 1 s (the ease's middle), and at the right by the last frame.
    @Test(arguments: devices)
    func theExampleProgramRendersASwiftUIViewToFramesAndAVideo(device: String) throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, printed) = try Self.runExample(["--device", device, "--swiftui", out.path])
        #expect(status == 0, "\(printed)")
        #expect(printed.contains("45 frames"), "\(printed)")   // 0…1.5 s at 30 frames a second, the end's time excluded
        /// The first column of the orange square in the top row band.
        func squareLeft(_ frame: Int) throws -> Int? {
            let image = try PNGFile.load(path: out.appendingPathComponent(String(format: "mover-%02d.png", frame)).path)
            return (0..<image.width).first { x in
                let i = (10 * image.width + x) * 4
                return image.bytes[i] > 200 && image.bytes[i + 2] < 80
            }
        }
        #expect(try squareLeft(0) == 0)
        #expect(try squareLeft(30) == 90)
        #expect(try squareLeft(44).map { (178...180).contains($0) } == true, "1/30 s before the end, all but arrived")
        let video = out.appendingPathComponent("mover.mp4").path
        #expect((try? FileManager.default.attributesOfItem(atPath: video)[.size] as? Int).map { $0 > 1000 } == true, "\(printed)")
    }
}
