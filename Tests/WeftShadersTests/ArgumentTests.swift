import Foundation
import Testing
import WeftImage
import WeftRuntime
@testable import WeftShaders

private let source = """
[[ stitchable ]]
vec4 radialTint(vec2 position, vec4 color, vec2 center, float radius, vec4 tint) { return color; }
[[ stitchable ]]
vec4 kitchenSink(vec2 position, float a, int n, vec3 v, vec4 rect, FloatArray xs, ColorArray cs, Image img, vec2 size, float t, int frame) {
    return vec4(a);
}
"""

private func lib() throws -> ShaderLibrary { try library(source) }

@Test func callsByDynamicMemberWithPositionalArguments() throws {
    let l = try lib()
    let shader = try l.radialTint(.float2(200, 160), .float(220), .color(.orange))
    #expect(shader.function.name == "radialTint")
    #expect(shader.arguments == [.float2(200, 160), .float(220), .color(.orange)])
    let byName = try l.shader("radialTint", [.float2(1, 2), .float(3), .float4(1, 0, 0, 1)])
    #expect(byName.arguments.count == 3)
}

@Test func callsWithLabels() throws {
    let shader = try lib().radialTint(center: .float2(200, 160), radius: .float(220), tint: .boundingRect)
    #expect(shader.arguments == [.float2(200, 160), .float(220), .boundingRect])
}

/// Each mismatch and the typed error it must give.
private let mismatches: [(String, @Sendable (ShaderLibrary) throws(ShaderError) -> Shader, ShaderError)] = [
    ("too few", { l throws(ShaderError) in try l.radialTint(.float2(1, 2), .float(3)) },
     .argumentCount(function: "radialTint", expected: 3, given: 2, parameters: ["center: vec2", "radius: float", "tint: vec4"])),
    ("too many", { l throws(ShaderError) in try l.radialTint(.float2(1, 2), .float(3), .color(.red), .float(1)) },
     .argumentCount(function: "radialTint", expected: 3, given: 4, parameters: ["center: vec2", "radius: float", "tint: vec4"])),
    ("float for vec2", { l throws(ShaderError) in try l.radialTint(.float(1), .float(3), .color(.red)) },
     .argumentType(function: "radialTint", parameter: "center", expected: "vec2", given: ".float")),
    ("int for float", { l throws(ShaderError) in try l.radialTint(.float2(1, 2), .int(3), .color(.red)) },
     .argumentType(function: "radialTint", parameter: "radius", expected: "float", given: ".int")),
    ("float3 for vec4", { l throws(ShaderError) in try l.radialTint(.float2(1, 2), .float(3), .float3(1, 1, 1)) },
     .argumentType(function: "radialTint", parameter: "tint", expected: "vec4", given: ".float3")),
    ("time for vec2", { l throws(ShaderError) in try l.radialTint(.engine(.time), .float(3), .color(.red)) },
     .argumentType(function: "radialTint", parameter: "center", expected: "vec2", given: ".engine(.time)")),
    ("colors for FloatArray", { l throws(ShaderError) in
        try l.kitchenSink(.float(1), .int(2), .float3(1, 2, 3), .boundingRect, .colorArray([.red]), .colorArray([]),
                          .image(PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)), .float2(1, 1), .float(0), .int(0)) },
     .argumentType(function: "kitchenSink", parameter: "xs", expected: "FloatArray", given: ".colorArray")),
    ("float for Image", { l throws(ShaderError) in
        try l.kitchenSink(.float(1), .int(2), .float3(1, 2, 3), .boundingRect, .floatArray([]), .colorArray([]),
                          .float(0), .float2(1, 1), .float(0), .int(0)) },
     .argumentType(function: "kitchenSink", parameter: "img", expected: "Image", given: ".float")),
    ("wrong label", { l throws(ShaderError) in try l.radialTint(center: .float2(1, 2), size: .float(3), tint: .color(.red)) },
     .argumentName(function: "radialTint", position: 1, expected: "radius", given: "size")),
    ("labels out of order", { l throws(ShaderError) in try l.radialTint(radius: .float(3), center: .float2(1, 2), tint: .color(.red)) },
     .argumentName(function: "radialTint", position: 0, expected: "center", given: "radius")),
    ("unknown function", { l throws(ShaderError) in try l.radialTnit(.float2(1, 2), .float(3), .color(.red)) },
     .unknownFunction(name: "radialTnit", available: ["radialTint", "kitchenSink"])),
]

@Test(arguments: mismatches.indices)
func mismatchedArgumentsGiveTypedErrors(_ index: Int) throws {
    let (label, call, expected) = mismatches[index]
    let l = try lib()
    #expect(throws: expected, "\(label)") { _ = try call(l) }
}

@Test func errorMessagesNameTheParameterAndTypes() {
    let error = ShaderError.argumentType(function: "radialTint", parameter: "center", expected: "vec2", given: ".float")
    #expect(error.description == "radialTint: parameter 'center' expects vec2, but .float was given")
}

