import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// What a program using the library can get wrong is a typed error, never a trap.
struct LibraryMisuseTests {
    @Test func viewsThatCannotBeMadeAreErrors() {
        let pixels = PixelBuffer.blank(width: 2, height: 2, format: .rgba8Unorm)
        #expect(throws: ViewError.imageScale(0)) { try Image(pixels, scale: 0) }
        #expect(throws: ViewError.self) { try Image(pixels, scale: .infinity) }
        #expect(throws: ViewError.textSize(-3)) { try Text("x", size: -3) }
        #expect(throws: ViewError.self) { try Text("x", size: .nan) }
        #expect(throws: ViewError.emptyGradient) { try Gradient(colors: []) }
        #expect(throws: ViewError.emptyGradient) { try Gradient(stops: []) }
        #expect(throws: ViewError.emptyGradient) { try LinearGradient(colors: [], startPoint: .leading, endPoint: .trailing) }
    }

    @Test func timelinesAndSweepsThatCannotRunAreErrors() {
        let disordered: [Timeline.Change] = [.init(at: 2, to: Color.red, animation: .linear(duration: 2)), .init(at: 1, to: Color.blue)]
        #expect(throws: ViewError.self) { try Timeline(initial: Color.clear, changes: disordered) }
        #expect(throws: ViewError.unknownState("missing", known: ["a", "b"])) {
            try GeometrySweep(states: ["a": Color.red.node, "b": Color.blue.node], initial: "missing")
        }
    }

    /// A hand-compiled effect whose inputs do not fit its kernel is refused when planned, naming the effect.
    @Test func aCustomBindingOfTheWrongSizeIsAnError() throws {
        let invert = try TestKernels.invert()
        let wrongBlock = EffectShader(name: "wrongBlock") { kind, request in
            var bound = try invert.bind(kind, request)
            bound.arguments = [0, 0, 0, 0]
            return bound
        }
        let wrongImages = EffectShader(name: "wrongImages") { kind, request in
            var bound = try invert.bind(kind, request)
            bound.images = [PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)]
            return bound
        }
        let context = RenderContext(executor: PlanOnlyExecutor())
        for shader in [wrongBlock, wrongImages] {
            do {
                _ = try context.plan(Color.red.colorEffect(shader), size: Size(width: 8, height: 8))
                Issue.record("\(shader.name): planned")
            } catch .invalidBinding(let name, let problem) {
                #expect(name == shader.name, "\(problem)")
            } catch {
                Issue.record("\(shader.name): \(error)")
            }
        }
    }
}
