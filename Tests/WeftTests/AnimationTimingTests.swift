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

/// SwiftUI's curves and timing, keyframe tracks and phases, in Swift and in scene files.
struct AnimationTimingTests {
    @Test func swiftUIsSpringsHaveTheirDocumentedBounce() {
        #expect(Animation.snappy == .spring(response: 0.5, dampingFraction: 0.85))
        #expect(Animation.smooth == .spring(response: 0.5, dampingFraction: 1))
        #expect(Animation.bouncy == .spring(response: 0.5, dampingFraction: 0.7))
        #expect(Animation.bouncy(duration: 0.8, extraBounce: 0.1) == .spring(response: 0.8, dampingFraction: 0.6))
        #expect(Animation.spring(duration: 1, bounce: -0.5) == .spring(response: 1, dampingFraction: 2))
        // k = 100, c = 10, m = 1: ω₀ = 10, ζ = 0.5.
        #expect(Animation.interpolatingSpring(stiffness: 100, damping: 10) == .spring(response: 2 * Double.pi / 10, dampingFraction: 0.5))
    }

    @Test func delaySpeedAndRepeatRetimeTheCurve() {
        let linear = Animation.linear(duration: 1)
        #expect(linear.delay(0.5).progress(at: 0.25) == 0 && linear.delay(0.5).progress(at: 1) == 0.5 && linear.delay(0.5).duration == 1.5)
        #expect(linear.speed(2).progress(at: 0.25) == 0.5 && linear.speed(2).duration == 0.5)
        let thrice = linear.repeatCount(3, autoreverses: true)
        #expect(thrice.duration == 3)
        #expect(abs(thrice.progress(at: 0.25) - 0.25) < 1e-12 && abs(thrice.progress(at: 1.25) - 0.75) < 1e-12 && abs(thrice.progress(at: 2.25) - 0.25) < 1e-12)
        #expect(thrice.progress(at: 3) == 1)
        #expect(abs(linear.repeatCount(2, autoreverses: false).progress(at: 1.25) - 0.25) < 1e-12)
        let forever = linear.repeatForever()
        #expect(forever.duration == .infinity && abs(forever.progress(at: 101.5) - 0.5) < 1e-9)
        #expect(linear.speed(0).invalidity != nil && linear.delay(-1).invalidity != nil && linear.repeatCount(0).invalidity != nil)
    }

    @Test func keyframeTracksFollowTheirKinds() {
        let linear = KeyframeTrack(.x, [.linear(20, duration: 1), .move(-10), .linear(0, duration: 1)])
        #expect(linear.value(at: 0.5) == 10 && linear.value(at: 1.5) == -5 && linear.value(at: 5) == 0)
        let cubic = KeyframeTrack(.y, [.cubic(10, duration: 1), .cubic(0, duration: 1)])
        #expect(cubic.value(at: 1) == 10 && cubic.value(at: 2) == 0)
        #expect(abs(cubic.value(at: 0.5) - cubic.value(at: 1.5)) < 1e-5, "a curve through 0, 10, 0 at rest at both ends is symmetric")
        let spring = KeyframeTrack(.scale, [.spring(2, duration: 0.3, response: 0.5, dampingFraction: 0.5), .linear(1, duration: 1)])
        let at = Float(Spring(response: 0.5, dampingFraction: 0.5).value(at: 0.2)), end = Float(Spring(response: 0.5, dampingFraction: 0.5).value(at: 0.3))
        #expect(abs(spring.value(at: 0.2) - (1 + at)) < 1e-6)
        // The linear keyframe starts where the spring was when its time ran out.
        #expect(abs(spring.value(at: 0.8) - ((1 + end) + (1 - (1 + end)) * 0.5)) < 1e-5)
    }

