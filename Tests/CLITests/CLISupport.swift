import Foundation
import WeftImage
import WeftTestSupport

/// Runs the built `.build/debug/weft` as a subprocess, for the render, gallery and devices tests.
enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/weft").path
    static let pattern = packageRoot.appendingPathComponent("examples/images/test-pattern.png").path

    struct Run: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Whether a signal ended the process (then `status` is the signal's number).
        var signaled = false
        /// Whether the guard of `guardedWeft` had to kill the process: it hung.
        var killed = false
        var description: String { "\(signaled ? "signal" : "exit") \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// A private SPIR-V cache for the whole test run, so tests do not touch the user's.
    static let cache: URL = temporaryDirectory()

    /// Runs `weft ARGUMENTS` in `directory` (default: the package root) with `environment` added.
    static func weft(_ arguments: [String], in directory: URL = packageRoot, environment extra: [String: String] = [:]) throws -> Run {
        try run(arguments, in: directory, environment: extra.mapValues { Optional($0) }, device: defaultDevice)
    }

    /// Runs `weft ARGUMENTS` with `environment` applied on top of this process's (a nil value removes the variable) and
    /// `WEFT_DEVICE` unset; after `limit` seconds the process is killed and the run reports `killed`.
    static func guardedWeft(_ arguments: [String], environment: [String: String?], killAfter limit: Double) throws -> Run {
        try run(arguments, in: packageRoot, environment: environment, device: nil, killAfter: limit)
    }

    /// `WEFT_DEVICE` for every command: unset (the automatic choice) where Vulkan exists, `cpu` where it does not, so
    /// suites written against the default device run on every machine. A test that names `--device` or sets
    /// `WEFT_DEVICE` itself decides for itself.
    static let defaultDevice: String? = hasVulkan ? nil : "cpu"

    private static func run(_ arguments: [String], in directory: URL, environment extra: [String: String?],
                            device: String?, killAfter limit: Double? = nil) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw Failure(message: "\(binary) is missing: run `swift build` first")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["WEFT_DEVICE"] = device
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let killed = LockedFlag()
        if let limit {
            DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
                if process.isRunning {
                    killed.set()
                    process.terminate()
                }
            }
        }
        let (stdout, stderr) = outputs(of: process, out, err)
        return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr,
                   signaled: process.terminationReason == .uncaughtSignal, killed: killed.isSet)
    }

    /// What a started `process` writes to `out` and `err`, read concurrently so a full stderr pipe cannot block the
    /// child, once it has exited.
    static func outputs(of process: Process, _ out: Pipe, _ err: Pipe) -> (stdout: String, stderr: String) {
        let errData = LockedData()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData.get(), as: UTF8.self))
    }

    static func temporaryDirectory() -> URL { temporaryFolder("weft-cli") }

    /// Whether a Vulkan device is there to render on (what `weft devices` would use).
    static let hasVulkan: Bool = {
        guard let run = try? run(["devices"], in: packageRoot, environment: [:], device: nil) else { return false }
        return run.status == 0 && run.stdout.contains("* ")
    }()

    /// The `--device` values render tests run on: the CPU evaluator, and lavapipe when there is Vulkan.
    static let renderDevices: [String] = hasVulkan ? ["cpu", "llvmpipe"] : ["cpu"]

    /// The stock effects, as `weft check Shaders` lists them: name → kind.
    static func stockEffects() throws -> [String: String] {
        let run = try weft(["check", "Shaders"])
        guard run.status == 0 else { throw Failure(message: "weft check failed: \(run)") }
        var effects: [String: String] = [:]
        for line in run.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard cells.count >= 2, ["color", "layer", "distortion", "fill", "blend"].contains(cells[1]) else { continue }
            effects[cells[0]] = cells[1]
        }
        return effects
    }

    /// A loaded PNG pixel (premultiplied, sRGB-encoded) in 0…255.
    static func pixel(_ image: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<Float> {
        image[x, y] * 255
    }
}

/// Data handed from the stderr reader thread.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}

/// A flag set from the guard's timer.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
