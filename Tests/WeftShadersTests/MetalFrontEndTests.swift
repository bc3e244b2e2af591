import Testing
@testable import WeftShaders

/// The Metal front end, in SkRuntimeEffect's manner: each source is accepted (it loads and its functions compile) or
/// rejected with one diagnostic at the author's line and column of the `.metal` file.
struct MetalFrontEndTests {
    enum Outcome: Sendable, CustomStringConvertible {
        case accepted
        /// line, column, a piece of the message.
        case rejected(Int, Int, String)

        var description: String {
            switch self {
            case .accepted: "accepted"
            case .rejected(let line, let column, let text): "rejected at \(line):\(column) (\(text))"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let source: String
        let outcome: Outcome
        var testDescription: String { name }
    }

    static let header = """
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;


    """

    /// Line 5 is the first line after `header`.
    static let cases: [Case] = [
        Case(name: "the article's tinteRadial", source: header + """
        [[ stitchable ]] half4 tinteRadial(float2 posicion, half4 color, float2 centro, float radio, half4 acento) {
            float d = distance(posicion, centro) / max(radio, 1.0);
            half mezcla = half(saturate(1.0 - d));
            return mix(color, acento * color.a, mezcla) ;
        }
        """, outcome: .accepted),
        Case(name: "the article's pixelado", source: header + """
        [[ stitchable ]] half4 pixelado(float2 posicion, SwiftUI::Layer capa, float tamano) {
            float2 celda = floor(posicion / tamano) * tamano + tamano * 0.5;
            return capa.sample(celda);
        }
        """, outcome: .accepted),
        Case(name: "metal:: and fast:: qualified functions, matrices", source: header + """
        [[ stitchable ]] float2 twist(float2 position, float angle) {
            float2x2 m = float2x2(metal::cos(angle), metal::fast::sin(angle), -sin(angle), cos(angle));
            half3x3 unused = half3x3(1.0h);
            return m * position + float2(unused[0][0] - 1.0h);
        }
        """, outcome: .accepted),
        Case(name: "constexpr, file-scope constant, inline helper, casts, literal suffixes", source: header + """
        constexpr float gain = 0.5f;
        constant half4 tint = half4(1.0h, 0.5h, 0.25h, 1.0h);
        static inline half shade(half v) { return v * (half)gain + 2.f * 0.0h; }
        [[ stitchable ]] half4 tinted(float2 position, half4 color) {
            int i = (int)position.x;
            return mix(color, tint * color.a, shade(half(i % 2))) + static_cast<half>(0);
        }
        """, outcome: .accepted),
        Case(name: "floatArray as SwiftUI passes it", source: header + """
        [[ stitchable ]] half4 bars(float2 position, half4 color, device const float *heights, int count) {
            int i = clamp(int(position.x / 10.0), 0, max(count - 1, 0));
            return color * half(step(position.y, heights[i]));
        }
        """, outcome: .accepted),
        Case(name: "colorArray with an unsigned count, and a helper taking the array", source: header + """
        half4 first(device const half4 *colors, uint n) { return n > 0 ? colors[0] : half4(0.0h); }
        [[ stitchable ]] half4 palette(float2 position, device const half4 *colors, uint count) {
            return count > 1u ? colors[1] : first(colors, count);
        }
        """, outcome: .accepted),
        Case(name: "GLSL words used as Metal names", source: header + """
        struct Sample { float input; };
        [[ stitchable ]] half4 names(float2 position, SwiftUI::Layer layer, float filter) {
            Sample output = Sample(filter);
            half4 sample = layer.sample(position);
            return sample * half(output.input);
        }
        """, outcome: .accepted),
        Case(name: "metal:: functions GLSL spells differently", source: header + """
        [[ stitchable ]] half4 maths(float2 position, half4 color) {
            float a = atan2(position.y, position.x) + rsqrt(4.0) + fmin(1.0, 2.0) + fmax(0.0, -1.0) + fabs(-1.0);
            float b = fmod(-3.5, 2.0) + round(2.5) + copysign(1.0, -0.0) + log10(100.0) + exp10(1.0);
            float c = length_squared(position) + distance_squared(position, float2(0)) + max3(1.0, 2.0, 3.0);
            bool finite = isfinite(a) && all(isfinite(position));
            uint bits = as_type<uint>(b) ^ as_type<uint>(float(0));
            float2 s = select(float2(0), float2(1), bool2(c > 1.0, c > 2.0));
            return finite ? half4(half(a + b + M_PI_F * float(bits & 1u)), half2(s), 1.0h) * color.a : color;
        }
        """, outcome: .accepted),
        Case(name: "threadgroup memory", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            threadgroup float scratch[4];
            return color;
        }
        """, outcome: .rejected(6, 5, "address space 'threadgroup' is not supported")),
        Case(name: "a texture argument", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color, texture2d<half> image) {
            return color;
        }
        """, outcome: .rejected(5, 56, "'texture2d': texture and sampler types are not supported")),
        Case(name: "a sampler", source: header + """
        constexpr sampler s(filter::linear);
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
        """, outcome: .rejected(5, 11, "'sampler': texture and sampler types")),
        Case(name: "an array in the constant address space", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color, constant float *values, int count) {
            return color * half(values[0]);
        }
        """, outcome: .rejected(5, 56, "address space 'constant' on array parameter 'values'")),
        Case(name: "a writable array", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color, device float *values, int count) {
            return color;
        }
        """, outcome: .rejected(5, 56, "must be device const")),
        Case(name: "an array without its count", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color,
                                 device const float *values) {
            return color;
        }
        """, outcome: .rejected(6, 26, "must be followed by its count")),
        Case(name: "an array of ints", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color, device const int *values, int count) {
            return color;
        }
        """, outcome: .rejected(5, 69, "elements of type 'int'")),
        Case(name: "pointer arithmetic on an array", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color, device const float *values, int count) {
            return color * half(*(values + 1));
        }
        """, outcome: .rejected(6, 27, "read by index only")),
        Case(name: "a reference parameter", source: header + """
        void twice(thread float &x) { x *= 2.0; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
        """, outcome: .rejected(5, 25, "reference parameters are not supported")),
        Case(name: "a thread address space variable", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            thread half4 c = color;
            return c;
        }
        """, outcome: .rejected(6, 5, "address space 'thread'")),
        Case(name: "an include of the author's own header", source: """
        #include <metal_stdlib>
        #include "Common.h"
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
        """, outcome: .rejected(2, 1, "#include \"Common.h\" is not supported")),
        Case(name: "another attribute", source: header + """
        [[ visible ]] half4 g(half4 c) { return c; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return g(color); }
        """, outcome: .rejected(5, 1, "attribute [[ visible ]] is not supported")),
        Case(name: "a template", source: header + """
        template <typename T> T twice(T x) { return x + x; }
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
        """, outcome: .rejected(5, 1, "'template': templates are not supported")),
        Case(name: "another namespace", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color * half(simd::length(position)); }
        """, outcome: .rejected(5, 78, "namespace 'simd::' is not supported")),
        Case(name: "using another namespace", source: """
        #include <metal_stdlib>
        using namespace std;
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
        """, outcome: .rejected(2, 1, "'using' is only supported as 'using namespace metal;'")),
        Case(name: "sincos", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float c;
            float s = sincos(position.x, c);
            return color * half(s + c);
        }
        """, outcome: .rejected(7, 15, "'sincos': sincos is not supported")),
        Case(name: "as_type to half", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color) { return color * as_type<half2>(1u).x; }
        """, outcome: .rejected(5, 81, "as_type<half2> is not supported")),
        Case(name: "a comparison of vectors", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            return all(position > float2(10.0)) ? color : half4(0.0h);
        }
        """, outcome: .rejected(6, 25, "compare vectors with greaterThan(a, b)")),
        Case(name: "a compile error after renamed types keeps the author's column", source: header + """
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            half4 c = half4(missing, 0.0h, 0.0h, 1.0h);
            return c;
        }
        """, outcome: .rejected(6, 21, "'missing'")),
        Case(name: "a signature error points at the .metal line", source: header + """
        [[ stitchable ]] half3 f(float2 position, half4 color) { return color.rgb; }
        """, outcome: .rejected(5, 24, "it returns 'vec3', not vec4")),
    ]

    @Test(arguments: cases)
    func metalSource(_ example: Case) throws {
        let name = "effects/example.metal"
        let diagnostics: [ShaderDiagnostic]
        do {
            let library = try ShaderLibrary(source: example.source, name: name, cache: SPIRVCache(directory: nil))
            try library.compileAll(outputFormats: [.rgba8Unorm])
            diagnostics = []
        } catch {
            diagnostics = error.diagnostics
        }
        switch example.outcome {
        case .accepted:
            #expect(diagnostics.isEmpty, "\(diagnostics)")
        case .rejected(let line, let column, let text):
            let first = try #require(diagnostics.first, "accepted, but expected \(example.outcome)")
            #expect(first.file == name)
            #expect("\(first.line):\(first.column)" == "\(line):\(column)", "\(first)")
            #expect(first.message.contains(text), "\(first)")
        }
    }

    @Test func translationKeepsEveryLineAndCopiesComments() {
        let source = Self.cases[3].source + "\n// @param gain 0..1 = 0.5  a comment with half4 and metal:: in it\n"
        let translation = MetalTranslator.translate(source, path: "x.metal")
        #expect(translation.diagnostics.isEmpty)
        #expect(translation.glsl.split(separator: "\n", omittingEmptySubsequences: false).count
                == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(translation.glsl.contains("// @param gain 0..1 = 0.5  a comment with half4 and metal:: in it"))
        #expect(translation.glsl.contains("const vec4 tint = vec4(1.0, 0.5, 0.25, 1.0);"))
        #expect(translation.glsl.contains("int i = int(position.x);"))
    }

    @Test func arrayParametersBecomeOneArgument() throws {
        let library = try ShaderLibrary(source: Self.cases[4].source, name: "bars.metal", cache: SPIRVCache(directory: nil))
        let bars = try library.function(named: "bars")
        #expect(bars.kind == .color)
        #expect(bars.parameters.map(\.name) == ["heights"])
        #expect(bars.parameters.map(\.type) == [.floatArray])
        let palette = try ShaderLibrary(source: Self.cases[5].source, name: "p.metal", cache: SPIRVCache(directory: nil))
        #expect(try palette.function(named: "palette").parameters.map(\.type) == [.colorArray])
    }

    @Test func theAuthorsLinesAreWhatTheDebuggerShows() throws {
        let library = try ShaderLibrary(source: Self.cases[0].source, name: "t.metal", cache: SPIRVCache(directory: nil))
        let function = try library.function(named: "tinteRadial")
        #expect(function.line == 5)
        #expect(library.sourceLine(7, of: function) == "    half mezcla = half(saturate(1.0 - d));")
    }
}
