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

/// Each timing curve against its closed form, the spring against the analytic solution of its
/// differential equation.
struct AnimationCurveTests {
    /// The cubic Bézier's coordinate at parameter s, written out: B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * pow(1 - s, 2) * s * p1 + 3 * (1 - s) * s * s * p2 + pow(s, 3)
    }

    @Test func linearIsTheFractionOfTheDuration() {
        let a = Animation.linear(duration: 2)
        for f in [0.0, 0.1, 0.25, 0.5, 0.75, 1.0] { #expect(abs(a.progress(at: 2 * f) - f) < 1e-12) }
        #expect(a.progress(at: -1) == 0 && a.progress(at: 5) == 1)
    }

    @Test(arguments: [("easeIn", 0.42, 0.0, 1.0, 1.0), ("easeOut", 0.0, 0.0, 0.58, 1.0), ("easeInOut", 0.42, 0.0, 0.58, 1.0)])
    func easeCurvesFollowTheirBezier(name: String, x1: Double, y1: Double, x2: Double, y2: Double) {
        let duration = 0.8
        let animation: Animation = switch name {
        case "easeIn": .easeIn(duration: duration)
        case "easeOut": .easeOut(duration: duration)
        default: .easeInOut(duration: duration)
        }
        // At the curve's point of parameter s, x is the fraction of time and y the progress.
        for s in [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95] {
            let x = Self.bezier(s, x1, x2), y = Self.bezier(s, y1, y2)
            #expect(abs(animation.progress(at: x * duration) - y) < 1e-9, "\(name) at s=\(s)")
        }
        #expect(animation.progress(at: 0) == 0 && animation.progress(at: duration) == 1)
    }

    @Test func easeInOutIsSymmetric() {
        let a = Animation.easeInOut(duration: 1)
        #expect(abs(a.progress(at: 0.5) - 0.5) < 1e-12)
        for t in [0.1, 0.3, 0.45] { #expect(abs(a.progress(at: t) + a.progress(at: 1 - t) - 1) < 1e-9) }
    }

    /// x'' + 2ζω₀x' + ω₀²(x − 1) = 0 from rest at 0, by central differences, for each damping regime.
    @Test(arguments: [0.3, 0.825, 1.0, 1.6])
    func springSolvesItsEquation(damping: Double) {
        let response = 0.5
        let spring = Animation.spring(response: response, dampingFraction: damping)
        let w = 2 * Double.pi / response, h = 1e-4
        #expect(spring.progress(at: 0) == 0)
        #expect(abs(spring.progress(at: h) / h) < 1e-2, "starts at rest")
        for t in stride(from: 0.02, to: min(spring.duration, 1.5) - 0.01, by: 0.037) {
            let x = spring.progress(at: t), before = spring.progress(at: t - h), after = spring.progress(at: t + h)
            let velocity = (after - before) / (2 * h), acceleration = (after - 2 * x + before) / (h * h)
            let residual = acceleration + 2 * damping * w * velocity + w * w * (x - 1)
            #expect(abs(residual) < 1e-3 * w * w, "ζ=\(damping) t=\(t): residual \(residual)")
        }
    }

    /// Known values: the first overshoot of an underdamped spring, 1 + e^{−ζπ/√(1−ζ²)} at t = π/ω_d, and the
    /// critically damped spring at one response, 1 − e^{−2π}(1 + 2π).
    @Test func springMatchesClosedFormValues() {
        let z = 0.4, response = 1.0
        let w = 2 * Double.pi / response, wd = w * (1 - z * z).squareRoot()
        let peak = Animation.spring(response: response, dampingFraction: z).progress(at: Double.pi / wd)
        #expect(abs(peak - (1 + exp(-z * Double.pi / (1 - z * z).squareRoot()))) < 1e-12)
        let critical = Animation.spring(response: response, dampingFraction: 1).progress(at: response)
        #expect(abs(critical - (1 - exp(-2 * Double.pi) * (1 + 2 * Double.pi))) < 1e-12)
    }

    @Test(arguments: [0.2, 0.825, 1.0, 2.0])
    func springsSettleWithinTheirTolerance(damping: Double) {
        let spring = Animation.spring(response: 0.55, dampingFraction: damping)
        let settle = spring.duration
        #expect(settle.isFinite && settle > 0)
        for t in stride(from: settle, to: settle + 2, by: 0.01) { #expect(spring.progress(at: t) == 1) }
        // Just before, the analytic value is still within the tolerance band or outside it, never snapped.
        let raw = Spring(response: 0.55, dampingFraction: damping)
        for t in stride(from: settle, to: settle + 3, by: 0.013) { #expect(abs(raw.value(at: t) - 1) <= Spring.settleTolerance) }
    }

    @Test func invalidParametersAreNamed() {
        #expect(Animation.linear(duration: 0).invalidity?.contains("duration") == true)
        #expect(Animation.spring(response: 0.5, dampingFraction: 0).invalidity?.contains("damping") == true)
        #expect(Animation.spring(response: -1, dampingFraction: 1).invalidity?.contains("response") == true)
        #expect(Animation.easeInOut(duration: 0.3).invalidity == nil)
    }
}
