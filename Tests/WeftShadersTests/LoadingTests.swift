import Foundation
import Testing
import WeftRuntime
@testable import WeftShaders

@Test func loadsAFolderAFileAndASourceString() throws {
    let folder = temporaryCacheDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "[[ stitchable ]]\nvec4 b(vec2 p) { return vec4(1); }\n".write(to: folder.appendingPathComponent("b.glsl"), atomically: true, encoding: .utf8)
    try "[[ stitchable ]]\nvec2 a(vec2 p) { return p; }\n[[ stitchable ]]\nvec4 c(vec2 p, vec4 color) { return color; }\n"
        .write(to: folder.appendingPathComponent("a.glsl"), atomically: true, encoding: .utf8)
    try "not a shader".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

    let cache = SPIRVCache(directory: nil)
    let all = try ShaderLibrary(url: folder, cache: cache)
    #expect(all.functions.map(\.name) == ["a", "c", "b"])
    #expect(all.functions.map(\.file) == ["a.glsl", "a.glsl", "b.glsl"].map { folder.appendingPathComponent($0).path })
    let one = try ShaderLibrary(url: folder.appendingPathComponent("b.glsl"), cache: cache)
    #expect(one.functions.map(\.name) == ["b"])
    let relative = try ShaderLibrary(path: "Shaders/wave.glsl".relative(to: packageRoot), cache: cache)
    #expect(relative.functions.map(\.kind) == [.distortion])
    try all.compileAll()
}

@Test func duplicateNamesAcrossFilesAreDiagnosed() throws {
    let folder = temporaryCacheDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["one", "two"] {
        try "\n[[ stitchable ]]\nvec4 same(vec2 p) { return vec4(1); }\n".write(to: folder.appendingPathComponent("\(name).glsl"), atomically: true, encoding: .utf8)
    }
    #expect(throws: ShaderError.diagnostics([ShaderDiagnostic(file: folder.appendingPathComponent("two.glsl").path, line: 3, column: 6,
        message: "stitchable function 'same' is already defined at \(folder.appendingPathComponent("one.glsl").path):3:6; rename one")])) {
        _ = try ShaderLibrary(url: folder, cache: SPIRVCache(directory: nil))
    }
}

@Test func missingPathsAreUnreadable() {
    #expect(throws: ShaderError.unreadable(path: "/no/such/shaders", reason: "no such file or folder")) {
        _ = try ShaderLibrary(path: "/no/such/shaders", cache: SPIRVCache(directory: nil))
    }
}

@Test func compileAllReportsEveryBrokenFunction() throws {
    let lib = try library("""
    [[ stitchable ]]
    vec4 a(vec2 p) { return vec4(x); }
    [[ stitchable ]]
    vec4 b(vec2 p) { return vec4(1); }
    float helper() { return y; }
    """)
    #expect(throws: ShaderError.diagnostics([
        ShaderDiagnostic(file: "test.glsl", line: 2, column: 30, message: "'x': undeclared identifier"),
        ShaderDiagnostic(file: "test.glsl", line: 5, column: 25, message: "'y': undeclared identifier"),
    ])) {
        try lib.compileAll()
    }
}

private extension String {
    /// This relative path resolved against `base`, as an absolute path.
    func relative(to base: URL) -> String { base.appendingPathComponent(self).path }
}

/// The "From Swift" walk-through of docs/authoring.md, as written there.
@Test func authoringGuideWalkThroughWorks() throws {
    let library = try ShaderLibrary(url: URL(fileURLWithPath: stockShadersPath), cache: SPIRVCache(directory: nil))
    try library.compileAll()
    let ripple = try library.ripple(.float2(120, 90), .float(6), .float(40), .float(80), .engine(.time))
    let kernel = try ripple.kernel(outputFormat: .rgba8Unorm)
    let bound = ripple.bind(EffectRequest(colorMode: .nonLinear, viewSize: SIMD2(240, 180), frame: FrameContext(time: 1.5)))
    #expect(bound.argumentBlock.count == kernel.interface.argumentBlockSize)
    #expect(kernel.kind == .distortion && kernel.interface.readsLayer && !kernel.interface.readsArrays)
    let tint = try library.radialTint(.float2(200, 160), .float(220), .color(.orange))
    #expect(try library.kernel(for: tint, outputFormat: .rgba16Float).interface.argumentBlockSize == 32) // vec2 @0, float @8, vec4 @16
}
