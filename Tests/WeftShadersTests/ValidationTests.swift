import Foundation
import Testing
import WeftImage
import WeftRuntime
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

/// Kernels with derivatives carry a fragment-pass fallback; it and the pass's vertex shader validate.
@Test(.enabled(if: spirvValAvailable, "spirv-val (spirv-tools) is not installed"))
func fragmentFallbackValidates() throws {
    let lib = try library("""
    [[ stitchable ]]
    vec4 outline(vec2 p, Layer layer, vec4 ink, Image paper) {
        float a = sampleLayer(layer, p).a;
        return ink * saturate(fwidth(a) * 4.0) + sampleImage(paper, p) * 0.0;
    }
    [[ stitchable ]]
    vec4 plainColor(vec2 p, vec4 color) { return color; }
    """)
    let directory = temporaryCacheDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outline = try lib.kernel(for: lib.function(named: "outline"), outputFormat: .rgba16Float)
    #expect(outline.interface.usesDerivatives)
    let fragment = try #require(outline.fragmentSPIRV)
    let reading = SPIRVReading(fragment)
    #expect(reading.bindingNumbers == [1, 3, 5], "no storage image: the output is colour attachment 0")
    #expect(reading.frameSetBindings == [0], "the frame block")
    #expect(try lib.kernel(for: lib.function(named: "plainColor"), outputFormat: .rgba8Unorm).fragmentSPIRV == nil)
    for (name, words) in [("fragment", fragment), ("vertex", KernelABI.fragmentPassVertexSPIRV)] {
        let file = directory.appendingPathComponent("\(name).spv")
        try writeSPIRV(words, to: file)
        let result = try #require(runTool("spirv-val", ["--target-env", "vulkan1.2", file.path]))
        #expect(result.status == 0, "\(name): \(result.output)")
    }
    let text = try lib.generatedFragmentSource(for: try lib.function(named: "outline"))
    #expect(text.contains("vec2 position = weft.outputOrigin + gl_FragCoord.xy / weft.scale;"))
    #expect(!text.contains("weftOutput"))
}
