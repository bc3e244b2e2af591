import Testing
@testable import WeftShaders

private let annotated = """
// wobble: a test effect.
// @param amplitude 0..40 = 8  wave height in points
// @param center = 256, 192  where it starts
// @param tint = 1, 0.5, 0.25, 1
// @param count -3..3 = -2
// @param weights  how much of each
[[ stitchable ]]
vec2 wobble(vec2 position, float amplitude, vec2 center, vec4 tint, int count, FloatArray weights, float plain) {
    return position + vec2(amplitude);
}
"""

@Test func annotationsParseRangeDefaultAndMeaning() throws {
    let function = try library(annotated).function(named: "wobble")
    #expect(function.annotations.map(\.name) == ["amplitude", "center", "tint", "count", "weights"])
    let amplitude = try #require(function.annotation(named: "amplitude"))
    #expect(amplitude == ParameterAnnotation(name: "amplitude", range: 0...40, defaultValue: [8], meaning: "wave height in points", line: 2))
    #expect(function.annotation(named: "center") == ParameterAnnotation(name: "center", range: nil, defaultValue: [256, 192],
                                                                        meaning: "where it starts", line: 3))
    #expect(function.annotation(named: "tint")?.defaultValue == [1, 0.5, 0.25, 1])
    #expect(function.annotation(named: "tint")?.meaning == "")
    #expect(function.annotation(named: "count")?.range == -3...3)
    #expect(function.annotation(named: "count")?.defaultValue == [-2])
    #expect(function.annotation(named: "weights") == ParameterAnnotation(name: "weights", range: nil, defaultValue: nil,
                                                                         meaning: "how much of each", line: 6))
    #expect(function.annotation(named: "plain") == nil)
}

@Test func annotationClampsToItsRange() throws {
    let amplitude = try #require(try library(annotated).function(named: "wobble").annotation(named: "amplitude"))
    #expect(amplitude.clamped(-5) == 0)
    #expect(amplitude.clamped(12.5) == 12.5)
    #expect(amplitude.clamped(41) == 40)
    let center = try #require(try library(annotated).function(named: "wobble").annotation(named: "center"))
    #expect(center.clamped(-1e6) == -1e6, "no range: unchanged")
}

@Test func onlyTheBlockRightAboveTheMarkerCounts() throws {
    let source = """
    // @param amount 0..1 = 1  this is the comment of the helper below, not of f
    float helper(float x) { return x; }

    // f: a color effect.
    [[ stitchable ]]
    vec4 f(vec2 position, vec4 color, float amount) { return color * helper(amount); }
    """
    #expect(try library(source).function(named: "f").annotations.isEmpty)
    let prose = "// mentions @paramless words and an email a@param.org\n[[ stitchable ]]\nvec4 f(vec2 p, vec4 color) { return color; }"
    #expect(try library(prose).function(named: "f").annotations.isEmpty)
}

/// A blank line between the annotations and the marker, or between annotations, does not drop them: they attach, and
/// an out-of-range default among them is still reported.
@Test func annotationsAttachAcrossBlankLines() throws {
    let spaced = """
    // f: a color effect.
    // @param amount 0..1 = 0.5  how much

    // @param offset = 3, 4

    [[ stitchable ]]
    vec4 f(vec2 position, vec4 color, float amount, vec2 offset) { return color * amount; }
    """
    let f = try library(spaced).function(named: "f")
    #expect(f.annotation(named: "amount") == ParameterAnnotation(name: "amount", range: 0...1, defaultValue: [0.5], meaning: "how much", line: 2))
    #expect(f.annotation(named: "offset")?.defaultValue == [3, 4])

    let outOfRange = "// @param amount 0..1 = 2\n\n[[ stitchable ]]\nvec4 f(vec2 position, vec4 color, float amount) { return color; }"
    let diagnostics = loadDiagnostics(outOfRange)
    #expect(diagnostics.count == 1, "\(diagnostics)")
    #expect(diagnostics.first?.line == 1)
    #expect(diagnostics.first?.message.contains("the default 2.0 of 'amount' is outside its range 0.0..1.0") == true, "\(diagnostics)")

    let metal = try library("""
    #include <metal_stdlib>
    using namespace metal;

    // @param tamano 2..64 = 12  cell size in points
    // @maxSampleOffset 32

    [[ stitchable ]] half4 pixelado(float2 posicion, SwiftUI::Layer capa, float tamano) {
        return capa.sample(floor(posicion / tamano) * tamano + tamano * 0.5);
    }
    """, name: "pixelado.metal").function(named: "pixelado")
    #expect(metal.annotation(named: "tamano")?.range == 2...64)
    #expect(metal.maxSampleOffset == SIMD2(32, 32))
}