    /// A spring keyframe starts with the velocity the track had (SwiftUI's `SpringKeyframe` without `startVelocity`): the
    /// value's rate just after a linear keyframe hands over equals the rate just before, and a spring after a spring
    /// carries the first one's velocity on; from rest it is the plain spring.
    @Test func aSpringKeyframeKeepsTheVelocityItIsHanded() {
        let track = KeyframeTrack(.x, [.linear(100, duration: 0.5), .spring(0, duration: 1, response: 0.5, dampingFraction: 0.5)])
        func rate(_ t: Double, _ track: KeyframeTrack) -> Float { (track.value(at: t + 1e-4) - track.value(at: t - 1e-4)) / 2e-4 }
        #expect(abs(rate(0.499, track) - 200) < 1)
        #expect(abs(track.motion(at: 0.5).velocity - 200) < 1e-3, "the spring starts at 200 points/s")
        // Its rate is the derivative of its value (measured where the spring moves), so the two agree along the way.
        for t in [0.55, 0.75, 1.2] { #expect(abs(track.motion(at: t).velocity - rate(t, track)) < 1, "\(t)") }
        let twice = KeyframeTrack(.y, [.spring(10, duration: 0.2, response: 0.6, dampingFraction: 0.7),
                                       .spring(-5, duration: 1, response: 0.3, dampingFraction: 0.9)])
        #expect(abs(twice.motion(at: 0.2).velocity - twice.motion(at: 0.2 - 1e-9).velocity) < 1e-3)
        #expect(abs(twice.motion(at: 0.2).velocity) > 10, "the first spring is still moving when it hands over")
        for t in [0.05, 0.1, 0.15] {
            let plain = Float(Spring(response: 0.6, dampingFraction: 0.7).value(at: t)) * 10
            #expect(abs(twice.value(at: t) - plain) < 1e-4)
        }
    }

    /// A cubic keyframe starts with the velocity the track has and ends with the one the next keyframe starts with
    /// (SwiftUI's `CubicKeyframe`): at a spring → cubic join (the spring still moving when its time is up), cubic →
    /// linear and linear → cubic, the rates measured just before and just after the join (second-order one-sided
    /// differences, h = 1 ms) agree, and agree with the track's own velocity there.
    @Test func aCubicKeyframeKeepsTheVelocityItIsHanded() {
        let track = KeyframeTrack(.x, [.spring(100, duration: 0.2, response: 0.6, dampingFraction: 0.7), .cubic(40, duration: 0.5),
                                       .linear(10, duration: 0.5), .cubic(20, duration: 0.5), .cubic(0, duration: 0.5)])
        let h = 1e-3
        func v(_ t: Double) -> Float { track.value(at: t) }
        for join in [0.2, 0.7, 1.2] {
            let before = (3 * v(join) - 4 * v(join - h) + v(join - 2 * h)) / Float(2 * h)
            let after = (-3 * v(join) + 4 * v(join + h) - v(join + 2 * h)) / Float(2 * h)
            #expect(abs(before) > 50, "t=\(join): the track moves at \(before) points/s")
            #expect(abs(after - before) < 0.01 * abs(before) + 0.5, "t=\(join): \(before) points/s before, \(after) after")
            #expect(abs(track.motion(at: join).velocity - before) < 0.01 * abs(before) + 0.5, "t=\(join)")
        }
        // Between cubics the tangent is still Catmull-Rom's: at 20 (1.7 s), from 10 (1.2 s) to 0 (2.2 s).
        #expect(abs(track.motion(at: 1.7).velocity - (0 - 10) / 1) < 1e-3)
    }

    /// A keyframe track moves a named square's drawing: its centre measured per frame, on both executors.
    @Test(arguments: Backend.allCases)
    func keyframesMoveTheNamedView(backend: Backend) throws {
        let size = Size(width: 64, height: 8)
        let square = ZStack { Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 8, height: 8).id("mark") }
        let animator = KeyframeAnimator(view: "mark", start: 1, repeating: true,
                                        tracks: [KeyframeTrack(.x, [.linear(20, duration: 1), .move(-10), .linear(0, duration: 1)])])
        let timeline = try Timeline(initial: square, animators: [animator])
        for (time, x) in [(0.5, 0), (1.5, 10), (2.5, -5), (3.5, 10)] as [(Double, Float)] {
            let pixels = try backend.makeContext().render(timeline.view(at: time, size: size), size: size).pixels
            let centre = ResolvedGeometryTests.centre(pixels, channel: 2, row: 4) ?? -1
            #expect(abs(centre - (32 + x)) < 0.01, "t=\(time): \(centre)")
        }
    }

