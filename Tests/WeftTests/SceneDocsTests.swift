import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
@testable import WeftViews

/// docs/scenes.md's animation forms are the ones a scene file takes: each form of its "Animations" block (a line holds
/// one object, or several quoted names), as a timeline entry's animation, loads and gives the duration it says.
@Test func everyDocumentedAnimationFormLoads() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let doc = try String(contentsOf: root.appendingPathComponent("docs/scenes.md"), encoding: .utf8)
    let section = try #require(doc.components(separatedBy: "### Animations").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```").dropFirst().first)
    let lines = block.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    let forms = lines.flatMap { line in
        line.hasPrefix("{") ? [line] : line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    // Named curves take SwiftUI's default 0.35 s; timed ones what they say; a change starts at 1 s.
    let durations: [String: Double] = [
        #""linear""#: 1.35, #""easeIn""#: 1.35, #""easeOut""#: 1.35, #""easeInOut""#: 1.35,
        #"{"linear": 0.8}"#: 1.8, #"{"easeIn": 0.8}"#: 1.8, #"{"easeOut": 0.8}"#: 1.8, #"{"easeInOut": 0.8}"#: 1.8,
        #"{"linear": 1, "delay": 0.25}"#: 2.25, #"{"easeInOut": 0.5, "speed": 2}"#: 1.25,
    ]
    #expect(forms.count >= 20)
    #expect(Set(durations.keys).isSubset(of: Set(forms)))
    for form in forms {
        let scene = try parseScene("""
        {"size": [8, 8], "states": {"a": {"color": "#000000"}, "b": {"color": "#ffffff"}},
         "timeline": [{"state": "a"}, {"at": 1, "state": "b", "animation": \(form)}]}
        """)
        if form.contains("\"repeat\"") && !form.contains("\"count\"") {
            // Repeating forever has no end: the scene's own length stops where the change starts.
            #expect(scene.duration == 1, "\(form): \(scene.duration)")
        } else if let expected = durations[form] {
            #expect(abs(scene.duration - expected) < 1e-9, "\(form): \(scene.duration)")
        } else {
            #expect(scene.duration > 1, "\(form)")
        }
    }
}
