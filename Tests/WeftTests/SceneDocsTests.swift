import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
@testable import WeftViews

/// docs/scenes.md's animation forms are the ones a scene file takes: each line of its "Animations" block, as a
/// timeline entry's animation, loads, and gives the duration the text under the block says.
@Test func everyDocumentedAnimationFormLoads() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let doc = try String(contentsOf: root.appendingPathComponent("docs/scenes.md"), encoding: .utf8)
    let section = try #require(doc.components(separatedBy: "### Animations").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```").dropFirst().first)
    let forms = block.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(forms.count == 11)
    for form in forms {
        let scene = try parseScene("""
        {"size": [8, 8], "states": {"a": {"color": "#000000"}, "b": {"color": "#ffffff"}},
         "timeline": [{"state": "a"}, {"at": 1, "state": "b", "animation": \(form)}]}
        """)
        // The named curves take SwiftUI's default 0.35 s; the ones given a duration, 0.8 s.
        if form.hasPrefix("{\"linear\"") || form.hasPrefix("{\"ease") {
            #expect(abs(scene.duration - 1.8) < 1e-9, "\(form): \(scene.duration)")
        } else if !form.contains("spring") {
            #expect(abs(scene.duration - 1.35) < 1e-9, "\(form): \(scene.duration)")
        } else {
            #expect(scene.duration > 1, "\(form)")
        }
    }
}
