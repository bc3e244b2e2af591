import Foundation
import Testing
import WeftRuntime
@testable import WeftShaders

/// The SPIR-V cache on disk when it is damaged, missing or cannot be written: every compile
/// still works, and a damaged entry is detected by its SHA-256 and rebuilt, never trusted.
@Suite struct CacheFileTests {
    static let effect = """
    [[ stitchable ]]
    vec4 dim(vec2 position, vec4 color, float amount) { return color * (1.0 - amount); }
    """

    static func compile(_ cache: SPIRVCache) throws -> (kernel: CompiledKernel, outcome: SPIRVCache.Outcome) {
        let library = try ShaderLibrary(source: effect, name: "dim.glsl", cache: cache)
        let result = try library.compile(library.function(named: "dim"), outputFormat: .rgba8Unorm)
        return (result.kernel, result.outcome)
    }

    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case flippedModuleByte, flippedDigest, truncated, moduleWithoutFrame
        var testDescription: String { rawValue }
        func apply(_ data: Data) -> Data {
            var d = data
            switch self {
            case .flippedModuleByte: d[d.count - 3] ^= 0x40   // the SPIR-V magic stays intact
            case .flippedDigest: d[10] = d[10] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            case .truncated: d = d.prefix(d.count - 8)
            case .moduleWithoutFrame: d = d.dropFirst(CacheEnvelope.headerSize)   // what an older Weft wrote
            }
            return d
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedEntryIsRebuilt(_ damage: Damage) throws {
        let directory = temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = SPIRVCache(directory: directory)
        let original = try Self.compile(cache).kernel
        let file = directory.appendingPathComponent("\(original.cacheKey).spv")
        let stored = try Data(contentsOf: file)
        #expect(CacheEnvelope.unwrap(stored, magic: SPIRVCache.fileMagic) != nil)
        try damage.apply(stored).write(to: file)

        cache.dropMemory()
        let again = try Self.compile(cache)
        #expect(again.outcome == .compiled)
        #expect(again.kernel.spirv == original.spirv)
        #expect(try Data(contentsOf: file) == stored, "the rebuilt module replaced the damaged file")
        cache.dropMemory()
        #expect(try Self.compile(cache).outcome == .disk)
    }

    @Test func missingDirectoryIsCreated() throws {
        let directory = temporaryCacheDirectory().appendingPathComponent("not/there/yet", isDirectory: true)
        let cache = SPIRVCache(directory: directory)
        #expect(try Self.compile(cache).outcome == .compiled)
        cache.dropMemory()
        #expect(try Self.compile(cache).outcome == .disk)
    }

    /// A cache "directory" that is a regular file cannot be created or written, even by root.
    @Test func unwritableDirectoryOnlyCostsCompiles() throws {
        let file = temporaryCacheDirectory().appendingPathComponent("a-file")
        try Data("not a directory".utf8).write(to: file)
        let cache = SPIRVCache(directory: file)
        let first = try Self.compile(cache)
        #expect(first.outcome == .compiled)
        #expect(try Self.compile(cache).outcome == .memory)
        cache.dropMemory()
        let again = try Self.compile(cache)
        #expect(again.outcome == .compiled && again.kernel.spirv == first.kernel.spirv)
    }

    @Test func envelopeRejectsAnotherMagic() {
        let framed = CacheEnvelope.wrap(Data([1, 2, 3, 4]), magic: "WEFTSPV1")
        #expect(CacheEnvelope.unwrap(framed, magic: "WEFTSPV1") == Data([1, 2, 3, 4]))
        #expect(CacheEnvelope.unwrap(framed, magic: "WEFTVKPC") == nil)
        #expect(CacheEnvelope.unwrap(Data(), magic: "WEFTSPV1") == nil)
    }
}
