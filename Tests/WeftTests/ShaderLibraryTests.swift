import Foundation
import Testing
@testable import Weft
@testable import WeftCatalog
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

enum StockShaders {
    static let folder = Examples.directory + "/../Shaders"
    static let library: ShaderLibrary = {
        do { return try ShaderLibrary(path: folder) } catch { fatalError("stock shaders: \(error)") }
    }()
}

@Suite struct ShaderLibraryTests {
    /// `ShaderLibrary.name(...)`, as SwiftUI writes it: a function of the default library, which for a process started
    /// in the package is its `Shaders` folder (the tests run there), drawing what the same function of that library
    /// drawn explicitly draws.
    @Test func aFunctionOfTheDefaultLibraryIsTheFunctionOfItsFolder() throws {
        #expect(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/Shaders/grayscale.glsl"))
        let fromDefault = try ShaderLibrary.grayscale(.float(0.75))
        let explicit = try StockShaders.library.grayscale(.float(0.75))
        #expect(fromDefault.function.name == "grayscale" && fromDefault.function.parameters.map(\.name) == ["amount"])
        let context = try Backend.cpu.makeContext()
        let view = { (shader: Shader) in Image(testImage()).colorEffect(shader) }
        let size = Size(width: 32, height: 32)
        #expect(try context.render(view(fromDefault), size: size).pixels == context.render(view(explicit), size: size).pixels)
        #expect(throws: ShaderError.self) { try ShaderLibrary.noSuchStitchableFunction(.float(1)) }
    }

    @Test func withNoDefaultLibraryTheErrorSaysWhereToPutOne() {
        let error = ShaderError.noDefaultLibrary(searched: "/tmp/x/Shaders", variable: ShaderLibrary.defaultFolderVariable)
        #expect(error.description.contains("$WEFT_SHADER_LIBRARY") && error.description.contains("setDefault"))
    }

    @Test func sceneArgumentsAreCheckedAgainstTheRealSignature() {
        let text = #"""
        {"size": [10, 10], "shaders": ["../Shaders"], "root": {"color": "#ff0000", "modifiers": [
          {"opacity": 1}, {"offset": {"x": 1}},
          {"colorEffect": {"shader": "radialTint", "args": {"center": [200, 160], "radius": 220, "accent": "#ff8c1a"}}}]}}
        """#
        do {
            _ = try Scene.parse(Data(text.utf8), baseDirectory: Examples.directory) { folders in
                try LibraryShaderProvider(folders: folders, baseDirectory: Examples.directory)
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.path?.description == "root.modifiers[2].colorEffect.args.accent")
            #expect(error.description.contains("no parameter 'accent'"), "\(error)")
        }
    }

    @Test(arguments: Backend.allCases)
    func aFillShaderPaintsOnlyInsideItsShape(backend: Backend) throws {
        let checker = try StockShaders.library.checkerboard(.float(4), .color(.white), .color(.black))
        let pixels = try render(Circle().fill(checker).frame(width: 32, height: 32), width: 32, height: 32, on: backend)
        #expect(pixels[0, 0].w == 0)
        // Cells of 4 points: (17, 17) is in cell (4, 4), (21, 17) in cell (5, 4).
        let a = pixels[17, 17], b = pixels[21, 17]
        #expect(a.w == 1 && b.w == 1)
        #expect(abs(a.x - b.x) == 1, "\(a) \(b)")
    }

    @Test(arguments: Backend.allCases)
    func aStitchableColorEffectRunsOnAView(backend: Backend) throws {
        let gray = try StockShaders.library.grayscale(.float(1))
        let pixels = try render(Color(red: 1, green: 0, blue: 0).colorEffect(gray), width: 4, height: 4, on: backend)
        let p = pixels[1, 1]
        #expect(p.w == 1 && abs(p.x - p.y) < 1e-6 && abs(p.y - p.z) < 1e-6 && p.x > 0.1 && p.x < 0.5, "\(p)")
    }
}

@Suite struct BlendEffectTests {
    @Test(arguments: Backend.allCases)
    func aBlendFunctionMatchesTheBuiltInMode(backend: Backend) throws {
        let difference = try StockShaders.library.differenceBlend()
        func scene(_ top: some View) throws -> ZStack {
            try ZStack {
                try LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
                top
            }
        }
        let circle = Circle().fill(Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.8)).frame(width: 24, height: 24)
        let custom = try render(scene(circle.blendEffect(difference)), width: 32, height: 32, on: backend)
        let builtIn = try render(scene(circle.blendMode(.difference)), width: 32, height: 32, on: backend)
        for y in 0..<32 {
            for x in 0..<32 {
                expectClose(custom[x, y], builtIn[x, y], "(\(x), \(y))")
            }
        }
    }

    @Test func effectPicksTheModifierByKind() throws {
        let gray = try StockShaders.library.grayscale(.float(1))
        let checker = try StockShaders.library.checkerboard(.float(4), .color(.white), .color(.black))
        _ = try Color.red.effect(gray)
        #expect(throws: RenderError.self) { try Color.red.effect(checker) }
    }
}
