import Foundation
import Testing
import WeftImage

/// `weft render … --frames A..B --devices LIST`: lavapipe and the CPU evaluator render one sequence between them, and
/// every frame file (or frame of a stream) is byte for byte what the device that rendered it writes alone — the two
/// executors may differ from each other by 1/255 in a pixel, so each frame is held to its own device's render.
@Suite(.enabled(if: CLI.hasVulkan, "needs lavapipe beside the CPU evaluator"))
struct MultiDeviceSequenceTests {
    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static let scene = ["render", "examples/phase-pulse.json", "--scale", "0.5", "--frames", "0..15"]

    /// The device named on each frame's line of a multi-device run (`PATH: WxH, t=T s, MS, DEVICE`), by frame number
    /// (T times the 30 frames a second).
    static func devices(_ run: CLI.Run) -> [Int: String] {
        var devices: [Int: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let fields = line.components(separatedBy: ", ")
            guard fields.count >= 4, let t = fields.first(where: { $0.hasPrefix("t=") }), let seconds = Double(t.dropFirst(2).dropLast(2)) else { continue }
            devices[Int((seconds * 30).rounded())] = fields[fields.count - 1]
        }
        return devices
    }

    @Test func filesAreThoseOfTheDeviceThatRenderedEach() throws {
        let lavapipe = try CLI.weft(Self.scene + ["--device", "llvmpipe", "-o", path("lavapipe/f%02d.png")])
        let cpu = try CLI.weft(Self.scene + ["--device", "cpu", "-o", path("cpu/f%02d.png")])
        let both = try CLI.weft(Self.scene + ["--devices", "all,cpu", "-o", path("both/f%02d.png")])
        for run in [lavapipe, cpu, both] { #expect(run.status == 0, "\(run)") }
        let devices = Self.devices(both)
        #expect(devices.count == 16, "\(both)")
        #expect(Set(devices.values).count == 2, "both devices rendered frames: \(devices)")
        #expect(both.stdout.contains("16 of 16 frames rendered") && both.stdout.contains("2 devices: llvmpipe"), "\(both)")
        for n in 0...15 {
            let name = String(format: "f%02d.png", n)
            let own = devices[n]?.contains("CPU evaluator") == true ? "cpu" : "lavapipe"
            let expected = try Data(contentsOf: URL(fileURLWithPath: path("\(own)/\(name)")))
            let written = try Data(contentsOf: URL(fileURLWithPath: path("both/\(name)")))
            #expect(written == expected, "frame \(n), rendered on \(devices[n] ?? "?")")
        }
    }

    @Test func aStreamKeepsFrameOrder() throws {
        let lavapipe = try CLI.weft(Self.scene + ["--device", "llvmpipe", "-o", path("lavapipe.rgba")])
        let cpu = try CLI.weft(Self.scene + ["--device", "cpu", "-o", path("cpu.rgba")])
        let both = try CLI.weft(Self.scene + ["--devices", "cpu,llvmpipe", "-o", path("both.rgba")])
        for run in [lavapipe, cpu, both] { #expect(run.status == 0, "\(run)") }
        let streams = try ["lavapipe", "cpu", "both"].map { try Data(contentsOf: URL(fileURLWithPath: path("\($0).rgba"))) }
        let frameBytes = streams[0].count / 16
        #expect(frameBytes > 0 && streams.allSatisfy { $0.count == 16 * frameBytes }, "\(streams.map(\.count))")
        #expect(Self.devices(both).count == 16, "\(both)")
        let devices = Self.devices(both)
        for n in 0...15 {
            let own = devices[n]?.contains("CPU evaluator") == true ? streams[1] : streams[0]
            let range = (n * frameBytes)..<((n + 1) * frameBytes)
            #expect(streams[2][range] == own[range], "frame \(n), rendered on \(devices[n] ?? "?")")
        }
        #expect(streams[0][0..<frameBytes] != streams[0][(15 * frameBytes)...], "the frames animate")
    }

    @Test func badListsAreRefused() throws {
        let single = try CLI.weft(["render", "examples/phase-pulse.json", "--devices", "all", "-o", path("x.png")])
        #expect(single.status == 2 && single.stderr.contains("--frames"), "\(single)")
        let both = try CLI.weft(Self.scene + ["--device", "cpu", "--devices", "all", "-o", path("y%02d.png")])
        #expect(both.status == 2 && both.stderr.contains("conflict"), "\(both)")
        for (list, problem) in [("all,,cpu", "empty"), ("cpu,CPU", "named twice"), ("index:x", "index:N"),
                                ("llvmpipe,all", "named twice"), ("no-such-gpu", "no-such-gpu")] {
            let run = try CLI.weft(Self.scene + ["--devices", list, "-o", path("z%02d.png")])
            #expect(run.status == 1 && run.stderr.contains(problem), "\(list): \(run)")
        }
    }
}
