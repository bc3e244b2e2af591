import Foundation
import Testing

/// `weft preview`'s errors before any window: named, with the exit status of docs/cli.md. No X server needed.
@Suite struct PreviewCommandTests {
    static func preview(_ arguments: [String], environment: [String: String] = [:]) throws -> Tools.Run {
        try Tools.run(Weft.binary, ["preview"] + arguments, environment: Weft.environment.merging(environment) { $1 })
    }

    @Test func withoutADisplayItSaysSo() throws {
        let run = try Self.preview(["--size", "16x16", "--effect", "checkerboard", "--preset", "--device", "cpu"], environment: ["DISPLAY": ""])
        #expect(run.status == 1)
        #expect(run.stderr.contains("weft preview: cannot open a window"), "\(run.stderr)")
    }

    @Test func badCommandLinesAreUsageErrors() throws {
        let screenshot = try Self.preview(["--size", "16x16", "--effect", "checkerboard", "--screenshot", "x.png"])
        #expect(screenshot.status == 2 && screenshot.stderr.contains("--screenshot needs --frames N"), "\(screenshot.stderr)")
        let frames = try Self.preview(["--size", "16x16", "--effect", "checkerboard", "--frames", "0"])
        #expect(frames.status == 1 && frames.stderr.contains("--frames"), "\(frames.stderr)")
        let effect = try Self.preview(["--size", "16x16", "--effect", "noSuchEffect", "--device", "cpu"], environment: ["DISPLAY": ""])
        #expect(effect.status == 1 && effect.stderr.contains("unknown effect 'noSuchEffect'"), "\(effect.stderr)")
    }
}
