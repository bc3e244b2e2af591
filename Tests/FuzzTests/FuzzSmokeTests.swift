import Foundation
import SPIRV
import Testing
import Weft
import WeftCatalog
import WeftCPU
import WeftImage
import WeftPlanner
import WeftShaders
@testable import WeftFuzz

/// The bounded fuzz run of `make test`: every target over its checked-in corpus and a fixed
/// number of seeded mutations (deterministic, so a crash here reproduces with the same seed
/// through `weft-fuzz TARGET -seed=1 -runs=N Fuzz/corpus/TARGET`). A finding traps the test
/// process; the long libFuzzer runs are `make fuzz`.
@Suite struct FuzzSmokeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func seeds(_ target: FuzzTarget) throws -> [[UInt8]] {
        try FuzzCampaign.readSeeds(folders: ["\(root)/Fuzz/corpus/\(target.rawValue)"])
    }

    static let mutations: [FuzzTarget: Int] = [.spirv: 1500, .cpuTranslator: 1000, .png: 3000, .jpeg: 3000, .scene: 3000, .presets: 3000, .signature: 2000, .svgPath: 3000]

    @Test(arguments: FuzzTarget.allCases)
    func seededMutationsRunWithoutTrapping(_ target: FuzzTarget) throws {
        let seeds = try Self.seeds(target)
        #expect(!seeds.isEmpty)
        let mutations = try #require(Self.mutations[target])
        let executions = FuzzCampaign(target: target, seeds: seeds).run(mutations: mutations, seed: 1)
        #expect(executions == seeds.count + mutations)
    }

    @Test func mutationsAreDeterministic() {
        var a = SeededMutator(seed: 7), b = SeededMutator(seed: 7)
        let input = Array("[[ stitchable ]] vec4 f(vec2 position, vec4 color) { return color; }".utf8)
        for _ in 0..<200 {
            let x = a.mutate(input, others: [], dictionary: FuzzTarget.signature.dictionary, wordAligned: false, maxSize: 256)
            #expect(x == b.mutate(input, others: [], dictionary: FuzzTarget.signature.dictionary, wordAligned: false, maxSize: 256))
            #expect(x.count <= 256)
        }
    }

    @Test func wordStreamMutationsKeepWholeWords() {
        var mutator = SeededMutator(seed: 3)
        let input = [UInt8](repeating: 0, count: 64)
        for _ in 0..<500 {
            #expect(mutator.mutate(input, others: [input], dictionary: [], wordAligned: true, maxSize: 4096).count % 4 == 0)
        }
    }

    // The corpus is only worth mutating if its seeds get past the first checks.

    @Test func spirvSeedsAreValidModules() throws {
        for seed in try Self.seeds(.spirv) {
            #expect(throws: Never.self) { try Module.decode(SPIRVFuzzing.words(seed)) }
        }
    }

    @Test func translatorSeedsTranslate() throws {
        for seed in try Self.seeds(.cpuTranslator) {
            #expect(throws: Never.self) { try KernelProgram(spirv: SPIRVFuzzing.words(seed)) }
        }
    }

    @Test func pngSeedsDecode() throws {
        for seed in try Self.seeds(.png) {
            #expect(throws: Never.self) { try PNGFile.decode(seed) }
        }
    }

    @Test func jpegSeedsDecode() throws {
        for seed in try Self.seeds(.jpeg) {
            #expect(throws: Never.self) { try JPEGFile.decode(seed) }
        }
    }

    @Test func signatureSeedsDeclareFunctions() throws {
        for seed in try Self.seeds(.signature) {
            let library = try ShaderLibrary(source: String(decoding: seed, as: UTF8.self), cache: .disabled())
            #expect(!library.functions.isEmpty)
        }
    }

    @Test func sceneSeedUsesEveryFuzzShader() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(Self.root)/Fuzz/corpus/scene/fuzz-shaders.json"))
        #expect(throws: Never.self) { try Scene.parse(data, baseDirectory: "/nonexistent") { _ in SceneFuzzing.shaders } }
    }

    /// The scene target goes on past parsing: each seed is planned, and the plan passes the executor's checks.
    @Test func sceneSeedsArePlanned() throws {
        for (index, seed) in try Self.seeds(.scene).enumerated() {
            switch SceneFuzzing.run(seed) {
            case .planned(let planned): #expect(!planned.plan.passes.isEmpty, "seed \(index)")
            case .rejected(let error): Issue.record("seed \(index) does not parse: \(error)")
            case .refused(let error): Issue.record("seed \(index) is not planned: \(error)")
            }
        }
    }

    /// Past the planner's own checks (a scale too large for the texture limit) the target reports the refusal.
    @Test func aSceneBeyondTheTextureLimitIsRefusedWhilePlanning() {
        let scene = ##"{"size": [64, 64], "scale": 100, "root": {"color": "#ff0000"}}"##
        guard case .refused(.textureTooLarge) = SceneFuzzing.run(Array(scene.utf8)) else {
            Issue.record("expected the texture limit to refuse the plan")
            return
        }
    }

    @Test func presetsSeedsParse() throws {
        for (index, seed) in try Self.seeds(.presets).enumerated() {
            let presets = try PresetsFuzzing.parse(seed).get()
            #expect(!presets.presets.isEmpty, "seed \(index)")
        }
    }

    /// libFuzzer reads Fuzz/dict/TARGET.dict, the seeded loop `FuzzTarget.dictionary`: the same tokens, byte for byte.
    @Test(arguments: FuzzTarget.allCases)
    func dictionaryFilesMatchTheTargets(_ target: FuzzTarget) throws {
        let path = "\(Self.root)/Fuzz/dict/\(target.rawValue).dict"
        guard FileManager.default.fileExists(atPath: path) else {
            #expect(target.dictionary.isEmpty, "\(target.rawValue) has tokens but no \(path)")
            return
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(try lines.map { try Self.dictionaryToken(String($0)) } == target.dictionary)
    }

    /// One line of a libFuzzer dictionary: `"text"` with `\\`, `\"` and `\xNN` escapes.
    static func dictionaryToken(_ line: String) throws -> [UInt8] {
        let bytes = Array(line.utf8)
        try #require(bytes.count >= 2 && bytes.first == UInt8(ascii: "\"") && bytes.last == UInt8(ascii: "\""), "\(line)")
        var token: [UInt8] = []
        var i = 1
        while i < bytes.count - 1 {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count - 1 {
                if bytes[i + 1] == UInt8(ascii: "x"), i + 3 < bytes.count - 1,
                   let value = UInt8(String(decoding: bytes[i + 2...i + 3], as: UTF8.self), radix: 16) {
                    token.append(value)
                    i += 4
                    continue
                }
                token.append(bytes[i + 1])
                i += 2
                continue
            }
            token.append(bytes[i])
            i += 1
        }
        return token
    }
}
