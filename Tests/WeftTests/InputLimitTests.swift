import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// JSON nested deeper than the scene reader allows is refused by a scan of the bytes, naming
/// where, before Foundation's decoder or the reader recurse into it.
@Suite struct SceneNestingTests {
    static func nested(_ depth: Int) -> String {
        #"{"size": [8, 8], "root": "# + String(repeating: #"{"zstack": ["#, count: depth) + ##"{"color": "#ff0000"}"##
            + String(repeating: "]}", count: depth) + "}"
    }

    @Test(arguments: [
        (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000), "[0]"),
        (String(repeating: #"{"a": "#, count: 10_000) + "1" + String(repeating: "}", count: 10_000), "a.a.a"),
        (nested(10_000), "root.zstack[0].zstack[0].zstack[0]"),
        (String(repeating: "[", count: 10_000), "[0][0]"),  // unterminated as well
    ])
    func tenThousandLevelsAreANamedError(json: String, pathStart: String) {
        guard let error = sceneError(json), case .tooDeep(let path, let limit) = error else {
            Issue.record("expected a nesting error")
            return
        }
        #expect(path.description.hasPrefix(pathStart), "\(path)")
        #expect(limit == JSONNesting.maxDepth)
        #expect(error.description.contains("nested more than \(JSONNesting.maxDepth) arrays and objects deep"), "\(error)")
    }

    @Test func theLimitIsExactAndCountsEveryArrayAndObject() {
        let levels = (JSONNesting.maxDepth - 2) / 2  // the top object and "root"'s object, then two per stack
        #expect(JSONNesting.firstTooDeep(in: Array(Self.nested(levels).utf8)) == nil)
        #expect(JSONNesting.firstTooDeep(in: Array(Self.nested(levels + 1).utf8)) != nil)
        #expect((try? parseScene(Self.nested(levels))) != nil, "a scene just within the limit still reads")
    }

    @Test func thePathFollowsKeysAndIndicesAndSkipsStrings() {
        let json = #"{"a": [1, "[{", {"b\"]": 2, "c": [[[0]]]}]}"#
        #expect(JSONNesting.firstTooDeep(in: Array(json.utf8), limit: 4)?.description == "a[2].c[0]")
        #expect(JSONNesting.firstTooDeep(in: Array(json.utf8), limit: 6) == nil)
        // A key with an escaped quote is named as written; the bytes of a scene file's data are scanned in place.
        let escaped = #"{"x\"y": {"z": [[1]]}}"#
        #expect(JSONNesting.firstTooDeep(in: Array(escaped.utf8), limit: 3)?.description == #"x\"y.z[0]"#)
        #expect(Data(escaped.utf8).withUnsafeBytes { JSONNesting.firstTooDeep(in: $0, limit: 3) }?.description == #"x\"y.z[0]"#)
    }
}

/// Textures beyond the executor's limit are refused while planning, naming the limit and what
/// the texture would take; sizes and scales too large for an integer are errors, not traps.
@Suite struct TextureLimitTests {
    @Test(arguments: Backend.allCases)
    func aRenderBeyondTheDeviceLimitNamesItAndTheMemory(_ backend: Backend) throws {
        let context = try backend.makeContext()
        let limit = context.executor.capabilities.maxTextureDimension
        #expect(limit >= 4096)
        let cases: [(Size, Float, String)] = [
            (Size(width: Float(limit + 1), height: 8), 1, "\(limit + 1)×8 pixel texture (\(RenderError.bytes(Double(limit + 1) * 32)) as rgba8)"),
            (Size(width: 100, height: 100), 1e30, "pixel texture"),
            (Size(width: 3e38, height: 3e38), 1e3, "pixel texture"),
        ]
        for (size, scale, text) in cases {
            do {
                _ = try context.render(Color.red, size: size, options: RenderOptions(scale: scale))
                Issue.record("rendered \(size) at scale \(scale)")
            } catch {
                let message = "\(error)"
                #expect(message.contains(text), "\(message)")
                #expect(message.contains("\(limit) pixels per side"), "\(message)")
                #expect(message.contains(context.executor.device.name), "\(message)")
                #expect(message.contains(backend == .cpu ? "the CPU evaluator's limit" : "maxImageDimension2D"), "\(message)")
            }
        }
    }

    @Test func paddingBeyondTheLimitIsRefusedToo() throws {
        let context = RenderContext(executor: PlanOnlyExecutor())
        let shader = EffectShader(name: "pass") { _, _ in throw SceneShaderProblem("not bound in this test") }
        let view = Color.red.frame(width: 8, height: 8).layerEffect(shader, maxSampleOffset: Size(width: 1e30, height: 0))
        #expect(throws: RenderError.self) { try context.plan(view, size: Size(width: 8, height: 8)) }
    }

    @Test func memoryIsGivenInBinaryUnits() {
        #expect(RenderError.bytes(512) == "512 bytes")
        #expect(RenderError.bytes(1536) == "1.5 KiB")
        #expect(RenderError.bytes(20000 * 20000 * 4) == "1.5 GiB")
        #expect(RenderError.bytes(.infinity) == "over an exbibyte")
        #expect(RenderError.bytes(0x1p70) == "over an exbibyte")
    }
}
