import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// `$mouse` reaches effects both as an argument (`.engine(.mouse)`) and through the prelude's `weftMouse()` (push
/// constants at byte offset 80), on both executors.
@Suite struct MouseBindingTests {
    static let source = """
    [[ stitchable ]]
    vec4 pointer(vec2 position, vec4 color, vec2 mouse) {
        return vec4(mouse / 100.0, weftMouse() / 100.0);
    }

    // A fill that lights the pixels near the pointer, as an author would write it.
    [[ stitchable ]]
    vec4 spotlight(vec2 position) {
        return distance(position, weftMouse()) < 2.0 ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0);
    }
    """

    @Test func theConstantsCarryTheMouseAtOffset80() {
        var constants = FrameConstants()
        constants.mouse = SIMD2(12.5, -3)
        let bytes = constants.bytes
        #expect(bytes.count == FrameConstants.byteCount)
        let x = bytes[80..<84].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        let y = bytes[84..<88].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        #expect(Float(bitPattern: x) == 12.5 && Float(bitPattern: y) == -3)
    }

    @Test(arguments: Backend.allCases)
    func effectsSeeTheMouse(backend: Backend) throws {
        let library = try ShaderLibrary(source: Self.source, name: "mouse.glsl")
        let shader = try library.pointer(.engine(.mouse))
        var options = RenderOptions()
        options.frame.mouse = SIMD2(25, 50)
        let pixels = try render(Color.white.colorEffect(shader), width: 4, height: 4, on: backend, options: options)
        expectClose(pixels[1, 2], SIMD4(0.25, 0.5, 0.25, 0.5), "the argument and weftMouse()")
        let still = try render(Color.white.colorEffect(shader), width: 4, height: 4, on: backend)
        expectClose(still[1, 2], .zero, "no pointer: 0, 0")
    }

    @Test(arguments: Backend.allCases)
    func aFillFollowsThePointer(backend: Backend) throws {
        let library = try ShaderLibrary(source: Self.source, name: "mouse.glsl")
        var options = RenderOptions(scale: 2)
        options.frame.mouse = SIMD2(10.25, 5.25)
        let pixels = try render(Rectangle().fill(try library.spotlight()), width: 16, height: 8, on: backend, options: options)
        expectClose(pixels[20, 10], SIMD4(1, 1, 1, 1), "at the pointer (pixel 20,10 is point 10.25,5.25)")
        expectClose(pixels[2, 2], SIMD4(0, 0, 0, 1), "away from it")
    }
}
