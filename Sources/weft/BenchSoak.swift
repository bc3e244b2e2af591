import Foundation
import Weft
import WeftBench
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft bench --soak`: many renders of changing sizes and effects through one `RenderContext`
/// per device, sampling resident memory, the executor's pools and its live Vulkan objects;
/// exit status 1 when anything grows after the warm-up.
struct BenchSoak {
    static let sides = [32, 48, 64, 96, 128, 160, 192, 256]

    var renders = 10_000
    var sampleEvery = 500
    var warmUpRenders = 2_000
    var devices: [String?]
    var jsonPath: String?
    /// `--size WxH`, repeatable: the render sizes, in turn; by default widths and heights step through `sides`.
    var sizes: [Size]
    /// `--effect NAME`, repeatable: only these stock effects; by default all of them.
    var effectNames: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        renders = try arguments.wholeNumber("renders", minimum: 1) ?? renders
        sampleEvery = try arguments.wholeNumber("sample-every", minimum: 1) ?? sampleEvery
        warmUpRenders = try arguments.wholeNumber("warm-up-renders", minimum: 0) ?? min(warmUpRenders, renders / 5)
        guard warmUpRenders < renders else {
            throw UsageError(message: "--warm-up-renders \(warmUpRenders) leaves nothing to watch of --renders \(renders)")
        }
        devices = arguments.occurrences.filter { $0.name == "device" }.map(\.value)
        if devices.isEmpty { devices = [nil, DeviceChoice.cpuName] }
        jsonPath = arguments.value("json")
        sizes = []
        for text in arguments.occurrences.filter({ $0.name == "size" }).compactMap(\.value) {
            do {
                let size = try ImageSize(parsing: text)
                sizes.append(Size(width: Float(size.width), height: Float(size.height)))
            } catch { throw UsageError(message: "--size: \(error)", isInvalidValue: true) }
        }
        if sizes.isEmpty {
            sizes = Self.sides.flatMap { height in Self.sides.map { width in Size(width: Float(width), height: Float(height)) } }
        }
        effectNames = arguments.occurrences.filter { $0.name == "effect" }.compactMap(\.value)
        for name in ["format", "repetitions", "warm-up", "baseline", "tolerance", "library"] where arguments.value(name) != nil {
            throw UsageError(message: "--\(name) does not apply to --soak")
        }
        if !arguments.positionals.isEmpty { throw UsageError(message: "--soak takes no SCENE.json or INPUT.png") }
    }

    /// The stock effects over a small translucent gradient, as the gallery draws them over the
    /// test pattern.
    static func effects() throws -> [(name: String, view: ViewNode, options: RenderOptions)] {
        guard let stock = RenderCommand.defaultShaderFolders().first else { throw EffectSetupError.noStockShaders }
        let gallery = Gallery(pattern: pattern(width: 96, height: 72), catalog: try EffectCatalog(paths: [stock]), scenes: [])
        return try gallery.items().map { item in
            let (view, _, options) = try item.make()
            return (item.name, view, options)
        }
    }

    static func pattern(width: Int, height: Int) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = 128 + 127 * x / max(1, width - 1)
                let i = (y * width + x) * 4
                bytes[i] = UInt8(255 * x / max(1, width - 1) * alpha / 255)
                bytes[i + 1] = UInt8(255 * y / max(1, height - 1) * alpha / 255)
                bytes[i + 2] = UInt8(((x / 8 + y / 8) % 2 == 0 ? 200 : 40) * alpha / 255)
                bytes[i + 3] = UInt8(alpha)
            }
        }
        return PixelBuffer.wrapping(width: width, height: height, format: .rgba8Unorm, bytes: bytes)
    }

    func run(output: inout Output) -> Int32 {
        let effects: [(name: String, view: ViewNode, options: RenderOptions)]
        do {
            effects = try Self.effects().filter { effectNames.isEmpty || effectNames.contains($0.name) }
            for name in effectNames where !effects.contains(where: { $0.name == name }) {
                throw UsageError(message: "--effect \(name): no such stock effect", isInvalidValue: true)
            }
        } catch {
            output.printError("weft bench: \(error)")
            return 1
        }
        var curves: [SoakReport.Curve] = []
        var failures: [String] = []
        for device in devices {
            let executor: any Executor
            do {
                let (made, notice) = try DeviceChoice(flag: device).makeExecutor()
                if let notice { output.printError(notice) }
                executor = made
            } catch {
                output.printError("weft bench: \(error)")
                failures.append(device ?? "automatic")
                continue
            }
            output.printError("soak: \(renders) renders on \(executor.device.name), sampling every \(sampleEvery)")
            do {
                let run = SoakRun(renders: renders, sampleEvery: sampleEvery, warmUpRenders: warmUpRenders, sizes: sizes,
                                  items: effects.map { SoakRun.Item(name: $0.name, view: $0.view, options: $0.options) })
                let (curve, validationMessages) = try run.run(on: executor)
                curves.append(curve)
                output.print("\(curve.device): \(renders) renders in " + String(format: "%.1f s", curve.seconds))
                output.print(SoakReport.table(curve))
                let grown = curve.growth
                output.print(grown.isEmpty ? "no growth after \(curve.warmUpRenders) warm-up renders\n"
                                           : "GROWTH after \(curve.warmUpRenders) warm-up renders: \(grown.joined(separator: "; "))\n")
                if !grown.isEmpty { failures.append(curve.device) }
                if validationMessages > 0 {
                    output.printError("weft bench: \(validationMessages) validation messages on \(curve.device)")
                    failures.append(curve.device)
                }
            } catch {
                output.printError("weft bench: soak on \(executor.device.name): \(error)")
                failures.append(executor.device.name)
            }
        }
        if let jsonPath {
            let report = SoakReport(weftVersion: WeftVersion.current, date: ISO8601DateFormatter().string(from: Date()),
                                    host: BenchPlan.hostDescription, sizes: sizes.map { "\(Int($0.width))x\(Int($0.height))" }, effects: effects.map(\.name),
                                    curves: curves)
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath))
                output.print("wrote \(jsonPath)")
            } catch {
                output.printError("weft bench: cannot write \(jsonPath): \(error.localizedDescription)")
                failures.append("json")
            }
        }
        return failures.isEmpty ? 0 : 1
    }
}
