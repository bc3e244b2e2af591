import Foundation
import Testing
import WeftImage
@testable import WeftShaders

private let spirvValAvailable = runTool("spirv-val", ["--version"]) != nil

/// Every generated module — every stock effect, both output formats, plus kernels with
/// arrays, images and derivatives — passes `spirv-val --target-env vulkan1.2`.
@Test(.enabled(if: spirvValAvailable, "spirv-val (spirv-tools) is not installed"))
func everyGeneratedModuleValidates() throws {
    let stock = try ShaderLibrary(path: stockShadersPath, cache: SPIRVCache(directory: nil))
    let extra = try library("""
    [[ stitchable ]]
    vec4 mixer(vec2 p, vec4 color, FloatArray weights, ColorArray palette, Image a, Image b, int n) {
        return colorAt(palette, n) * floatAt(weights, 0) + sampleImage(a, p) * imageExtent(b).x + color;
    }
    [[ stitchable ]]
    vec4 edges(vec2 p, Layer layer) { return vec4(fwidth(sampleLayer(layer, p).a)); }
    [[ stitchable ]]
    vec4 clock(vec2 p) { return vec4(weftTime(), float(weftFrame()), weftViewSize().x, weftReduceMotion() ? 1.0 : 0.0); }
    """, name: "extra.glsl")
    let directory = temporaryCacheDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var checked = 0
    for lib in [stock, extra] {
        for function in lib.functions {
            for format in PixelFormat.allCases {
                let kernel = try lib.kernel(for: function, outputFormat: format)
                let file = directory.appendingPathComponent("\(function.name)-\(format.rawValue).spv")
                try writeSPIRV(kernel.spirv, to: file)
                let result = try #require(runTool("spirv-val", ["--target-env", "vulkan1.2", file.path]))
                #expect(result.status == 0, "\(function.name) \(format): \(result.output)")
                checked += 1
            }
        }
    }
    #expect(checked == 2 * (stock.functions.count + 3))
}

@Test func stockLibraryCoversEveryKind() throws {
    let lib = try ShaderLibrary(path: stockShadersPath, cache: SPIRVCache(directory: nil))
    #expect(lib.functions.count >= 12)
    #expect(Set(lib.functions.map(\.kind)) == Set(EffectKind.allCases))
}
