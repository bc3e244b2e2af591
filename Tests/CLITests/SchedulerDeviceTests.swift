import Foundation
import Testing

/// `--device uuid:…` / `index:N` and the scheduler's `CUDA_VISIBLE_DEVICES` / `NVIDIA_VISIBLE_DEVICES` through the
/// command line: what `weft devices` and `--stats` say chose the device, and the errors a bad value gets. The choice
/// itself, on made-up eight-GPU nodes, is in WeftVulkanTests' ScheduledDeviceTests.
@Suite
struct SchedulerDeviceTests {
    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    var gray: [String] { ["render", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1"] }

    @Test(.enabled(if: CLI.hasVulkan, "no Vulkan device (weft devices lists none)"))
    func devicesAndStatsSayWhichVariableChose() throws {
        let hidden = try CLI.weft(["devices"], environment: ["CUDA_VISIBLE_DEVICES": "none", "NVIDIA_VISIBLE_DEVICES": "0"])
        #expect(hidden.status == 0, "\(hidden)")
        #expect(hidden.stdout.contains("UUID:") && hidden.stdout.contains("PCI bus:"))
        #expect(hidden.stdout.contains("chosen by CUDA_VISIBLE_DEVICES=none"), "CUDA_VISIBLE_DEVICES wins: \(hidden)")
        let nvidia = try CLI.weft(["devices"], environment: ["NVIDIA_VISIBLE_DEVICES": "none"])
        #expect(nvidia.stdout.contains("chosen by NVIDIA_VISIBLE_DEVICES=none"), "\(nvidia)")
        let automatic = try CLI.weft(["devices"], environment: ["NVIDIA_VISIBLE_DEVICES": "void"])
        #expect(automatic.stdout.contains("chosen by automatic choice"), "\(automatic)")
        let flag = try CLI.weft(["devices", "--device", "llvmpipe"], environment: ["CUDA_VISIBLE_DEVICES": "7"])
        #expect(flag.stdout.contains("chosen by --device llvmpipe"), "--device outranks the variable: \(flag)")

        let stats = try CLI.weft(gray + ["--stats", "-o", path("stats.png")], environment: ["CUDA_VISIBLE_DEVICES": "none"])
        #expect(stats.status == 0, "\(stats)")
        #expect(stats.stdout.contains("), chosen by CUDA_VISIBLE_DEVICES=none"), "\(stats)")
        let sequence = try CLI.weft(gray + ["--frames", "0..1", "--stats", "-o", path("seq%02d.png")], environment: ["WEFT_DEVICE": "llvmpipe"])
        #expect(sequence.stdout.contains("chosen by WEFT_DEVICE=llvmpipe"), "\(sequence)")
    }

    @Test(.enabled(if: CLI.hasVulkan, "no Vulkan device (weft devices lists none)"))
    func aGPUTheVariableNamesThatIsNotThereIsAnError() throws {
        let uuid = "GPU-ffffffff-ffff-ffff-ffff-ffffffffffff"
        for variable in ["CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES"] {
            let run = try CLI.weft(gray + ["-o", path("missing.png")], environment: [variable: uuid])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("\(variable)=\(uuid): \(uuid) names no NVIDIA GPU"), "\(run)")
            #expect(!FileManager.default.fileExists(atPath: path("missing.png")), "no fall back to another device")
        }
        let mig = try CLI.weft(gray + ["-o", path("mig.png")], environment: ["CUDA_VISIBLE_DEVICES": "MIG-4f1a"])
        #expect(mig.status == 1 && mig.stderr.contains("MIG instance"), "\(mig)")
        let devices = try CLI.weft(["devices"], environment: ["CUDA_VISIBLE_DEVICES": uuid])
        #expect(devices.status == 0 && devices.stdout.contains("weft would use: nothing"), "\(devices)")
    }

    @Test func malformedUUIDsAndIndicesAreRefusedBeforeRendering() throws {
        for bad in ["uuid:", "uuid:GPU-xyz", "index:", "index:-2", "index:first"] {
            let run = try CLI.weft(gray + ["--device", bad, "-o", path("bad.png")])
            #expect(run.status == 1, "\(bad): \(run)")
            #expect(run.stderr.contains("--device") && run.stderr.contains(bad), "\(run)")
        }
    }

    @Test(.enabled(if: CLI.hasVulkan, "no Vulkan device (weft devices lists none)"))
    func uuidFromWeftDevicesPicksThatDevice() throws {
        let listing = try CLI.weft(["devices"])
        let line = try #require(listing.stdout.split(separator: "\n").first { $0.contains("UUID:") })
        let uuid = String(try #require(line.split(separator: " ").last))
        let run = try CLI.weft(gray + ["--device", "uuid:" + uuid, "--stats", "-o", path("uuid.png")])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("chosen by --device uuid:\(uuid)"), "\(run)")
        let wrong = try CLI.weft(gray + ["--device", "uuid:GPU-ffffffff", "-o", path("none.png")])
        #expect(wrong.status == 1 && wrong.stderr.contains("UUID is"), "\(wrong)")
    }
}
