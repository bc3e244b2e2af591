import Foundation
import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft compare`: how far two renders (or two folders of renders) lie apart.
enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Compare two PNG renders, or every same-named PNG of two folders, channel by channel."
    static let usage = "weft compare A.png B.png | A_DIR B_DIR [--tolerance N] [--diff OUT.png|OUT_DIR]"
    static let discussion = """
    Reads both images premultiplied and reports, per pair, the largest difference of any channel
    and the mean absolute difference, in 1/255 steps, and the pixel where the largest occurs.
    With two folders, every PNG of either is compared with its namesake in the other; a PNG
    that only one folder has is a difference (ONLY IN …). Use it to check that two devices
    (a GPU and --device cpu, say) render alike. --diff writes a heat map of each pair of the
    same size: a dim gray copy of A where every channel agrees, blue where the difference is
    within --tolerance, red beyond it, turning yellow towards the pair's largest difference
    (OUT.png for two files; for two folders, OUT_DIR/NAME.png for each pair).
    Exit status: 0 when every pair is within --tolerance (default 2, in 1/255 steps),
    1 when any pair is not (or differs in size, or cannot be read, or is missing on one
    side, or --tolerance is not a finite number), 2 for a usage error.
    """
    static let options: [OptionSpec] = [
        .value("tolerance", "N", help: "Largest channel difference allowed, in 1/255 steps (default 2)."),
        .value("diff", "OUT", help: "Write a heat map of the differences: a PNG for two files, a folder of them for two folders."),
    ]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 2 else { throw UsageError(message: "give two PNG files or two folders") }
        let tolerance = try RenderRequest.number("tolerance", arguments.value("tolerance"), positive: false) ?? 2
        let (a, b) = (arguments.positionals[0], arguments.positionals[1])
        var isDirectory: ObjCBool = false
        let pairs: [(String, String, String)]
        var table = TextTable(headers: ["IMAGE", "MAX (/255)", "MEAN (/255)", "WORST PIXEL", "RESULT"], rightAligned: [1, 2])
        var failed = 0
        var onlyOneSide: [(name: String, side: String)] = []
        if FileManager.default.fileExists(atPath: a, isDirectory: &isDirectory), isDirectory.boolValue {
            let first = Set(pngNames(in: a)), second = Set(pngNames(in: b))
            pairs = first.intersection(second).sorted().map { ($0, a + "/" + $0, b + "/" + $0) }
            onlyOneSide = first.subtracting(second).map { ($0, a) } + second.subtracting(first).map { ($0, b) }
            onlyOneSide.sort { $0.name < $1.name }
            guard !pairs.isEmpty || !onlyOneSide.isEmpty else { throw UsageError(message: "\(a) and \(b) hold no PNG files") }
        } else {
            pairs = [(URL(fileURLWithPath: a).lastPathComponent, a, b)]
        }
        let diff = arguments.value("diff")
        if let diff, isDirectory.boolValue {
            do { try FileManager.default.createDirectory(atPath: diff, withIntermediateDirectories: true) } catch {
                output.printError("weft compare: cannot make the folder \(diff): \(error.localizedDescription)")
                return 1
            }
        }
        for (name, side) in onlyOneSide {
            table.append([name, "-", "-", "-", "ONLY IN \(side)"])
            failed += 1
        }
        for (name, first, second) in pairs {
            do {
                let x = try PNGFile.load(path: first)
                let y = try PNGFile.load(path: second)
                guard let d = ImageDifference(x, y) else {
                    table.append([name, "-", "-", "-", "SIZE \(x.width)x\(x.height) vs \(y.width)x\(y.height)"])
                    failed += 1
                    continue
                }
                if let diff {
                    let path = isDirectory.boolValue ? diff + "/" + name : diff
                    try PNGFile.write(DifferenceHeatMap.make(x, y, maximum: d.maximum, tolerance: tolerance), to: path)
                }
                let within = d.maximum * 255 <= tolerance + 1e-3
                if !within { failed += 1 }
                table.append([name, String(format: "%.0f", d.maximum * 255), String(format: "%.4f", d.meanAbsolute * 255),
                              "\(d.worstPixel.x),\(d.worstPixel.y)", within ? "ok" : "DIFFERS"])
            } catch {
                table.append([name, "-", "-", "-", "UNREADABLE"])
                output.printError("weft compare: \(error)")
                failed += 1
            }
        }
        output.print(table.rendered)
        let total = pairs.count + onlyOneSide.count
        output.print("\(total - failed) of \(total) within tolerance")
        return failed == 0 ? 0 : 1
    }

    private static func pngNames(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }
    }
}
