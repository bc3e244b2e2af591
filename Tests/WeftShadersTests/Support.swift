import Foundation
import WeftImage
@testable import WeftShaders
import WeftTestSupport

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let stockShadersPath = packageRoot.appendingPathComponent("Shaders").path

/// A fresh, empty cache folder under the system's temporary directory.
func temporaryCacheDirectory() -> URL { temporaryFolder("weft-shader-cache") }

/// A library over one source string with a memory-only cache.
func library(_ source: String, name: String = "test.glsl") throws(ShaderError) -> ShaderLibrary {
    try ShaderLibrary(source: source, name: name, cache: SPIRVCache(directory: nil))
}

/// The diagnostics a source's loading produces (empty when it loads).
func loadDiagnostics(_ source: String) -> [ShaderDiagnostic] {
    do {
        _ = try library(source)
        return []
    } catch {
        return error.diagnostics
    }
}

/// A test's own reading of SPIR-V words, independent of the front end's: decorations by
/// target, member decorations by (struct, member), and names.
struct SPIRVReading {
    var names: [UInt32: String] = [:]
    var memberOffsets: [UInt32: [Int: Int]] = [:]
    /// Binding of every decorated variable id, and its descriptor set where decorated.
    var bindings: [UInt32: Int] = [:]
    var descriptorSets: [UInt32: Int] = [:]
    var opcodes: [UInt32] = []
    var capabilities: [UInt32] = []

    init(_ words: [UInt32]) {
        precondition(words.count > 5 && words[0] == 0x0723_0203, "not SPIR-V")
        var i = 5
        while i < words.count {
            let count = Int(words[i] >> 16), opcode = words[i] & 0xffff
            precondition(count > 0 && i + count <= words.count, "truncated instruction at word \(i)")
            let operands = Array(words[(i + 1)..<(i + count)])
            opcodes.append(opcode)
            switch opcode {
            case 17: capabilities.append(operands[0]) // OpCapability
            case 5: // OpName
                var bytes = [UInt8]()
                for w in operands.dropFirst() { for s in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: w >> (8 * UInt32(s)))) } }
                names[operands[0]] = String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            case 72 where operands[2] == 35: // OpMemberDecorate … Offset
                memberOffsets[operands[0], default: [:]][Int(operands[1])] = Int(operands[3])
            case 71 where operands[1] == 33: // OpDecorate … Binding
                bindings[operands[0]] = Int(operands[2])
            case 71 where operands[1] == 34: // OpDecorate … DescriptorSet
                descriptorSets[operands[0]] = Int(operands[2])
            default: break
            }
            i += count
        }
    }

    func structOffsets(named name: String) -> [Int: Int] {
        guard let id = names.first(where: { $0.value == name })?.key else { return [:] }
        return memberOffsets[id] ?? [:]
    }

    /// The bindings of descriptor set 0.
    var bindingNumbers: Set<Int> { Set(bindings.filter { descriptorSets[$0.key, default: 0] == 0 }.values) }
    /// The bindings of descriptor set 1: the frame block's 0 (docs/kernel-abi.md).
    var frameSetBindings: Set<Int> { Set(bindings.filter { descriptorSets[$0.key] == 1 }.values) }
}

/// Runs a tool found on PATH; nil when it is not installed.
func runTool(_ name: String, _ arguments: [String]) -> (status: Int32, output: String)? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    guard let dir = paths.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "\(dir)/\(name)")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

func writeSPIRV(_ words: [UInt32], to url: URL) throws {
    let data = words.withUnsafeBytes { Data($0) }
    try data.write(to: url)
}
