// weft-fuzz TARGET [options] [CORPUS_FOLDER | INPUT_FILE]...
// Built by `make fuzz` (-DWEFT_LIBFUZZER), libFuzzer runs the target and the options are
// libFuzzer's (LibFuzzerEntry.swift). Built plainly, a seeded mutation loop runs instead,
// taking -runs=N, -seed=S and -max_len=N.
import Foundation
import WeftFuzz

#if WEFT_LIBFUZZER
exit(LibFuzzerEntry.run())
#else

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, !name.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: weft-fuzz TARGET [options] [CORPUS_FOLDER | INPUT_FILE]...\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
    exit(2)
}
guard let target = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("weft-fuzz: \(FuzzError.unknownTarget(name))\n".utf8))
    exit(2)
}
exit(MutationLoop.run(target: target, arguments: Array(arguments.dropFirst())))
#endif
