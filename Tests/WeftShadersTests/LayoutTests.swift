import Foundation
import Testing
import WeftImage
import WeftRuntime
@testable import WeftShaders

/// Signatures whose argument blocks exercise std140's alignment rules.
private let layouts: [String] = [
    "vec4 f(vec2 p, float a, vec2 b, vec3 c, float d, vec4 e, int g) { return vec4(a + b.x + c.x + d + e.x + float(g)); }",
    "vec4 f(vec2 p, vec3 a, vec3 b, float c, vec2 d) { return vec4(a + b, c + d.x); }",
    "vec4 f(vec2 p, float a, FloatArray xs, vec3 b, ColorArray cs, Image img, vec2 c) { return vec4(a + floatAt(xs, 0) + b.x + c.x) + colorAt(cs, 1) + sampleImage(img, p); }",
    "vec4 f(vec2 p, int a, int b, int c, vec4 d, float e) { return d * float(a + b + c) * e; }",
    "vec2 f(vec2 p, vec2 a, float b, vec3 c) { return p + a * b + c.xy; }",
]

@Test(arguments: layouts.indices)
func reflectedOffsetsMatchGlslang(_ index: Int) throws {
    let lib = try library("[[ stitchable(\(index == 4 ? "distortion" : "fill")) ]]\n" + layouts[index])
    let function = try lib.function(named: "f")
    let kernel = try lib.kernel(for: function, outputFormat: .rgba8Unorm)
    let laidOut = SPIRVReading(kernel.spirv).structOffsets(named: "WeftArgumentsData")
    let block = function.parameters.filter { $0.type != .image }
    #expect(laidOut.count == block.count)
    for (member, parameter) in block.enumerated() {
        #expect(parameter.blockOffset == laidOut[member], "\(parameter.name)")
    }
    // The block size covers the last member and is what the kernel declares.
    let end = zip(block, block.map { $0.type.uniformType!.size }).map { $0.blockOffset! + $1 }.max() ?? 0
    #expect(function.argumentBlockSize >= end && function.argumentBlockSize % 16 == 0 && function.argumentBlockSize - end < 16)
    #expect(kernel.interface.argumentBlockSize == function.argumentBlockSize)
}

@Test func stockEffectOffsetsMatchGlslang() throws {
    let lib = try ShaderLibrary(path: stockShadersPath, cache: SPIRVCache(directory: nil))
    for function in lib.functions {
        let kernel = try lib.kernel(for: function, outputFormat: .rgba16Float)
        let laidOut = SPIRVReading(kernel.spirv).structOffsets(named: "WeftArgumentsData")
        #expect(function.parameters.compactMap(\.blockOffset) == (0..<laidOut.count).map { laidOut[$0]! }, "\(function.name)")
    }
}

/// The kernel declares exactly the bindings its kind and parameters need (docs/kernel-abi.md).
@Test func declaresOnlyTheBindingsItNeeds() throws {
    let cases: [(String, Set<Int>)] = [
        ("[[ stitchable ]]\nvec4 f(vec2 p) { return vec4(1); }", [0]),
        ("[[ stitchable ]]\nvec4 f(vec2 p, float a) { return vec4(a); }", [0, 3]),
        ("[[ stitchable ]]\nvec4 f(vec2 p, vec4 color) { return color; }", [0, 1]),
        ("[[ stitchable ]]\nvec4 f(vec2 p, Layer layer, float r) { return sampleLayer(layer, p + r); }", [0, 1, 3]),
        ("[[ stitchable ]]\nvec2 f(vec2 p) { return p; }", [0, 1]),
        ("[[ stitchable ]]\nvec4 f(vec2 p, vec4 source, vec4 destination) { return source + destination; }", [0, 1, 2]),
        ("[[ stitchable ]]\nvec4 f(vec2 p, FloatArray xs) { return vec4(floatAt(xs, 0)); }", [0, 3, 4]),
        ("[[ stitchable ]]\nvec4 f(vec2 p, Image a, Image b) { return sampleImage(a, p) + sampleImage(b, p); }", [0, 5, 6]),
    ]
    for (source, expected) in cases {
        let lib = try library(source)
        let function = try lib.function(named: "f")
        let kernel = try lib.kernel(for: function, outputFormat: .rgba8Unorm)
        #expect(SPIRVReading(kernel.spirv).bindingNumbers == expected, "\(source)")
        #expect(SPIRVReading(kernel.spirv).frameSetBindings == [0], "\(source)")
        let i = kernel.interface
        var fromInterface: Set<Int> = [0]
        if i.readsLayer { fromInterface.insert(1) }
        if i.readsDestination { fromInterface.insert(2) }
        if i.argumentBlockSize > 0 { fromInterface.insert(3) }
        if i.readsArrays { fromInterface.insert(4) }
        for n in 0..<i.imageCount { fromInterface.insert(5 + n) }
        #expect(fromInterface == expected, "\(source)")
    }
}

