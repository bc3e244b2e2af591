import Testing
import WeftRuntime
@testable import WeftShaders

/// Accepted signatures: source, expected kind, expected argument parameters.
private let accepted: [(String, EffectKind, [String])] = [
    ("vec4 f(vec2 position, vec4 color) { return color; }", .color, []),
    ("vec4 f(vec2 p, vec4 color, float amount, vec2 c) { return color; }", .color, ["amount: float", "c: vec2"]),
    ("vec4 f(vec2 p, Layer layer, float r) { return sampleLayer(layer, p); }", .layer, ["r: float"]),
    ("vec2 f(vec2 p, float a) { return p; }", .distortion, ["a: float"]),
    ("vec4 f(vec2 p) { return vec4(1); }", .fill, []),
    ("vec4 f(vec2 p, float size, vec4 a, vec4 b) { return a; }", .fill, ["size: float", "a: vec4", "b: vec4"]),
    ("vec4 f(vec2 p, vec4 source, vec4 destination) { return source; }", .blend, []),
    ("vec4 f(vec2 p, vec4 source, vec4 destination, float k) { return source; }", .blend, ["k: float"]),
    ("vec4 f(vec2 p, vec4 color, vec4 other) { return color; }", .color, ["other: vec4"]),
    // Metal-flavoured aliases and qualifiers.
    ("half4 f(float2 p, in half4 color, const half amount, float3 v, half2 w) { return color; }", .color,
     ["amount: float", "v: vec3", "w: vec2"]),
    ("float2 f(in float2 p, const float t) { return p; }", .distortion, ["t: float"]),
    // Arrays, images, ints.
    ("vec4 f(vec2 p, FloatArray xs, ColorArray cs, Image img, int n) { return vec4(floatAt(xs, 0)); }", .fill,
     ["xs: FloatArray", "cs: ColorArray", "img: Image", "n: int"]),
]

/// Explicit kinds settle ambiguous signatures.
private let explicit: [(String, EffectKind, [String])] = [
    ("[[ stitchable(fill) ]]\nvec4 f(vec2 p, vec4 tint) { return tint; }", .fill, ["tint: vec4"]),
    ("[[ stitchable(color) ]]\nvec4 f(vec2 p, vec4 tint) { return tint; }", .color, []),
    ("[[stitchable( blend )]]\nvec4 f(vec2 p, vec4 a, vec4 b) { return a; }", .blend, []),
    ("[[ stitchable(color) ]]\nvec4 f(vec2 p, vec4 a, vec4 b) { return a; }", .color, ["b: vec4"]),
]

@Test(arguments: accepted.indices)
func acceptsSignature(_ index: Int) throws {
    let (signature, kind, parameters) = accepted[index]
    let lib = try library("[[ stitchable ]]\n" + signature)
    let function = try lib.function(named: "f")
    #expect(function.kind == kind, "\(signature)")
    #expect(function.parameters.map(\.description) == parameters, "\(signature)")
}

@Test(arguments: explicit.indices)
func explicitKindDisambiguates(_ index: Int) throws {
    let (source, kind, parameters) = explicit[index]
    let function = try library(source).function(named: "f")
    #expect(function.kind == kind)
    #expect(function.parameters.map(\.description) == parameters)
}

/// Rejected signatures: source and a substring the diagnostic must contain.
private let rejected: [(String, String)] = [
    ("[[ stitchable ]]\nvec4 f(vec2 p, vec4 tint) { return tint; }",
     "ambiguous signature for 'f': it could be a color or fill effect; name the second parameter 'color'"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, vec4 tint) { return tint; }", "[[ stitchable(color|fill) ]]"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, vec4 a, vec4 b) { return a; }", "could be a color or blend or fill effect"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, vec4 a, vec4 b) { return a; }", "'source' and 'destination'"),
    ("[[ stitchable ]]\nfloat f(vec2 p) { return 1.0; }", "unsupported stitchable signature for 'f': it returns 'float'"),
    ("[[ stitchable ]]\nfloat f(vec2 p) { return 1.0; }", "vec4 f(vec2 position, vec4 color, args…) [color]"),
    ("[[ stitchable ]]\nvec4 f(float p) { return vec4(p); }", "the first parameter 'p' is 'float', not vec2 position"),
    ("[[ stitchable ]]\nvec4 f() { return vec4(1); }", "it has no 'vec2 position' parameter"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, mat4 m) { return vec4(1); }", "parameter 'm' of 'f' has type 'mat4'; argument parameters are float, vec2"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, out vec4 color) { color = vec4(1); return color; }", "parameter 'color' of 'f' is 'out'"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, inout vec4 color) { return color; }", "is 'inout'; stitchable parameters are inputs only"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, float xs[4]) { return vec4(xs[0]); }", "is a GLSL array; pass arrays as FloatArray or ColorArray"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, float r, Layer layer) { return vec4(1); }", "'Layer' may only be the second parameter"),
    ("[[ stitchable(layer) ]]\nvec4 f(vec2 p, vec4 color) { return color; }", "marked [[ stitchable(layer) ]] but its signature does not fit a layer effect"),
    ("[[ stitchable(blend) ]]\nvec4 f(vec2 p, vec4 color) { return color; }", "its signature fits color or fill"),
    ("[[ stitchable(shiny) ]]\nvec4 f(vec2 p) { return vec4(1); }", "unknown effect kind 'shiny'"),
    ("[[ stitchable ]]\nvec4 f(vec2 p);", "'f' must be defined (with a body)"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, float) { return vec4(1); }", "parameter 2 of 'f' needs a type and a name"),
    ("[[ stitchable ]]\nvec4 f(vec2 p, float a, float a) { return vec4(1); }", "'f' has two parameters named 'a'"),
    ("[[ stitchable ]]\nvec4 f(vec2 p) { return vec4(1); }\n[[ stitchable ]]\nvec4 f(vec2 p) { return vec4(0); }", "'f' is already defined at test.glsl:2:6"),
]

