import Foundation

/// Seeds from disk and a bounded, deterministic run of a target over them and their mutations.
public struct FuzzCampaign: Sendable {
    public let target: FuzzTarget
    public let seeds: [[UInt8]]

    public init(target: FuzzTarget, seeds: [[UInt8]]) {
        self.target = target
        self.seeds = seeds
    }

    /// Every regular file directly inside each folder, in name order.
    public static func readSeeds(folders: [String]) throws(FuzzError) -> [[UInt8]] {
        var seeds = [[UInt8]]()
        for folder in folders {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted() } catch {
                throw .unreadableCorpus(path: folder, reason: error.localizedDescription)
            }
            for name in names where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw .unreadableCorpus(path: path, reason: "cannot read the file")
                }
                seeds.append(Array(data))
            }
        }
        return seeds
    }

    /// Runs every seed, then `mutations` mutated seeds; `observe` sees each input just before it
    /// runs (to save it for a reproducer). Returns the number of executions.
    @discardableResult
    public func run(mutations: Int, seed: UInt64, maxSize: Int = 64 * 1024, observe: ([UInt8]) -> Void = { _ in }) -> Int {
        for input in seeds {
            observe(input)
            target.run(input)
        }
        var mutator = SeededMutator(seed: seed)
        let dictionary = target.dictionary
        let pool = seeds.isEmpty ? [[]] : seeds
        for _ in 0..<max(0, mutations) {
            let input = mutator.mutate(pool[mutator.below(pool.count)], others: seeds, dictionary: dictionary,
                                       wordAligned: target.isWordStream, maxSize: maxSize)
            observe(input)
            target.run(input)
        }
        return seeds.count + max(0, mutations)
    }
}

public enum FuzzError: Error, Sendable, CustomStringConvertible {
    case unreadableCorpus(path: String, reason: String)
    case unknownTarget(String)

    public var description: String {
        switch self {
        case .unreadableCorpus(let path, let reason): "cannot read the corpus at \(path): \(reason)"
        case .unknownTarget(let name):
            "unknown fuzz target '\(name)'; the targets are \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }
}
