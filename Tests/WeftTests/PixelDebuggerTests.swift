import Foundation
import Testing
@testable import Weft
import WeftCPU
import WeftCatalog
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// The pixel debugger's trace of stock effects: values checked against the same arithmetic done
/// here in Swift, lines against where the statements are in the files.
@Suite struct PixelDebuggerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shaders = root.appendingPathComponent("Shaders").path

    /// The 1-based line of the file that contains `text`.
    static func line(of text: String, in file: String) throws -> Int {
        let lines = try String(contentsOfFile: shaders + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    static func floats(_ value: PixelTrace.Value?) -> [Float] {
        (value?.components ?? []).map { if case .float(let x) = $0 { x } else { .nan } }
    }

    static func trace(_ effect: String, arguments: [(name: String, value: WrittenArgument)], pixel: (x: Int, y: Int),
                      offset: Size = .zero, limit: Int = 16) throws -> PixelTrace {
        let catalog = try EffectCatalog(paths: [shaders])
        let shader = try catalog.shader(named: effect, arguments: arguments).shader
        let view = try EffectChain.apply([EffectStep(shader: shader, maxSampleOffset: offset)], to: Image(TestPattern.make()))
        let debugger = PixelDebugger(libraries: catalog.folders.map(\.library), iterationLimit: limit)
        return try debugger.trace(view, size: Size(width: Float(TestPattern.width), height: Float(TestPattern.height)), pixel: pixel)
    }

    @Test func waveTraceMatchesItsArithmeticAndItsLines() throws {
        let trace = try Self.trace("wave", arguments: [("amplitude", .text("10")), ("wavelength", .text("64")), ("phase", .text("0.25"))], pixel: (100, 50))
        #expect(trace.effect == "wave" && trace.file.hasSuffix("Shaders/wave.glsl"))
        #expect(trace.point == [100.5, 50.5])
        #expect(trace.arguments.map(\.label) == ["position", "amplitude", "wavelength", "phase"])
        #expect(Self.floats(trace.arguments.first) == [100.5, 50.5])

        let kLine = try Self.line(of: "float k =", in: "wave.glsl")
        let k = try #require(trace.steps.first { $0.kind == "store" && $0.name == "k" })
        #expect(k.line == kLine && k.function.hasPrefix("wave"))
        let expectedK = Float(6.28318530718) / 64
        #expect(abs(Self.floats(k.values.first)[0] - expectedK) < 1e-7)

        let returnLine = try Self.line(of: "return position + vec2(0.0, amplitude", in: "wave.glsl")
        let sine = try #require(trace.steps.first { $0.instruction == "GLSL.std.450 Sin" })
        #expect(sine.line == returnLine)
        let expectedSine = Float(sin(Double(100.5 * expectedK + 0.25)))
        #expect(abs(Self.floats(sine.values.first)[0] - expectedSine) < 1e-5)
        #expect(trace.sourceLines[String(returnLine)]?.contains("amplitude * sin(position.x * k + phase)") == true)

        let result = Self.floats(trace.result)
        #expect(result.count == 2 && result[0] == 100.5 && abs(result[1] - (50.5 + 10 * expectedSine)) < 1e-4, "\(result)")
        // Every step is on a line of the function's body.
        let firstLine = try Self.line(of: "vec2 wave(", in: "wave.glsl")
        #expect(trace.steps.allSatisfy { $0.line > firstLine && $0.line <= returnLine })
        #expect(trace.text.contains("k = \(expectedK)"), "\(trace.text)")
    }

    @Test func boxBlurTraceShowsEachSampleAndCountsIterationsBeyondTheLimit() throws {
        let trace = try Self.trace("boxBlur", arguments: [("radius", .text("6"))], pixel: (300, 150), offset: Size(width: 6, height: 6), limit: 10)
        let sampleLine = try Self.line(of: "sum += sampleLayer(", in: "boxBlur.glsl")
        let calls = trace.steps.filter { $0.kind == "call" && $0.name == "sampleLayer" }
        let returns = trace.steps.filter { $0.kind == "return" && $0.name == "sampleLayer" }
        #expect(calls.count == 10 && returns.count == 10)
        #expect(calls.allSatisfy { $0.line == sampleLine })
        #expect(calls.map(\.iteration) == Array(1...10))
        #expect(trace.omitted.contains { $0.line == sampleLine && $0.name == "sampleLayer" && $0.count == 49 - 10 }, "\(trace.omitted)")

        // Iteration n samples (x, y) = (-3 + n mod 7, -3 + n / 7) spacings of 2 points from the pixel's centre,
        // and gets the pattern's pixel there (premultiplied bytes over 255, sampled at texel centres).
        let pattern = TestPattern.make()
        for (n, (call, returned)) in zip(calls, returns).enumerated() {
            let position = try #require(call.values.first { $0.label == "p" })
            let expected: [Float] = [300.5 + Float(-3 + n % 7) * 2, 150.5 + Float(-3 + n / 7) * 2]
            #expect(Self.floats(position) == expected, "iteration \(n + 1)")
            let texel = pattern[Int(expected[0]), Int(expected[1])]
            let color = Self.floats(returned.values.first)
            #expect(color.count == 4 && zip(color, [texel.x, texel.y, texel.z, texel.w]).allSatisfy { abs($0 - $1) < 1e-6 },
                    "iteration \(n + 1): \(color) vs \(texel)")
        }
        let sums = trace.steps.filter { $0.kind == "store" && $0.name == "sum" }
        #expect(sums.count == 11) // the initialisation, then 10 iterations
    }

    /// Every stock effect at its preset, as the gallery shows it: the traced function's result is
    /// the color the (optimized) render stored at that pixel, and every step is on a line of its file.
    @Test func everyStockEffectTracesToWhatItsRenderStored() throws {
        let catalog = try EffectCatalog(paths: [Self.shaders])
        let pattern = TestPattern.make()
        let size = Size(width: Float(pattern.width), height: Float(pattern.height))
        let context = RenderContext(executor: CPUExecutor())
        let options = RenderOptions(scale: 0.25) // 128×96 pixels keeps the test short
        let debugger = PixelDebugger(libraries: catalog.folders.map(\.library))
        for name in catalog.effectNames {
            let (shader, offset) = try catalog.presetShader(named: name)
            let view = try Gallery.view(of: EffectStep(shader: shader, maxSampleOffset: offset), over: pattern)
            let trace = try debugger.trace(view, size: size, options: options, pixel: (82, 45))
            #expect(trace.effect == name)
            let lineCount = try String(contentsOfFile: trace.file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(!trace.steps.isEmpty && trace.steps.allSatisfy { $0.line >= 1 && $0.line <= lineCount }, "\(name)")
            let result = Self.floats(trace.result)
            guard shader.function.kind != .distortion && shader.function.kind != .blend else {
                #expect(result.count == (shader.function.kind == .distortion ? 2 : 4), "\(name)")
                continue
            }
            let stored = try context.render(view, size: size, options: options).pixels[82, 45]
            let expected = [stored.x, stored.y, stored.z, stored.w]
            #expect(result.count == 4 && zip(result, expected).allSatisfy { abs(min(max($0, 0), 1) - $1) <= 0.5 / 255 + 1e-6 },
                    "\(name): traced \(result), rendered \(expected)")
        }
    }

    @Test func aPixelOutsideOrAnEffectNotRunningThereIsANamedProblem() throws {
        #expect(throws: PixelDebugger.Problem.pixelOutside(x: 512, y: 0, width: 512, height: 384)) {
            try Self.trace("grayscale", arguments: [("amount", .text("1"))], pixel: (512, 0))
        }
        let catalog = try EffectCatalog(paths: [Self.shaders])
        let shader = try catalog.shader(named: "grayscale", arguments: [("amount", .text("1"))]).shader
        let view = try EffectChain.apply([EffectStep(shader: shader)], to: Image(TestPattern.make()))
        #expect(throws: PixelDebugger.Problem.self) {
            try PixelDebugger(libraries: catalog.folders.map(\.library))
                .trace(view, size: Size(width: 512, height: 384), effect: "wave", pixel: (0, 0))
        }
    }

    /// A 100×100 effect centred on a 300×300 canvas: output pixels are traced at the effect's own pixel under them.
    static func centredGrayscale() throws -> (view: ModifiedView, libraries: [ShaderLibrary]) {
        let catalog = try EffectCatalog(paths: [shaders])
        let shader = try catalog.shader(named: "grayscale", arguments: [("amount", .text("1"))]).shader
        let view = Rectangle().fill(Color(red: 1, green: 0.5, blue: 0)).frame(width: 100, height: 100).colorEffect(shader)
            .frame(width: 300, height: 300)
        return (view, catalog.folders.map(\.library))
    }

    @Test func anOutputPixelIsTracedAtTheEffectsOwnPixelUnderIt() throws {
        let (view, libraries) = try Self.centredGrayscale()
        let size = Size(width: 300, height: 300)
        let debugger = PixelDebugger(libraries: libraries)
        let centre = try debugger.traceAll(view, size: size, pixel: (150, 150))
        #expect(centre.pixel == [150, 150] && centre.traces.map(\.effect) == ["grayscale"])
        let trace = try #require(centre.traces.first)
        // The layer's top-left corner is output pixel (100, 100).
        #expect(trace.pixel == [150, 150] && trace.effectPixel == [50, 50] && trace.point == [50.5, 50.5], "\(trace.text)")
        let stored = try RenderContext(executor: CPUExecutor()).render(view, size: size).pixels[150, 150]
        let result = Self.floats(trace.result)
        #expect(result.count == 4 && zip(result, [stored.x, stored.y, stored.z, stored.w]).allSatisfy { abs(min(max($0, 0), 1) - $1) <= 0.5 / 255 + 1e-6 },
                "traced \(result), rendered \(stored)")
        // The corners of the effect's area are its first and last pixels; one pixel beyond is background.
        #expect(try debugger.trace(view, size: size, pixel: (100, 100)).effectPixel == [0, 0])
        #expect(try debugger.trace(view, size: size, pixel: (199, 199)).effectPixel == [99, 99])
        for background in [(50, 50), (99, 150), (200, 150)] {
            #expect(throws: PixelDebugger.Problem.effectNotAtPixel(effect: nil, x: background.0, y: background.1, effects: ["grayscale"])) {
                try debugger.traceAll(view, size: size, pixel: background)
            }
        }
        #expect(PixelDebugger.Problem.effectNotAtPixel(effect: nil, x: 50, y: 50, effects: ["grayscale"]).description
                == "no effect runs at pixel (50, 50); effects of this render: grayscale")
    }

    /// A color effect under a distortion: both are traced, inner first, each at its own pixel (the distortion's layer
    /// is padded by its maxSampleOffset), and the distortion's trace shows the color it sampled.
    @Test func stackedEffectsAreTracedInOrderWithWhatTheDistortionSampled() throws {
        let catalog = try EffectCatalog(paths: [Self.shaders])
        let grayscale = try catalog.shader(named: "grayscale", arguments: [("amount", .text("1"))]).shader
        let wave = try catalog.shader(named: "wave", arguments: [("amplitude", .text("4")), ("wavelength", .text("40")), ("phase", .text("0"))]).shader
        let view = Rectangle().fill(Color(red: 0.2, green: 0.6, blue: 1)).frame(width: 100, height: 100)
            .colorEffect(grayscale).distortionEffect(wave, maxSampleOffset: Size(width: 0, height: 10))
            .frame(width: 300, height: 300)
        let size = Size(width: 300, height: 300)
        let traces = try PixelDebugger(libraries: catalog.folders.map(\.library)).traceAll(view, size: size, pixel: (150, 150))
        #expect(traces.traces.map(\.effect) == ["grayscale", "wave"], "\(traces.text)")
        let (inner, outer) = (traces.traces[0], traces.traces[1])
        #expect(inner.effectPixel == [50, 50] && inner.point == [50.5, 50.5])
        #expect(outer.effectPixel == [50, 60] && outer.point == [50.5, 50.5], "\(outer.text)")
        // `point` is the position each function was given.
        #expect(Self.floats(inner.arguments.first) == inner.point && Self.floats(outer.arguments.first) == outer.point)
        let k = Float(6.28318530718) / 40
        let returned = Self.floats(outer.result)
        #expect(returned.count == 2 && returned[0] == 50.5 && abs(returned[1] - (50.5 + 4 * sin(50.5 * k))) < 1e-4, "\(returned)")
        // It sampled the grayscale square (opaque gray), and that is what the render shows there.
        let sampled = Self.floats(outer.sampled)
        let stored = try RenderContext(executor: CPUExecutor()).render(view, size: size).pixels[150, 150]
        #expect(sampled.count == 4 && zip(sampled, [stored.x, stored.y, stored.z, stored.w]).allSatisfy { abs($0 - $1) <= 0.5 / 255 + 1e-6 },
                "sampled \(sampled), rendered \(stored)")
        #expect(abs(sampled[0] - sampled[1]) < 1e-6 && sampled[3] == 1)
        #expect(outer.text.contains("samples its layer at (50.5, "), "\(outer.text)")
        #expect(traces.text.hasPrefix("[1/2] grayscale (color) at pixel (150, 150)"), "\(traces.text)")
        // --trace keeps one effect.
        let only = try PixelDebugger(libraries: catalog.folders.map(\.library)).traceAll(view, size: size, effect: "wave", pixel: (150, 150))
        #expect(only.traces.map(\.effect) == ["wave"])
    }

    /// An effect's view scaled 2× about its centre: its layer is drawn at 2 pixels per point, so output pixel (60, 60),
    /// 89.5 points up and left of the centre, is 44.75 of the layer's points from its centre (50, 50): point 5.25, pixel 10.
    @Test func aScaledEffectIsTracedThroughItsPlacement() throws {
        let catalog = try EffectCatalog(paths: [Self.shaders])
        let shader = try catalog.shader(named: "grayscale", arguments: [("amount", .text("1"))]).shader
        let view = Rectangle().fill(Color(red: 1, green: 0.5, blue: 0)).frame(width: 100, height: 100).colorEffect(shader)
            .scaleEffect(2).frame(width: 300, height: 300)
        let debugger = PixelDebugger(libraries: catalog.folders.map(\.library))
        let trace = try debugger.trace(view, size: Size(width: 300, height: 300), pixel: (60, 60))
        #expect(trace.effectPixel == [10, 10] && trace.point == [5.25, 5.25], "\(trace.text)")
        #expect(Self.floats(trace.arguments.first) == [5.25, 5.25])
        #expect(try debugger.trace(view, size: Size(width: 300, height: 300), pixel: (249, 249)).effectPixel == [199, 199])
        #expect(throws: PixelDebugger.Problem.self) { try debugger.traceAll(view, size: Size(width: 300, height: 300), pixel: (45, 150)) }
    }
}
