import Foundation
import Testing
import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// The Swift example of README.md, line for line (writing to a temporary folder), so the
/// README cannot drift from the API.
@Test func readmeSwiftExampleRendersOnTheCPUEvaluator() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("weft-readme-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: out) }

    let library = try ShaderLibrary(url: root.appendingPathComponent("Shaders"))
    let tint = try library.radialTint(.float2(200, 160), .float(220), .color(.orange))
    let context = try RenderContext.make(device: .cpu)
    let view = try Image(contentsOfFile: root.appendingPathComponent("examples/images/test-pattern.png").path).colorEffect(tint)
    let rendering = try context.render(view, size: Size(width: 512, height: 384))
    try PNGFile.write(rendering.pixels, to: out)

    let written = try PNGFile.load(path: out)
    #expect(written.width == 512 && written.height == 384)
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("let tint = try library.radialTint(.float2(200, 160), .float(220), .color(.orange))"))
    #expect(readme.contains("let rendering = try context.render(view, size: Size(width: 512, height: 384))"))
}