@Test func engineValuesFitTheirTypes() throws {
    let l = try lib()
    let image = PixelBuffer.blank(width: 2, height: 1, format: .rgba8Unorm)
    let shader = try l.kitchenSink(.float(1.5), .int(-3), .float3(1, 2, 3), .engine(.boundingRect), .floatArray([4, 5]),
                                   .colorArray([.white, Color(red: 1, green: 0, blue: 0, alpha: 0.5)]), .image(image),
                                   .engine(.viewSize), .engine(.time), .engine(.frame))
    let context = EffectRequest(colorMode: .nonLinear, boundingRect: SIMD4(10, 20, 300, 200), frame: FrameContext(time: 2.25, index: 7))
    let bound = shader.bind(context)
    let f = shader.function
    #expect(bound.argumentBlock.count == f.argumentBlockSize)
    func float(_ name: String, _ k: Int = 0) -> Float {
        let o = f.parameters.first { $0.name == name }!.blockOffset! + 4 * k
        return Float(bitPattern: UInt32(bound.argumentBlock[o]) | UInt32(bound.argumentBlock[o + 1]) << 8
                     | UInt32(bound.argumentBlock[o + 2]) << 16 | UInt32(bound.argumentBlock[o + 3]) << 24)
    }
    func word(_ name: String, _ k: Int = 0) -> UInt32 { float(name, k).bitPattern }
    #expect(float("a") == 1.5)
    #expect(Int32(bitPattern: word("n")) == -3)
    #expect((float("v"), float("v", 1), float("v", 2)) == (1, 2, 3))
    #expect((float("rect"), float("rect", 1), float("rect", 2), float("rect", 3)) == (10, 20, 300, 200))
    #expect((word("xs"), word("xs", 1)) == (0, 2))
    #expect((word("cs"), word("cs", 1)) == (2, 2))
    #expect(bound.arrayData == [4, 5, 1, 1, 1, 1, 0.5, 0, 0, 0.5])
    #expect(bound.images == [image])
    #expect((float("size"), float("size", 1)) == (300, 200))
    #expect(float("t") == 2.25)
    #expect(word("frame") == 7)
}

@Test func colorsArrivePremultipliedInTheWorkingMode() throws {
    let shader = try lib().radialTint(.float2(0, 0), .float(1), .color(Color(red: 0.5, green: 1, blue: 0, alpha: 0.5)))
    func tint(_ mode: ColorMode) -> [Float] {
        let bytes = shader.bind(EffectRequest(colorMode: mode, viewSize: SIMD2(1, 1))).argumentBlock
        let o = shader.function.parameters[2].blockOffset!
        return (0..<4).map { k in
            Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[o + 4 * k + $1]) << (8 * UInt32($1)) })
        }
    }
    #expect(tint(.nonLinear) == [0.25, 0.5, 0, 0.5])
    let linear = tint(.linear)
    #expect(abs(linear[0] - SRGB.decode(0.5) * 0.5) < 1e-6 && linear[1] == 0.5 && linear[3] == 0.5)
}

@Test func arrayBufferIsNeverEmptyWhenRead() throws {
    let l = try library("[[ stitchable ]]\nvec4 f(vec2 p, FloatArray xs) { return vec4(floatAt(xs, 0)); }")
    let bound = try l.f(.floatArray([])).bind(EffectRequest(viewSize: SIMD2(1, 1)))
    #expect(!bound.arrayData.isEmpty)
    let none = try l.f(.floatArray([]))
    #expect(try none.kernel(outputFormat: .rgba8Unorm).interface.readsArrays)
}

@Test func frameContextFillsPushConstants() {
    var constants = FrameConstants()
    FrameContext(time: 1.5, index: 9, mouse: SIMD2(3, 4)).write(into: &constants)
    #expect(constants.time == 1.5 && constants.frame == 9 && constants.reduceMotion == 0 && constants.mouse == SIMD2(3, 4))
    // Reduce motion freezes `$time` where kernels read it, in the constants and in `$time` arguments alike.
    FrameContext(time: 1.5, index: 9, reduceMotion: true).write(into: &constants)
    #expect(constants.time == 0 && constants.reduceMotion == 1)
    #expect(FrameContext(time: 1.5, reduceMotion: true).shaderTime == 0)
}

@Test func shadersCompareByLibraryFunctionAndArguments() throws {
    let l = try lib()
    let a = try l.radialTint(.float2(1, 2), .float(3), .color(.red))
    #expect(a == (try l.radialTint(center: .float2(1, 2), radius: .float(3), tint: .color(.red))))
    #expect(a != (try l.radialTint(.float2(1, 2), .float(4), .color(.red))))
    #expect(a != (try lib().radialTint(.float2(1, 2), .float(3), .color(.red))))
    #expect(l.sourcePaths == ["test.glsl"])
}
