import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

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
        try rendering(file, on: backend).pixels
    }

    static func rendering(_ file: String, on backend: Backend) throws -> Rendering {
        let scene = try load(file)
        return try backend.makeContext().render(scene, at: 0.5)
    }
}

@Suite struct ExampleSceneTests {
    @Test func thereAreExamples() {
        #expect(Examples.sceneFiles.count >= 6)
    }

    /// Renders every example on Vulkan (the CPU evaluator renders them in the agreement test below).
    @Test func everyExampleRenders() throws {
        for file in Examples.sceneFiles {
            let pixels = try Examples.render(file, on: .vulkan)
            var covered = 0
            for y in 0..<pixels.height { for x in 0..<pixels.width where pixels[x, y].w > 0 { covered += 1 } }
            #expect(covered > 0, "\(file) rendered nothing")
        }
    }

    /// Both backends run the same SPIR-V: every example agrees within 2/255.
    @Test func vulkanAndCPUAgreeOnEveryExample() throws {
        for file in Examples.sceneFiles {
            let a = try Examples.render(file, on: .vulkan)
            let cpu = try Examples.rendering(file, on: .cpu)
            // The evaluator's checks (premultiplication, sample bounds, non-finite values) find nothing.
            #expect(cpu.reports.isEmpty, "\(file): \(cpu.reports.prefix(3))")
            let b = cpu.pixels
            // With `WEFT_EXAMPLES_OUT=folder` set, both renders are written there as PNG to look at.
            if let out = ProcessInfo.processInfo.environment["WEFT_EXAMPLES_OUT"] {
                try PNGFile.write(a, to: "\(out)/vulkan-\(file.dropLast(5)).png")
                try PNGFile.write(b, to: "\(out)/cpu-\(file.dropLast(5)).png")
            }
            let d = try #require(ImageDifference(a, b), "\(file): sizes differ")
            #expect(d.maximum <= 2.0 / 255 + 1e-6, "\(file): differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
        }
    }
}
