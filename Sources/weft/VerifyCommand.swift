import Foundation
import Weft

/// `weft verify FOLDER`: whether the shards of a sequence rendered into one folder (on one machine or many) left
/// every frame, complete and of one size.
enum VerifyCommand: Command {
    static let name = "verify"
    static let summary = "Check a folder of sequence frames written by shards: every shard finished, every frame there, one size."
    static let usage = "weft verify FOLDER"
    static let discussion = """
    Each `weft render … --frames A..B --shard I/N -o FOLDER/frame%04d.png` leaves FOLDER/weft-shard-I-of-N.json,
    saying which frames it wrote and which failed. verify reads them all and checks that all N shards finished, that
    none failed a frame, and that every frame A…B is a complete PNG (its IEND chunk there) of the same size.
    Prints one line per problem (a missing shard, a failed or missing frame, a truncated file, another size), then
    a summary. Exit status: 0 when the sequence is whole, 1 when anything is missing or wrong, 2 for a usage error.
    """
    static let options: [OptionSpec] = []
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError(message: "give one folder of frames") }
        let folder = arguments.positionals[0]
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            output.printError("weft verify: \(folder): cannot read the folder: \(error.localizedDescription)")
            return 1
        }
        var manifests: [ShardManifest] = []
        var problems: [String] = []
        for name in names.sorted() where name.hasPrefix("weft-shard-") && name.hasSuffix(".json") {
            do {
                manifests.append(try JSONDecoder().decode(ShardManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
            } catch {
                problems.append("\(name): not a shard manifest: \(error.localizedDescription)")
            }
        }
        guard let first = manifests.first else {
            output.printError("weft verify: \(folder): no shard manifest (weft-shard-I-of-N.json); render with --shard I/N")
            return 1
        }
        for other in manifests where (other.shardCount, other.first, other.last, other.pattern) != (first.shardCount, first.first, first.last, first.pattern) {
            problems.append("shard \(other.shard) of \(other.shardCount) belongs to another sequence (frames \(other.first)..\(other.last), \(other.pattern)) than shard \(first.shard) of \(first.shardCount) (frames \(first.first)..\(first.last), \(first.pattern))")
        }
        let present = Set(manifests.map(\.shard))
        for shard in 0..<first.shardCount where !present.contains(shard) {
            problems.append("shard \(shard) of \(first.shardCount): no manifest (it did not run, or did not finish)")
        }
        for manifest in manifests where !manifest.failed.isEmpty {
            problems.append("shard \(manifest.shard) of \(manifest.shardCount): frames failed: \(manifest.failed.map(String.init).joined(separator: ", "))")
        }
        var size: (width: Int, height: Int)?
        for frame in first.first...first.last {
            guard let name = SequenceRequest.fill(first.pattern, with: frame) else {
                problems.append("\(first.pattern): not a frame pattern")
                break
            }
            switch frameSize(folder + "/" + name) {
            case .failure(let problem):
                problems.append("frame \(frame): \(name): \(problem.reason)")
            case .success(let found):
                if let size, size != found {
                    problems.append("frame \(frame): \(name) is \(found.width)x\(found.height), frame \(first.first)'s \(size.width)x\(size.height)")
                }
                size = size ?? found
            }
        }
        for problem in problems { output.printError("weft verify: \(folder): \(problem)") }
        let count = first.last - first.first + 1
        if problems.isEmpty {
            output.print("\(folder): frames \(first.first)..\(first.last) (\(count)), \(size.map { "\($0.width)x\($0.height)" } ?? "-"), all \(first.shardCount) shards finished")
            return 0
        }
        output.print("\(folder): \(problems.count) problem\(problems.count == 1 ? "" : "s") in frames \(first.first)..\(first.last) of \(first.shardCount) shards")
        return 1
    }

    struct Problem: Error { var reason: String }

    /// A frame file's size from its IHDR chunk, when it is a PNG that ends with its IEND chunk.
    static func frameSize(_ path: String) -> Result<(width: Int, height: Int), Problem> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(Problem(reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "missing"))
        }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 24), head.count == 24,
              head.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), head[12..<16] == Data("IHDR".utf8) else {
            return .failure(Problem(reason: "not a PNG"))
        }
        guard let end = try? handle.seekToEnd(), end >= 36, (try? handle.seek(toOffset: end - 12)) != nil,
              let tail = try? handle.read(upToCount: 12), tail.count == 12, tail[tail.startIndex + 4..<tail.startIndex + 8] == Data("IEND".utf8) else {
            return .failure(Problem(reason: "truncated (no IEND chunk at its end)"))
        }
        let bytes = [UInt8](head)
        func big(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return .success((big(16), big(20)))
    }
}
