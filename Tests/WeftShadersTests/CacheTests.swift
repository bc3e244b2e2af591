import Foundation
import Synchronization
import Testing
import WeftRuntime
@testable import WeftShaders

private let effect = """
[[ stitchable ]]
vec4 dim(vec2 position, vec4 color, float amount) { return color * (1.0 - amount); }
"""

@Test func secondCompileIsAHitAndChangesAreMisses() throws {
    let directory = temporaryCacheDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = SPIRVCache(directory: directory)

    let lib = try ShaderLibrary(source: effect, name: "dim.glsl", cache: cache)
    let function = try lib.function(named: "dim")
    let first = try lib.compile(function, outputFormat: .rgba8Unorm)
    #expect(first.outcome == .compiled)
    let second = try lib.compile(function, outputFormat: .rgba8Unorm)
    #expect(second.outcome == .memory)
    #expect(second.kernel == first.kernel)
    #expect(cache.statistics == SPIRVCache.Statistics(memoryHits: 1, diskHits: 0, misses: 1))

    // A new process: memory is empty, the disk answers.
    cache.dropMemory()
    let third = try ShaderLibrary(source: effect, name: "dim.glsl", cache: cache).compile(function, outputFormat: .rgba8Unorm)
    #expect(third.outcome == .disk)
    #expect(third.kernel.spirv == first.kernel.spirv)

    // Another output format is another kernel.
    #expect(try lib.compile(function, outputFormat: .rgba16Float).outcome == .compiled)

    // A change to the author's source is a miss.
    let edited = try ShaderLibrary(source: effect.replacingOccurrences(of: "1.0 - amount", with: "1.0 - 0.5 * amount"),
                                   name: "dim.glsl", cache: cache)
    let afterEdit = try edited.compile(edited.function(named: "dim"), outputFormat: .rgba8Unorm)
    #expect(afterEdit.outcome == .compiled)
    #expect(afterEdit.kernel.cacheKey != first.kernel.cacheKey)

    // A change to the prelude is a miss.
    let otherPrelude = try ShaderLibrary(sources: [AuthorSource(path: "dim.glsl", text: effect)], cache: cache,
                                         prelude: ShaderLibrary.stockPrelude + "\n// changed\n")
    let afterPrelude = try otherPrelude.compile(otherPrelude.function(named: "dim"), outputFormat: .rgba8Unorm)
    #expect(afterPrelude.outcome == .compiled)
    #expect(afterPrelude.kernel.cacheKey != first.kernel.cacheKey)

    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".spv") }
    #expect(files.count == 4)
}

@Test func damagedCacheFilesAreMisses() throws {
    let directory = temporaryCacheDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = SPIRVCache(directory: directory)
    let lib = try ShaderLibrary(source: effect, name: "dim.glsl", cache: cache)
    let kernel = try lib.kernel(for: lib.function(named: "dim"), outputFormat: .rgba8Unorm)
    try Data([1, 2, 3, 4, 5, 6, 7]).write(to: directory.appendingPathComponent("\(kernel.cacheKey).spv"))
    cache.dropMemory()
    let fresh = try ShaderLibrary(source: effect, name: "dim.glsl", cache: cache)
    let again = try fresh.compile(fresh.function(named: "dim"), outputFormat: .rgba8Unorm)
    #expect(again.outcome == .compiled)
    #expect(again.kernel.spirv == kernel.spirv)
}

@Test func disabledCacheAlwaysCompiles() throws {
    let lib = try ShaderLibrary(source: effect, name: "dim.glsl", cache: .disabled())
    let function = try lib.function(named: "dim")
    #expect(try lib.compile(function, outputFormat: .rgba8Unorm).outcome == .compiled)
    #expect(try lib.compile(function, outputFormat: .rgba8Unorm).outcome == .compiled)
}

@Test func defaultDirectoryFollowsXDG() {
    #expect(SPIRVCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]).path == "/x/cache/weft")
    #expect(SPIRVCache.defaultDirectory(environment: ["HOME": "/home/a"]).path == "/home/a/.cache/weft")
    #expect(SPIRVCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"]).path == "/home/a/.cache/weft")
}

@Test func sha256MatchesKnownVectors() {
    #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
}

/// A library is `Sendable`: compiling from several threads at once gives the same kernels.
@Test func compilesConcurrently() throws {
    let lib = try ShaderLibrary(path: stockShadersPath, cache: SPIRVCache(directory: nil))
    let serial = try lib.functions.map { try ShaderLibrary(path: stockShadersPath, cache: .disabled()).kernel(for: $0, outputFormat: .rgba8Unorm).spirv }
    let results = Mutex<[Int: [UInt32]]>([:])
    DispatchQueue.concurrentPerform(iterations: lib.functions.count) { i in
        let words = try? lib.kernel(for: lib.functions[i], outputFormat: .rgba8Unorm).spirv
        results.withLock { $0[i] = words }
    }
    for i in lib.functions.indices {
        #expect(results.withLock { $0[i] } == serial[i], "\(lib.functions[i].name)")
    }
}
