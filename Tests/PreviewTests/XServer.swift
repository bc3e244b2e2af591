import Foundation
import Synchronization
import WeftImage
import WeftTestSupport

/// A private Xvfb server for the preview tests, and what they ask of the X server: window ids (xdotool), key presses,
/// resizes and screenshots of a window's pixels as the server holds them (xwd).
final class XServer: Sendable {
    let display: String
    private let process: Process

    /// nil where the tests cannot run here, with the reason: no Xvfb, xwd or xdotool, or no Vulkan device.
    static let unavailableReason: String? = {
        for tool in ["Xvfb", "xwd", "xdotool"] where Tools.path(of: tool) == nil {
            return "\(tool) is not installed (apt install xvfb x11-apps xdotool; make test installs them)"
        }
        return VulkanAvailability.unavailableReason
    }()

    /// Display numbers handed out in this process, so suites that run at the same time never share one.
    private static let nextNumber = Mutex(90 + Int(getpid() % 200))

    /// Starts Xvfb on a free display with one 1280×1024 screen of `depth` bits per pixel and waits until it serves it
    /// (its lock file names it, its socket exists); a display another process took first is skipped.
    init(depth: Int = 24) throws {
        for _ in 0..<20 {
            let number = Self.nextNumber.withLock { next in
                while FileManager.default.fileExists(atPath: "/tmp/.X\(next)-lock") { next += 1 }
                defer { next += 1 }
                return next
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Tools.path(of: "Xvfb")!)
            process.arguments = [":\(number)", "-screen", "0", "1280x1024x\(depth)", "-nolisten", "tcp", "-noreset"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline {
                let owner = (try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                if owner == "\(process.processIdentifier)" && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                    self.display = ":\(number)"
                    self.process = process
                    return
                }
                usleep(20_000)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        throw Tools.Failure("Xvfb did not start on any display")
    }

    /// SIGKILL: processes started from the test runner's threads inherit its blocked signals, SIGTERM among them.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The id of the one window whose title contains `title`, waiting up to `timeout` seconds for it.
    func window(titled title: String, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let run = try Tools.run("xdotool", ["search", "--name", title], environment: ["DISPLAY": display])
            if let id = run.stdout.split(separator: "\n").first { return String(id) }
            guard Date() < deadline else { throw Tools.Failure("no window titled '\(title)' on \(display)") }
            usleep(50_000)
        }
    }

    func press(_ key: String, window: String) throws {
        _ = try Tools.run("xdotool", ["key", "--window", window, key], environment: ["DISPLAY": display])
    }

    /// A click of the left button at `x`, `y` (pixels from the window's top left).
    func click(x: Int, y: Int, window: String) throws {
        _ = try Tools.run("xdotool", ["mousemove", "--window", window, "\(x)", "\(y)", "click", "1"], environment: ["DISPLAY": display])
    }

    func resize(_ window: String, width: Int, height: Int) throws {
        _ = try Tools.run("xdotool", ["windowsize", "--sync", window, "\(width)", "\(height)"], environment: ["DISPLAY": display])
    }

    /// The window's pixels as the X server holds them (opaque RGBA8).
    func screenshot(_ window: String) throws -> PixelBuffer {
        let run = try Tools.run("xwd", ["-silent", "-id", window], environment: ["DISPLAY": display], binaryOutput: true)
        return try XWD.decode(run.data)
    }
}

/// X Window Dump files (`xwd`): a big-endian header, a color map, then the pixels. Only the TrueColor ZPixmap dumps
/// of 24- and 32-bit screens that xwd writes for Xvfb are read.
enum XWD {
    static func decode(_ data: Data) throws -> PixelBuffer {
        let bytes = [UInt8](data)
        func field(_ i: Int) -> Int {
            Int(bytes[4 * i]) << 24 | Int(bytes[4 * i + 1]) << 16 | Int(bytes[4 * i + 2]) << 8 | Int(bytes[4 * i + 3])
        }
        guard bytes.count >= 100 else { throw Tools.Failure("xwd: \(bytes.count) bytes is no dump") }
        let headerSize = field(0), format = field(2), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12)
        let masks = (field(14), field(15), field(16)), colors = field(19)
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24 else {
            throw Tools.Failure("xwd: format \(format) with \(bitsPerPixel) bits per pixel is not read here")
        }
        let start = headerSize + colors * 12
        guard bytes.count >= start + bytesPerLine * height else { throw Tools.Failure("xwd: truncated") }
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        var out = PixelBuffer.blank(width: width, height: height, format: .rgba8Unorm)
        let step = bitsPerPixel / 8
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * step
                var v = 0
                for k in 0..<step { v |= Int(bytes[o + k]) << (byteOrder == 0 ? 8 * k : 8 * (step - 1 - k)) }
                let i = (y * width + x) * 4
                out.bytes[i] = UInt8((v & masks.0) >> shift(masks.0))
                out.bytes[i + 1] = UInt8((v & masks.1) >> shift(masks.1))
                out.bytes[i + 2] = UInt8((v & masks.2) >> shift(masks.2))
                out.bytes[i + 3] = 255
            }
        }
        return out
    }
}

/// Programs the tests run.
enum Tools {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    struct Run {
        let status: Int32
        let data: Data
        let stderr: String
        var stdout: String { String(decoding: data, as: UTF8.self) }
    }

    static func path(of tool: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` to its end.
    static func run(_ tool: String, _ arguments: [String], environment extra: [String: String] = [:],
                    binaryOutput: Bool = false) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : (path(of: tool) ?? tool))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = Locked(Data())
        let reader = Thread { errData.value = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while reader.isExecuting || !reader.isFinished { usleep(1000) }
        return Run(status: process.terminationStatus, data: data, stderr: String(decoding: errData.value, as: UTF8.self))
    }
}

/// A value shared with a reading thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
