import Foundation
import WeftFuzz

/// The fallback when the toolchain has no libFuzzer: seeds from the folders named, then
/// deterministic mutations; input files named are run once each (to reproduce a finding).
enum MutationLoop {
    static func run(target: FuzzTarget, arguments: [String]) -> Int32 {
        var runs = 10_000, seed: UInt64 = 1, maxLength = 64 * 1024
        var folders = [String](), files = [String]()
        for argument in arguments {
            if let value = option("-runs=", argument).flatMap(Int.init) { runs = value }
            else if let value = option("-seed=", argument).flatMap(UInt64.init) { seed = value }
            else if let value = option("-max_len=", argument).flatMap(Int.init) { maxLength = value }
            else if argument.hasPrefix("-") { return fail("unknown option \(argument) (this build takes -runs=, -seed=, -max_len=)") }
            else {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { return fail("no such file or folder: \(argument)") }
                if isDirectory.boolValue { folders.append(argument) } else { files.append(argument) }
            }
        }
        if !files.isEmpty {
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { return fail("cannot read \(file)") }
                target.run(Array(data))
                print("weft-fuzz: \(target.rawValue) ran \(file)")
            }
            return 0
        }
        let seeds: [[UInt8]]
        do { seeds = try FuzzCampaign.readSeeds(folders: folders) } catch { return fail(error.description) }
        let executions = FuzzCampaign(target: target, seeds: seeds).run(mutations: runs, seed: seed, maxSize: maxLength)
        print("weft-fuzz: \(target.rawValue): \(executions) executions (\(seeds.count) seeds, \(runs) mutations, seed \(seed)), no crash")
        return 0
    }

    private static func option(_ prefix: String, _ argument: String) -> String? {
        argument.hasPrefix(prefix) ? String(argument.dropFirst(prefix.count)) : nil
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("weft-fuzz: \(message)\n".utf8))
        return 2
    }
}