@Test(arguments: rejected.indices)
func rejectsSignature(_ index: Int) {
    let (source, expected) = rejected[index]
    let diagnostics = loadDiagnostics(source)
    #expect(diagnostics.count == 1, "\(source)")
    #expect(diagnostics.first?.message.contains(expected) == true, "\(diagnostics.first?.message ?? "no diagnostic") lacks \(expected)")
    #expect(diagnostics.first?.file == "test.glsl")
}

@Test func parsesCommentsAndMultiLineSignatures() throws {
    let source = """
    // [[ stitchable ]] in a line comment is not a marker
    /* nor [[ stitchable ]] in a block comment:
       vec4 g(vec2 p, mat4 m) */
    [[ stitchable ]]
    vec4   // the return type
    tinted(
        vec2 position,          // where
        vec4 color,             /* the input */
        in const float amount,  // qualifiers
        /* a comment between */ vec3 weights
    )
    {
        return color * amount;
    }
    """
    let lib = try library(source)
    #expect(lib.functions.map(\.name) == ["tinted"])
    let f = try lib.function(named: "tinted")
    #expect(f.kind == .color)
    #expect(f.parameters.map(\.description) == ["amount: float", "weights: vec3"])
    #expect(f.leadingParameterNames == ["position", "color"])
    #expect((f.line, f.column) == (6, 1))
    // The marker is the only non-GLSL syntax: the file compiles with it blanked out.
    _ = try lib.kernel(for: f, outputFormat: .rgba8Unorm)
}

@Test func markerOnTheSameLineAndVoidParameterLists() throws {
    let lib = try library("[[ stitchable ]] vec4 solid(vec2 p) { return vec4(1.0); }\nfloat helper(void) { return 1.0; }")
    #expect(try lib.function(named: "solid").kind == .fill)
    _ = try lib.kernel(for: lib.function(named: "solid"), outputFormat: .rgba16Float)
}

@Test func reflectsArrayNessAndImageIndices() throws {
    let f = try library("[[ stitchable ]]\nvec4 f(vec2 p, Image a, FloatArray xs, float k, Image b) { return sampleImage(b, p) * floatAt(xs, 0) * k + sampleImage(a, p); }")
        .function(named: "f")
    #expect(f.parameters.map(\.isArray) == [false, true, false, false])
    #expect(f.parameters.map(\.imageIndex) == [0, nil, nil, 1])
    #expect(f.imageCount == 2)
    #expect(f.readsArrays)
}

@Test func reportsEverySignatureProblemOfAFile() {
    let diagnostics = loadDiagnostics("""
    [[ stitchable ]]
    vec4 a(vec2 p, vec4 tint) { return tint; }
    [[ stitchable ]]
    float b(vec2 p) { return 1.0; }
    """)
    #expect(diagnostics.map(\.line) == [2, 4])
    #expect(diagnostics.map(\.column) == [6, 7])
}

@Test func metalAliasesVersionLinesExtensionsAndAttributesCompile() throws {
    let lib = try library("""
    #version 450
    #extension GL_EXT_control_flow_attributes : enable
    [[ stitchable ]]
    half4 f(float2 p, in half4 color, const half amount, float3 v, half2 w) {
        int2 texel = int2(p);
        [[unroll]] for (int i = 0; i < 2; i++) { color *= amount; }
        return saturate(color + half4(v, w.x) * 0.0);
    }
    """)
    let function = try lib.function(named: "f")
    #expect(function.parameters.map(\.description) == ["amount: float", "v: vec3", "w: vec2"])
    _ = try lib.kernel(for: function, outputFormat: .rgba8Unorm)
}
