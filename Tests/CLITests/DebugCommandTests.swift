import Foundation
import Testing

@Suite
struct DebugCommandTests {
    @Test func tracesAnEffectAtAPixelAsTextAndAsJSON() throws {
        let arguments = ["debug", CLI.pattern, "--effect", "wave", "--arg", "amplitude=10", "--arg", "wavelength=64", "--arg", "phase=0",
                         "--pixel", "100,50"]
        let text = try CLI.weft(arguments)
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("wave (distortion) at pixel (100, 50), point (100.5, 50.5)"), "\(text)")
        #expect(text.stdout.contains("float k = 6.28318530718 / max(wavelength, 1e-3);"), "\(text)")
        #expect(text.stdout.contains("k = \(Float(6.28318530718) / 64)  (float)"), "\(text)")
        #expect(text.stdout.contains("returns (100.5, "), "\(text)")

        let json = try CLI.weft(arguments + ["--json"])
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["effect"] as? String == "wave")
        #expect(object["pixel"] as? [Int] == [100, 50])
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.contains { $0["kind"] as? String == "store" && $0["name"] as? String == "k" && $0["line"] as? Int != nil })
    }

    @Test func tracesAnEffectOfAScene() throws {
        // examples/badge-tint.json waves its content with the stock wave (amplitude 8, wavelength 90).
        let run = try CLI.weft(["debug", "examples/badge-tint.json", "--pixel", "10,10", "--trace", "wave", "--scale", "0.25"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("wave (distortion) at pixel (10, 10), point (42.0, 42.0)") && run.stdout.contains("Shaders/wave.glsl:"), "\(run)")
        #expect(run.stdout.contains("k = \(Float(6.28318530718) / 90)  (float)"), "\(run)")
    }

    @Test func badPixelsAreRefused() throws {
        let base = ["debug", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1"]
        let missing = try CLI.weft(base)
        #expect(missing.status == 2 && missing.stderr.contains("--pixel"), "\(missing)")
        let malformed = try CLI.weft(base + ["--pixel", "3"])
        #expect(malformed.status == 1 && malformed.stderr.contains("--pixel \"3\""), "\(malformed)")
        let outside = try CLI.weft(base + ["--pixel", "600,10"])
        #expect(outside.status == 1 && outside.stderr.contains("pixel (600, 10) is outside the 512×384 picture"), "\(outside)")
        let other = try CLI.weft(base + ["--pixel", "1,1", "--trace", "wave"])
        #expect(other.status == 1 && other.stderr.contains("effect 'wave' does not run at pixel (1, 1); effects of this render: grayscale"), "\(other)")
    }
}
