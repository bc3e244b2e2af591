import Foundation
import WeftImage
import WeftTestSupport

/// The built `weft`, run by the preview tests with validation on and a private SPIR-V cache.
enum Weft {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/weft").path
    static let swiftUIExamples = packageRoot.appendingPathComponent(".build/debug/weft-swiftui-examples").path
    static let pattern = packageRoot.appendingPathComponent("examples/images/test-pattern.png").path
    static let cache = temporaryFolder("weft-preview-cache")
    static var environment: [String: String] { ["WEFT_VALIDATION": "1", "XDG_CACHE_HOME": cache.path] }

    /// `weft render ARGUMENTS -o OUT` headless, and the pixels it wrote.
    static func render(_ arguments: [String]) throws -> PixelBuffer {
        let out = temporaryFolder("weft-preview-ref").appendingPathComponent("ref.png").path
        let run = try Tools.run(binary, ["render"] + arguments + ["-o", out], environment: environment)
        guard run.status == 0 else { throw Tools.Failure("weft render failed: \(run.stderr)") }
        return try PNGFile.load(path: out)
    }
}

/// `weft preview …` running on an X server, its output collected as it comes.
final class RunningPreview {
    let process = Process()
    private let stdout = Locked(Data())
    private let stderr = Locked(Data())

    /// `weft preview ARGUMENTS`, or another program that opens a preview window (`program`, given all its arguments).
    init(_ arguments: [String], on server: XServer, in directory: URL = Weft.packageRoot, program: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: program ?? Weft.binary)
        process.arguments = program == nil ? ["preview"] + arguments : arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(Weft.environment.merging(["DISPLAY": server.display]) { $1 }) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdout = self.stdout, stderr = self.stderr
        out.fileHandleForReading.readabilityHandler = { handle in stdout.value.append(handle.availableData) }
        err.fileHandleForReading.readabilityHandler = { handle in stderr.value.append(handle.availableData) }
        try process.run()
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    var output: String { String(decoding: stdout.value, as: UTF8.self) }
    var errors: String { String(decoding: stderr.value, as: UTF8.self) }

    /// Waits until standard output (or error) contains `text`.
    func waitFor(_ text: String, inErrors: Bool = false, timeout: Double = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !(inErrors ? errors : output).contains(text) {
            guard Date() < deadline, process.isRunning || (inErrors ? errors : output).contains(text) else {
                throw Tools.Failure("weft preview never printed '\(text)'\nstdout:\n\(output)\nstderr:\n\(errors)")
            }
            usleep(10_000)
        }
    }

    /// Waits for the process to end and returns its exit status (killing it after `timeout` seconds).
    func waitForExit(timeout: Double = 30) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The largest difference of any channel (RGB) between two images of one size, in 1/255 steps; nil when the sizes
/// differ.
func largestDifference(_ a: PixelBuffer, _ b: PixelBuffer, rows: Range<Int>? = nil) -> Int? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var largest = 0
    for y in (rows ?? 0..<a.height).clamped(to: 0..<a.height) {
        for x in 0..<a.width {
            let i = (y * a.width + x) * 4
            for c in 0..<3 { largest = max(largest, abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c]))) }
        }
    }
    return largest
}

/// Premultiplied pixels shown over black, as the window shows them.
func overBlack(_ pixels: PixelBuffer) -> PixelBuffer {
    var out = pixels
    for i in stride(from: 3, to: out.bytes.count, by: 4) { out.bytes[i] = 255 }
    return out
}