/// Malformed annotations: the comment block and a substring of the diagnostic; each is reported on line 1.
private let malformed: [(String, String)] = [
    ("// @param", "@param needs a parameter name"),
    ("// @param radius 0..10 = 1", "@param 'radius' names no parameter of 'f' (parameters: amount, offset, n, img)"),
    ("// @param color 0..1", "@param 'color' names no parameter of 'f'"),
    ("// @param amount 0..x = 1", "malformed range '0..x' for 'amount'"),
    ("// @param amount 0...1", "malformed range '0...1'"),
    ("// @param amount 5..1", "range '5..1' for 'amount' is empty"),
    ("// @param amount 0..1 =  half", "the default of 'amount' needs a number after '='"),
    ("// @param amount = 1, 2", "the default of 'amount' (float) needs 1 number, not 2"),
    ("// @param offset = 1", "the default of 'offset' (vec2) needs 2 numbers, not 1"),
    ("// @param offset = 1,", "the default of 'offset' needs a number after '='"),
    ("// @param amount 0..1 = 2", "the default 2.0 of 'amount' is outside its range 0.0..1.0"),
    ("// @param n = 1.5", "the default of 'n' (int) must be a whole number, not 1.5"),
    ("// @param img = 1", "'img' is an Image; only number and vector parameters take a range or default"),
    ("// @param amount = nan", "needs a number after '='"),
    ("// @param amount = 1\n// @param amount = 0", "parameter 'amount' is already annotated on line 1"),
]

@Test(arguments: malformed.indices)
func malformedAnnotationIsADiagnosticAtItsLine(_ index: Int) throws {
    let (block, message) = malformed[index]
    let source = block + "\n[[ stitchable ]]\nvec4 f(vec2 position, vec4 color, float amount, vec2 offset, int n, Image img) { return color; }"
    let diagnostics = loadDiagnostics(source)
    #expect(diagnostics.count == 1, "\(block): \(diagnostics)")
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.description.contains(message), "\(block): \(diagnostic)")
    #expect(diagnostic.file == "test.glsl")
    #expect(diagnostic.line == (block.contains("\n") ? 2 : 1), "\(block): \(diagnostic)")
}

@Test func everyStockEffectAnnotatesItsNumberParameters() throws {
    let stock = try ShaderLibrary(path: stockShadersPath, cache: SPIRVCache(directory: nil))
    for function in stock.functions {
        for parameter in function.parameters where [.float, .int, .vec2].contains(parameter.type) {
            let annotation = function.annotation(named: parameter.name)
            #expect(annotation?.defaultValue != nil, "\(function.name).\(parameter.name) has no annotated default")
            #expect(annotation.map { !$0.meaning.isEmpty } ?? false, "\(function.name).\(parameter.name) says nothing about its meaning")
        }
    }
    let wave = try stock.function(named: "wave").annotation(named: "amplitude")
    #expect(wave?.range == 0...40 && wave?.defaultValue == [10] && wave?.line == 4)
}

@Test func aParameterCanBeBoundToAnEngineValue() throws {
    let lib = try library("""
    // @param time 0..10 = $time  seconds
    // @param size = $size  the view
    [[ stitchable ]]
    vec4 f(vec2 position, float time, vec2 size) { return vec4(fract(time), position / size, 1.0); }
    """)
    let f = try lib.function(named: "f")
    #expect(f.annotation(named: "time")?.binding == .time)
    #expect(f.annotation(named: "time")?.range == 0...10)
    #expect(f.annotation(named: "time")?.defaultArgument == .binding(.time))
    #expect(f.annotation(named: "size")?.defaultArgument == .binding(.viewSize))
}

@Test(arguments: [
    ("// @param time = $tim  seconds", "1:18", "unknown engine binding '$tim'"),
    ("// @param time = $size  seconds", "1:18", "'time' is float; $size binds vec2"),
])
func aBadBindingIsAnErrorAtItsColumn(line: String, place: String, message: String) {
    let diagnostics = loadDiagnostics(line + "\n[[ stitchable ]]\nvec4 f(vec2 position, float time) { return vec4(time); }\n")
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first.map { "\($0.line):\($0.column)" } == place, "\(diagnostics)")
    #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
}

@Test func maxSampleOffsetIsReadFromTheCommentBlock() throws {
    let lib = try library("""
    // @maxSampleOffset 4, 2
    [[ stitchable ]]
    vec4 f(vec2 position, Layer layer) { return sampleLayer(layer, position + vec2(4.0, 2.0)); }
    // @maxSampleOffset 3
    [[ stitchable ]]
    vec2 g(vec2 position) { return position + 3.0; }
    [[ stitchable ]]
    vec2 h(vec2 position) { return position; }
    """)
    #expect(try lib.function(named: "f").maxSampleOffset == SIMD2(4, 2))
    #expect(try lib.function(named: "g").maxSampleOffset == SIMD2(3, 3))
    #expect(try lib.function(named: "h").maxSampleOffset == nil)
}

@Test(arguments: [
    ("// @maxSampleOffset 4, x\n[[ stitchable ]]\nvec2 f(vec2 position) { return position; }\n", "1:4", "malformed @maxSampleOffset"),
    ("// @maxSampleOffset 4\n[[ stitchable ]]\nvec4 f(vec2 position, vec4 color) { return color; }\n", "1:4", "applies to layer and distortion effects"),
])
func aBadMaxSampleOffsetIsAnErrorAtItsLine(source: String, place: String, message: String) {
    let diagnostics = loadDiagnostics(source)
    #expect(diagnostics.first.map { "\($0.line):\($0.column)" } == place, "\(diagnostics)")
    #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
}
