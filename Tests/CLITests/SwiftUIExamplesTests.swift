import Foundation
import Testing
import WeftImage

/// The seeds' Swift views in examples/swiftui render, at the start, middle and end of each of their animations, the
/// same pixels as the scene files beside them that compose the same views (tolerance 0, on the CPU evaluator).
struct SwiftUIExamplesTests {
    static let program = CLI.packageRoot.appendingPathComponent(".build/debug/weft-swiftui-examples").path
    static let folder = CLI.packageRoot.appendingPathComponent("examples/swiftui")

    @Test func everyExampleRendersItsSceneFilesPixels() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.program)
        process.arguments = ["--device", "cpu", "--compare", out.path]
        process.currentDirectoryURL = CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = CLI.cache.path
        process.environment = environment
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let (printed, failure) = CLI.outputs(of: process, pipe, errors)
        #expect(process.terminationStatus == 0, "\(printed)\(failure)")

        // Every scene file is compared, at every frame the program wrote.
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        let lines = printed.split(separator: "\n")
        for scene in scenes {
            let name = String(scene.dropLast(".json".count))
            let frames = lines.filter { $0.contains("/\(name)-") && $0.hasSuffix("the same pixels as \(scene)") }
            #expect(!frames.isEmpty, "\(scene) was not compared")
        }
        // The download badge, the hero and the moving buttons are compared at the start, middle and end of each animation.
        #expect(lines.filter { $0.contains("/download-badge-") }.count == 3)
        #expect(lines.filter { $0.contains("/galeria-") }.count == 6)
        #expect(lines.filter { $0.contains("/moving-buttons-") }.count == 6)
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
        #expect(lines.count == written.count)

        // The moving buttons keep their identity between the two `if`s: the top button's blue label slides, linearly,
        // half way at the middle of each move (SwiftUI's structural identity; a cross-fade would leave it at its ends).
        func labelRow(_ time: String) throws -> Float {
            let pixels = try PNGFile.load(path: out.appendingPathComponent("moving-buttons-\(time).png").path)
            var sum: Float = 0, weight: Float = 0
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    let p = pixels[x, y] as SIMD4<Float>
                    guard p.z > 0.5, p.x < 0.3, p.y < 0.6 else { continue }
                    sum += p.z * (Float(y) + 0.5)
                    weight += p.z
                }
            }
            return sum / weight
        }
        for (start, middle, end) in [("0.500", "1.000", "1.500"), ("2.000", "2.500", "3.000")] {
            let (a, m, b) = (try labelRow(start), try labelRow(middle), try labelRow(end))
            #expect(abs(b - a) > 200 && abs(m - (a + b) / 2) < 1, "the label at \(a), \(m), \(b)")
        }
    }
}