@Test func derivativesAreDetectedPerFunction() throws {
    let lib = try library("""
    [[ stitchable ]]
    vec4 edges(vec2 p, vec4 color) { return vec4(fwidth(color.a)) * color.a; }
    [[ stitchable ]]
    vec4 coarse(vec2 p) { return vec4(dFdxCoarse(p.x)); }
    [[ stitchable ]]
    vec4 plain(vec2 p, vec4 color) { return color; }
    """)
    let derivativeCapability: UInt32 = 5288 // ComputeDerivativeGroupQuadsNV
    for (name, uses) in [("edges", true), ("coarse", true), ("plain", false)] {
        let kernel = try lib.kernel(for: lib.function(named: name), outputFormat: .rgba8Unorm)
        #expect(kernel.interface.usesDerivatives == uses, "\(name)")
        #expect(SPIRVReading(kernel.spirv).capabilities.contains(derivativeCapability) == uses, "\(name)")
    }
}

@Test func wrapperFollowsTheKernelABI() throws {
    let lib = try library("[[ stitchable ]]\nvec4 f(vec2 p, vec4 source, vec4 destination, float k) { return source * k; }")
    let text = try lib.generatedSource(for: try lib.function(named: "f"), outputFormat: .rgba16Float)
    #expect(text.contains("layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;"))
    #expect(text.contains("layout(binding = 0, rgba16f) uniform writeonly image2D weftOutput;"))
    #expect(text.contains(FrameConstants.glslDeclaration))
    #expect(text.contains("vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;"))
    #expect(text.contains("f(position, weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position), weftLoad(weftDestination, weft.destinationOrigin, weft.destinationSize, position), weftArguments.k)"))
}

/// The frame block's one layout description is what glslang lays out from the GLSL it generates, and `bytes`
/// writes each member at that offset.
@Test func frameConstantsLayoutMatchesGlslang() throws {
    let lib = try library("[[ stitchable ]]\nvec4 f(vec2 p) { return vec4(weft.time); }")
    let kernel = try lib.kernel(for: try lib.function(named: "f"), outputFormat: .rgba8Unorm)
    let laidOut = SPIRVReading(kernel.spirv).structOffsets(named: "WeftFrameData")
    #expect(FrameConstants.layout.members.enumerated().map { laidOut[$0.offset] } == FrameConstants.layout.members.map(\.offset))
    var constants = FrameConstants()
    constants.time = 2.5
    constants.mouse = SIMD2(7, 9)
    let bytes = constants.bytes
    func float(at offset: Int) -> Float {
        Float(bitPattern: bytes[offset..<offset + 4].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) })
    }
    #expect(bytes.count == FrameConstants.byteCount)
    #expect(float(at: FrameConstants.layout.member(named: "time")!.offset) == 2.5)
    #expect(float(at: FrameConstants.layout.member(named: "mouse")!.offset + 4) == 9)
}

/// std140: a vec3 starts on 16 bytes, a float may fill its last four, arrays' handles are 8-aligned.
@Test func uniformBlockFollowsStd140() {
    var block = UniformBlock()
    #expect(block.append("a", .float) == 0)
    #expect(block.append("b", .vec3) == 16)
    #expect(block.append("c", .float) == 28)
    #expect(block.append("d", .uvec2) == 32)
    #expect(block.append("e", .vec4) == 48)
    #expect(block.end == 64 && block.size == 64)
    #expect(UniformBlock([("x", .float)]).size == 16)
}