    /// `PhaseAnimator`: each phase after the one before has finished and been held, back to the first between rounds.
    @Test(arguments: Backend.allCases)
    func phasesFollowOneAnother(backend: Backend) throws {
        let size = Size(width: 64, height: 8)
        func at(_ alignment: UnitPoint) -> some View {
            Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 8, height: 8).frame(width: 64, height: 8, alignment: alignment)
        }
        let timeline = try Timeline(phases: [at(.leading), at(.center), at(.trailing)], animation: .linear(duration: 1), hold: 0.5, cycles: 2)
        #expect(timeline.changes.map(\.time) == [0, 1.5, 3, 4.5, 6])
        #expect(timeline.duration == 7)
        for (time, x) in [(0.5, 18), (1.2, 32), (2, 46), (3.5, 32), (6.5, 46)] as [(Double, Float)] {
            let pixels = try backend.makeContext().render(timeline.view(at: time, size: size), size: size).pixels
            let centre = ResolvedGeometryTests.centre(pixels, channel: 2, row: 4) ?? -1
            #expect(abs(centre - x) < 0.01, "t=\(time): \(centre)")
        }
    }

    static func scene(_ json: String) throws -> Scene {
        try Scene.parse(Data(json.utf8), baseDirectory: "/") { _ in OneShaderProvider() }
    }

    @Test func scenesSpellEveryCurve() throws {
        let cases: [(String, Animation)] = [
            (#""snappy""#, .snappy), (#""bouncy""#, .bouncy), (#""smooth""#, .smooth),
            (#"{"snappy": {"duration": 0.4, "extraBounce": 0.1}}"#, .snappy(duration: 0.4, extraBounce: 0.1)),
            (#"{"spring": {"duration": 0.6, "bounce": 0.2}}"#, .spring(duration: 0.6, bounce: 0.2)),
            (#"{"spring": {"response": 0.3, "dampingFraction": 0.5}}"#, .spring(response: 0.3, dampingFraction: 0.5)),
            (#"{"interpolatingSpring": {"stiffness": 100, "damping": 10}}"#, .interpolatingSpring(stiffness: 100, damping: 10)),
            (#"{"linear": 1, "delay": 0.5, "speed": 2}"#, Animation.linear(duration: 1).delay(0.5).speed(2)),
            (#"{"easeInOut": 1, "repeat": {"count": 3, "autoreverses": false}}"#, Animation.easeInOut(duration: 1).repeatCount(3, autoreverses: false)),
            (#"{"easeIn": 0.5, "repeat": {}}"#, Animation.easeIn(duration: 0.5).repeatForever()),
        ]
        for (json, expected) in cases {
            let scene = try Self.scene(##"{"size": [4, 4], "duration": 9, "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a"}, {"at": 1, "state": "a", "animation": "## + json + "}]}")
            #expect(scene.timeline?.changes.first?.animation == expected, "\(json)")
        }
        #expect(throws: SceneError.self) { try Self.scene(##"{"size": [4, 4], "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a"}, {"at": 1, "state": "a", "animation": {"linear": 1, "speed": 0}}]}"##) }
    }

    @Test func scenesSpellKeyframesAndPhases() throws {
        let keyframed = try Self.scene(##"""
        {"size": [64, 8], "root": {"color": "#0000ff", "modifiers": [{"frame": {"width": 8, "height": 8}}, {"id": "mark"}]},
         "keyframes": [{"view": "mark", "repeating": true, "tracks": {
             "x": [{"linear": 20, "duration": 1}, {"move": -10}, {"cubic": 0, "duration": 1}],
             "scale": [{"spring": 1.5, "duration": 0.5, "bounce": 0.3}], "rotation": [{"linear": 90, "duration": 2}]}}]}
        """##)
        let animator = try #require(keyframed.timeline?.animators.first)
        #expect(animator.view == "mark" && animator.repeating && animator.duration == 2)
        #expect(animator.tracks.map(\.attribute) == [.rotation, .scale, .x])
        #expect(animator.value(of: .x, at: 0.5) == 10)
        let phased = try Self.scene(##"""
        {"size": [8, 8], "states": {"a": {"color": "#ff0000"}, "b": {"color": "#0000ff"}},
         "timeline": {"phases": ["a", "b"], "animation": {"linear": 1}, "hold": 1, "cycles": 2}}
        """##)
        #expect(phased.timeline?.changes.map(\.time) == [0, 2, 4])
        #expect(phased.duration == 5)
        #expect(throws: SceneError.self) {
            try Self.scene(##"{"size": [8, 8], "root": {"color": "#ff0000"}, "keyframes": [{"view": "x", "tracks": {"skew": []}}]}"##)
        }
    }
}
