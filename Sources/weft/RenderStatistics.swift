import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft render --stats`' cache and barrier figures: SPIR-V cache lookups and the executor's pipelines (Vulkan) or translated
/// programs (the CPU evaluator) made during one render.
enum RenderStatistics {
    struct Snapshot {
        var spirv: SPIRVCache.Statistics
        var resources: ExecutorResourceCounts

        init(executor: any Executor) {
            spirv = SPIRVCache.shared.statistics
            resources = executor.resourceCounts
        }

        /// Pipelines (or CPU programs) the executor has made so far.
        var programsMade: Int { resources.created["pipelines created"] ?? resources.live["programs"] ?? 0 }
    }

    static func caches(from before: Snapshot, to after: Snapshot) -> String {
        let memory = after.spirv.memoryHits - before.spirv.memoryHits
        let disk = after.spirv.diskHits - before.spirv.diskHits
        let misses = after.spirv.misses - before.spirv.misses
        let made = after.programsMade - before.programsMade
        return "SPIR-V cache: \(memory + disk) hits (\(memory) memory, \(disk) disk), \(misses) misses (compiled); "
            + "\(made) pipelines or programs made by the executor"
    }

    /// A device that rendered and what chose it: `--devices` (and, for its `all`, the scheduler's variable), or
    /// `--device`, `WEFT_DEVICE`, the scheduler's variable or the automatic rule (`DeviceChoice.basis(flag:)`).
    static func device(_ executor: any Executor, flag: String?, list: DeviceList? = nil) -> String {
        device(executor.device, flag: flag, list: list)
    }

    static func device(_ device: DeviceDescription, flag: String?, list: DeviceList? = nil) -> String {
        let basis = if let list {
            "--devices \(list)" + (list.entries.contains(.allGPUs) ? " (all: \(DeviceChoice.basis(flag: nil)))" : "")
        } else {
            DeviceChoice.basis(flag: flag)
        }
        return "device: \(device.name) (\(device.kind.rawValue)), chosen by \(basis)"
    }

    /// The pipeline barriers the executor recorded for the render, or `-` where it records none (the CPU evaluator).
    static func barriers(_ counts: BarrierCounts?) -> String {
        guard let counts else { return "barriers: - (the executor records none)" }
        return "barriers: \(counts.barriers) in \(counts.batches) batch\(counts.batches == 1 ? "" : "es")"
    }
}
