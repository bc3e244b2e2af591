import Foundation
import Weft
import WeftBench
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// What a `weft bench` command line asks for; usage errors are found here, before any work.
struct BenchPlan {
    enum Source {
        case stock
        case library(String)
        case scene(String)
        case chain(RenderRequest)
        /// `--suite fusion` (`BenchFusionSuite`).
        case fusionSuite
    }

    var source: Source
    var devices: [String?]
    var sizes: [ImageSize]
    var formats: [PixelFormat]
    var settings: BenchRunner.Settings
    /// The CPU evaluator's thread counts, ascending, 1 first (the scaling table's baseline).
    var threadCounts: [Int]
    /// `--confine DIR` for a scene.
    var confinement: SceneConfinement?
    var jsonPath: String?
    var baselinePath: String?
    var tolerance: Double
    /// Off with `--no-fuse`: scenes and chains run every effect as a pass of its own.
    var fusion: Bool
    /// `--scale S`: scenes render at their own scale times S.
    var sceneScale: Float

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let input = arguments.positionals
        guard input.count <= 1 else { throw UsageError(message: "one SCENE.json or INPUT.png at most, got \(input.joined(separator: " "))") }
        for name in ["frame-count", "runs"] where arguments.value(name) != nil {
            throw UsageError(message: "--\(name) applies to --planning, which plans a scene's frames without running them")
        }
        if let suite = arguments.value("suite") {
            guard suite == BenchFusionSuite.name else { throw .invalidValue("suite", suite, "the one suite is \(BenchFusionSuite.name)") }
            guard input.isEmpty, arguments.value("library") == nil else {
                throw UsageError(message: "--suite \(suite) measures its own chains and the example scenes; give no input or --library")
            }
        }
        switch (input.first, arguments.value("library")) {
        case (nil, nil) where arguments.value("suite") != nil: source = .fusionSuite
        case (nil, nil): source = .stock
        case (nil, let library?): source = .library(library)
        case (let path?, nil) where path.lowercased().hasSuffix(".json"): source = .scene(path)
        case (.some, nil): source = .chain(try RenderRequest(arguments, requireOutput: false))
        case (.some, .some): throw UsageError(message: "--library measures a folder of effects; give it or an input, not both")
        }
        if case .chain = source {} else if arguments.value("effect") != nil {
            throw UsageError(message: "--effect needs an INPUT.png to apply to")
        }

        devices = arguments.occurrences.filter { $0.name == "device" }.map(\.value)
        if devices.isEmpty { devices = [nil] }
        sizes = try arguments.occurrences.filter { $0.name == "size" }.map { occurrence throws(UsageError) in
            do { return try ImageSize(parsing: occurrence.value ?? "") } catch { throw UsageError(message: "--size: \(error)", isInvalidValue: true) }
        }
        if sizes.isEmpty { sizes = [ImageSize(width: 1920, height: 1080)] }
        formats = try arguments.occurrences.filter { $0.name == "format" }.map { occurrence throws(UsageError) in
            guard let format = PixelFormat(rawValue: occurrence.value ?? "") else {
                throw .invalidValue("format", occurrence.value ?? "", "expected rgba8 or rgba16f")
            }
            return format
        }
        if formats.isEmpty { formats = [.rgba8Unorm] }

