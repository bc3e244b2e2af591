import Foundation
import Testing
@testable import Weft

enum Examples {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path

    static var sceneFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func load(_ file: String) throws -> Scene {
        try Scene.load(contentsOf: directory + "/" + file) { folders in
            try LibraryShaderProvider(folders: folders, baseDirectory: directory)
        }
    }

    static func render(_ file: String, on backend: Backend) throws -> PixelBuffer {
        let scene = try load(file)
        return try backend.makeContext().render(scene.root, size: scene.size, options: scene.options(time: 0.5)).pixels
    }
}

@Suite struct ExampleSceneTests {
    @Test func thereAreExamples() {
        #expect(Examples.sceneFiles.count >= 6)
    }

    /// Renders every example; with `WEFT_EXAMPLES_OUT=folder` set, writes each as PNG there to look at.
    @Test(arguments: Backend.allCases)
    func everyExampleRenders(backend: Backend) throws {
        let out = ProcessInfo.processInfo.environment["WEFT_EXAMPLES_OUT"]
        for file in Examples.sceneFiles {
            let pixels = try Examples.render(file, on: backend)
            var opaque = 0
            for y in 0..<pixels.height { for x in 0..<pixels.width where pixels[x, y].w > 0 { opaque += 1 } }
            #expect(opaque > 0, "\(file) rendered nothing")
            if let out {
                try PNGFile.write(pixels, to: "\(out)/\(backend.rawValue)-\(file.dropLast(5)).png")
            }
        }
    }

    /// Both backends run the same SPIR-V: every example agrees within 2/255.
    @Test func vulkanAndCPUAgreeOnEveryExample() throws {
        for file in Examples.sceneFiles {
            let a = try Examples.render(file, on: .vulkan)
            let b = try Examples.render(file, on: .cpu)
            #expect(a.width == b.width && a.height == b.height)
            var worst: Float = 0
            var at = (0, 0)
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let d = a[x, y] - b[x, y]
                    let m = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
                    if m > worst { worst = m; at = (x, y) }
                }
            }
            #expect(worst <= 2.0 / 255 + 1e-6, "\(file): differs by \(worst * 255)/255 at \(at)")
        }
    }
}
