import Foundation
import Testing

/// Sources/SPIRV/Opcode.swift is generated; regenerating it from the installed SPIR-V header gives the same file.
@Test(.enabled(if: FileManager.default.fileExists(atPath: OpcodeGeneration.header), "glslang's SPIR-V header is not installed"))
func regeneratingOpcodesGivesTheCheckedInFile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let generator = root.appendingPathComponent(".build/debug/weft-generate-opcodes")
    try #require(FileManager.default.isExecutableFile(atPath: generator.path), "build the package first: \(generator.path) is missing")
    let process = Process()
    process.executableURL = generator
    process.arguments = [OpcodeGeneration.header]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let generated = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let checkedIn = try Data(contentsOf: root.appendingPathComponent("Sources/SPIRV/Opcode.swift"))
    #expect(generated == checkedIn, "run `swift run weft-generate-opcodes > Sources/SPIRV/Opcode.swift`")
}

enum OpcodeGeneration {
    static let header = "/usr/include/glslang/SPIRV/spirv.hpp"
}
