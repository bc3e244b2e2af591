import Foundation
import WeftFuzz

// weft-fuzz TARGET [options] [CORPUS_FOLDER | INPUT_FILE]...
// Built by `make fuzz` with libFuzzer (-DWEFT_LIBFUZZER): the options are libFuzzer's.
// Built plainly: a seeded mutation loop taking -runs=N, -seed=S and -max_len=N.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, !name.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: weft-fuzz TARGET [options] [CORPUS_FOLDER | INPUT_FILE]...\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
    exit(2)
}
guard let target = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("weft-fuzz: \(FuzzError.unknownTarget(name))\n".utf8))
    exit(2)
}

#if WEFT_LIBFUZZER
exit(LibFuzzerDriver.run(target: target, arguments: [CommandLine.arguments[0]] + arguments.dropFirst()))
#else
exit(MutationLoop.run(target: target, arguments: Array(arguments.dropFirst())))
#endif
