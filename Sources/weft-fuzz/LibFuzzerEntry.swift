#if WEFT_LIBFUZZER
import Foundation
import WeftFuzz

/// The target libFuzzer's callbacks feed: the first argument, which `LLVMFuzzerInitialize`
/// removes before libFuzzer parses the rest (and passes on to forked workers through the
/// environment).
enum LibFuzzerEntry {
    nonisolated(unsafe) static var target: FuzzTarget?
    static let environmentVariable = "WEFT_FUZZ_TARGET"

    /// Hands the process to libFuzzer.
    static func run() -> Int32 {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv, weftFuzzTestOneInput)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("LLVMFuzzerInitialize")
public func weftFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>,
                               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    if let arguments = argv.pointee, argc.pointee > 1, let first = arguments[1],
       let target = FuzzTarget(rawValue: String(cString: first)) {
        LibFuzzerEntry.target = target
        setenv(LibFuzzerEntry.environmentVariable, target.rawValue, 1)
        let count = Int(argc.pointee)
        for i in 1..<count - 1 { arguments[i] = arguments[i + 1] }
        arguments[count - 1] = nil
        argc.pointee -= 1
    } else if let name = getenv(LibFuzzerEntry.environmentVariable) {
        LibFuzzerEntry.target = FuzzTarget(rawValue: String(cString: name))
    }
    guard let target = LibFuzzerEntry.target else {
        FileHandle.standardError.write(Data("usage: weft-fuzz TARGET [libFuzzer options] [CORPUS_FOLDER | INPUT_FILE]...\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    target.warmUp()
    return 0
}

/// What LeakSanitizer does not report at exit, by name: allocations that live for the whole process by design —
/// fontconfig's configuration (loaded by `FcInit`, kept until exit) and the scene reader's table of named animations
/// with the stock `Animation` values it holds (statics made once). Any other leak is a finding.
@_cdecl("__lsan_default_suppressions")
public func weftLeakSuppressions() -> UnsafePointer<CChar> {
    let names: StaticString = "leak:libfontconfig.so\nleak:namedAnimations_WZ\nleak:$s9WeftViews9AnimationO*_WZ\n"
    return UnsafeRawPointer(names.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func weftFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = LibFuzzerEntry.target else { return 0 }
    target.run(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#endif