        settings = BenchRunner.Settings()
        if let text = arguments.value("repetitions") {
            guard let n = Int(text), n >= 2 else { throw .invalidValue("repetitions", text, "expected a whole number ≥ 2") }
            settings.repetitions = n
        }
        if let text = arguments.value("warm-up") {
            guard let s = Double(text), s >= 0, s.isFinite else { throw .invalidValue("warm-up", text, "expected seconds ≥ 0") }
            settings.warmUp = s
        }
        if let text = arguments.value("max-seconds") {
            guard let s = Double(text), s > 0, s.isFinite else { throw UsageError(message: "--max-seconds \(text): expected seconds > 0") }
            settings.maxSeconds = s
        }
        settings.frame = try RenderRequest.frame(arguments.value("frame"))
        if let text = arguments.value("time") {
            guard let s = Double(text), s >= 0, s.isFinite else { throw .invalidValue("time", text, "expected seconds ≥ 0") }
            settings.sceneTime = s
        }
        settings.reduceMotion = arguments.has("reduce-motion")
        confinement = try RenderRequest.confinement(arguments)
        if confinement != nil {
            guard case .scene = source else { throw RenderRequest.confineWithoutScene }
        }
        fusion = !arguments.has("no-fuse")
        sceneScale = try RenderRequest.number("scale", arguments.value("scale"), positive: true) ?? 1
        threadCounts = Set([1] + (try Self.threadCounts(arguments.value("threads")))).sorted()
        jsonPath = arguments.value("json")
        baselinePath = arguments.value("baseline")
        tolerance = 0.10
        if let text = arguments.value("tolerance") {
            guard baselinePath != nil else { throw UsageError(message: "--tolerance needs --baseline") }
            guard let t = parseTolerance(text) else { throw .invalidValue("tolerance", text, "expected a percentage such as 10%") }
            tolerance = t
        }
    }

    /// `--threads N` or `N,N,…`: each a whole number in 1…`DeviceChoice.maxCPUThreads`; default every core.
    static func threadCounts(_ text: String?) throws(UsageError) -> [Int] {
        guard let text else { return [ProcessInfo.processInfo.activeProcessorCount] }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { part throws(UsageError) in
            try RenderRequest.threadCount(part.trimmingCharacters(in: .whitespaces))
        }
    }

    /// What to measure.
    func workloads() throws -> [BenchWorkload] {
        switch source {
        case .stock:
            guard let folder = RenderCommand.defaultShaderFolders().first else { throw EffectSetupError.noStockShaders }
            return try libraryWorkloads(folder) + RenderCommand.exampleFolder(besideStock: folder).scenes.map {
                .scene($0, settings: settings, fusion: fusion, scale: sceneScale)
            }
        case .library(let folder):
            return try libraryWorkloads(folder)
        case .scene(let path):
            return [.scene(path, settings: settings, fusion: fusion, scale: sceneScale, confinement: confinement)]
        case .chain(let request):
            let name = "chain:" + request.effects.map(\.name).joined(separator: "+") + (request.options.fusion ? "" : " (unfused)")
            return [.chain(name) { try RenderCommand.prepare(request) }]
        case .fusionSuite:
            guard let folder = RenderCommand.defaultShaderFolders().first else { throw EffectSetupError.noStockShaders }
            return try BenchFusionSuite.workloads(stock: folder, scenes: RenderCommand.exampleFolder(besideStock: folder).scenes, sizes: sizes,
                                                  formats: formats, settings: settings)
        }
    }

    private func libraryWorkloads(_ folder: String) throws -> [BenchWorkload] {
        let catalog = try EffectCatalog(paths: [folder])
        var workloads: [BenchWorkload] = [.subject(.copyCeiling())]
        for name in catalog.effectNames {
            let (shader, _) = try catalog.shader(named: name, arguments: [], usePreset: true)
            workloads.append(.subject(.effect(shader, frame: settings.frame ?? 0, reduceMotion: settings.reduceMotion)))
        }
        return workloads
    }

    /// One runner per device; the CPU evaluator one per thread count.
    func runners(notice: (String) -> Void) throws -> [BenchRunner] {
        var names: [String?] = []
        for device in devices {
            if device?.lowercased() == "all" {
                let survey = DeviceChoice.automatic.survey(basis: DeviceChoice.basis(flag: nil))
                if let reason = survey.vulkanUnavailable { notice("weft bench: no Vulkan devices (\(reason)); --device all runs the CPU evaluator only") }
                names += survey.deviceNames.map { Optional($0) } + [DeviceChoice.cpuName]
            } else {
                names.append(device)
            }
        }
        var runners: [BenchRunner] = []
        for name in names {
            let choice = DeviceChoice(flag: name)
            if choice == .cpu {
                runners += try cpuRunners()
                continue
            }
            let (executor, fallbackNotice) = try choice.makeExecutor(validation: false)
            if let fallbackNotice { notice(fallbackNotice) }
            if executor.capabilities.hostThreads != nil {
                runners += try cpuRunners()
            } else {
                runners.append(BenchRunner(executor: executor, deviceLabel: executor.device.name, settings: settings))
            }
        }
        return runners
    }

    private func cpuRunners() throws -> [BenchRunner] {
        return try threadCounts.map { n in
            let executor = try DeviceChoice.cpu.makeExecutor(cpuThreads: n, cpuChecks: false).executor
            return BenchRunner(executor: executor, deviceLabel: executor.device.name, threads: n, settings: settings)
        }
    }

    /// The machine the absolute times hold for: host name, CPU model and core count.
    static var hostDescription: String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(ProcessInfo.processInfo.hostName), \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }
}
