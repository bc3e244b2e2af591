#if canImport(Glibc)
import Glibc
#endif

/// One step of a keyframe track, after SwiftUI's `KeyframeAnimator` keyframes: where the value goes and how.
public enum Keyframe: Sendable, Hashable {
    /// `LinearKeyframe`: straight to `value` over `duration` seconds.
    case linear(Float, duration: Double)
    /// `CubicKeyframe`: along a cubic curve that starts with the track's velocity and ends with the next keyframe's:
    /// Catmull-Rom tangents between cubics (and before a spring), a linear keyframe's slope, at rest before a move
    /// and at the end.
    case cubic(Float, duration: Double)
    /// `SpringKeyframe`: a spring (`Animation.spring(response:dampingFraction:)`) towards `value` for `duration` seconds,
    /// starting with the track's velocity then; the next keyframe starts from where and how fast it is then.
    case spring(Float, duration: Double, response: Double, dampingFraction: Double)
    /// `MoveKeyframe`: to `value` at once.
    case move(Float)

    public var value: Float {
        switch self {
        case .linear(let v, _), .cubic(let v, _), .spring(let v, _, _, _), .move(let v): v
        }
    }
    public var duration: Double {
        switch self {
        case .linear(_, let d), .cubic(_, let d), .spring(_, let d, _, _): d
        case .move: 0
        }
    }
}

/// What a keyframe track drives: a drawing-only attribute of the view, so layout is untouched.
public enum KeyframeAttribute: String, Sendable, Hashable, CaseIterable {
    case scale, rotation, x, y, opacity

    /// The value before the first keyframe (the view as written).
    public var initial: Float { self == .scale || self == .opacity ? 1 : 0 }
}

/// The keyframes of one attribute, from its initial value.
public struct KeyframeTrack: Sendable, Hashable {
    public var attribute: KeyframeAttribute
    public var keyframes: [Keyframe]
    public init(_ attribute: KeyframeAttribute, _ keyframes: [Keyframe]) {
        self.attribute = attribute
        self.keyframes = keyframes
    }

    public var duration: Double { keyframes.reduce(0) { $0 + $1.duration } }

    /// The value `t` seconds into the track; the last keyframe's value after it.
    public func value(at t: Double) -> Float { motion(at: t).value }

    /// The value and its rate (per second) `t` seconds into the track. A spring or cubic keyframe starts with the
    /// velocity the track had when it began, as SwiftUI's `SpringKeyframe` and `CubicKeyframe` do without a
    /// `startVelocity`; a move stops the motion.
    func motion(at t: Double) -> (value: Float, velocity: Float) {
        var start = 0.0, from = attribute.initial, velocity: Float = 0
        for (i, keyframe) in keyframes.enumerated() {
            let end = start + keyframe.duration
            guard t < end else {
                (from, velocity) = segment(i, from: from, velocity: velocity, at: keyframe.duration)
                start = end
                continue
            }
            return segment(i, from: from, velocity: velocity, at: t - start)
        }
        return (from, 0)
    }

    /// Keyframe `i` `elapsed` seconds in, started at `from` moving at `velocity`.
    private func segment(_ i: Int, from: Float, velocity: Float, at elapsed: Double) -> (value: Float, velocity: Float) {
        let keyframe = keyframes[i]
        switch keyframe {
        case .move(let v): return (v, 0)
        case .linear(let v, let d): return (from + (v - from) * Float(elapsed / d), (v - from) / Float(d))
        case .spring(let v, _, let response, let damping):
            let y = Spring(response: response, dampingFraction: damping).displacement(at: elapsed, from: Double(from - v), velocity: Double(velocity))
            return (v + Float(y.value), Float(y.velocity))
        case .cubic(let v, let d):
            // A Hermite segment (SwiftUI's `CubicKeyframe`): it starts with the track's velocity (after a cubic, the
            // Catmull-Rom tangent it ended with) and ends with the velocity the next keyframe starts with.
            let m0 = velocity, m1: Float
            switch i + 1 < keyframes.count ? keyframes[i + 1] : nil {
            case .cubic(let after, let next), .spring(let after, let next, _, _): m1 = (after - from) / Float(d + next)
            case .linear(let after, let next): m1 = (after - v) / Float(next)
            case .move, nil: m1 = 0
            }
            let h = Float(d), u = Float(elapsed / d), u2 = u * u, u3 = u2 * u
            let value = (2 * u3 - 3 * u2 + 1) * from + (u3 - 2 * u2 + u) * h * m0 + (-2 * u3 + 3 * u2) * v + (u3 - u2) * h * m1
            let slope = (6 * u2 - 6 * u) * from + (3 * u2 - 4 * u + 1) * h * m0 + (-6 * u2 + 6 * u) * v + (3 * u2 - 2 * u) * h * m1
            return (value, slope / h)
        }
    }
}

/// SwiftUI's `KeyframeAnimator`, aimed at the view named `view` (`id(_:)`) in every state: from `start` seconds its
/// tracks drive its scale, rotation (degrees), offset and opacity, once or over and over (`repeating`).
public struct KeyframeAnimator: Sendable, Hashable {
    public var view: String
    public var start: Double
    public var repeating: Bool
    public var tracks: [KeyframeTrack]

    public init(view: String, start: Double = 0, repeating: Bool = false, tracks: [KeyframeTrack]) {
        self.view = view
        self.start = start
        self.repeating = repeating
        self.tracks = tracks
    }

    /// The longest track, seconds.
    public var duration: Double { tracks.map(\.duration).max() ?? 0 }

    /// Why these keyframes cannot play, or nil.
    public var invalidity: String? {
        for track in tracks {
            for keyframe in track.keyframes {
                guard keyframe.value.isFinite else { return "\(track.attribute.rawValue): a keyframe's value must be a finite number" }
                if case .move = keyframe { continue }
                guard keyframe.duration > 0, keyframe.duration.isFinite else {
                    return "\(track.attribute.rawValue): a keyframe's duration must be a positive number of seconds, got \(keyframe.duration)"
                }
                if case .spring(_, _, let response, let damping) = keyframe, let problem = Animation.spring(response: response, dampingFraction: damping).invalidity {
                    return "\(track.attribute.rawValue): \(problem)"
                }
            }
        }
        guard start >= 0, start.isFinite else { return "the start must be a finite number of seconds ≥ 0, got \(start)" }
        return repeating && duration == 0 ? "a repeating animator needs a keyframe with a duration" : nil
    }

    /// The value of `attribute` `time` seconds into the scene.
    public func value(of attribute: KeyframeAttribute, at time: Double) -> Float {
        guard let track = tracks.last(where: { $0.attribute == attribute }) else { return attribute.initial }
        var t = max(time - start, 0)
        if repeating, duration > 0 { t = t.truncatingRemainder(dividingBy: duration) }
        return track.value(at: t)
    }

    /// `node` with the animated view wrapped in its attributes' modifiers at `time`.
    func applied(to node: ViewNode, at time: Double) -> ViewNode {
        if Interpolation.id(of: node) == view {
            var result = node
            let driven = Set(tracks.map(\.attribute))
            func value(_ a: KeyframeAttribute) -> Float { self.value(of: a, at: time) }
            if driven.contains(.scale) { result = ViewNode(.modified(result, ScaleEffect(factors: SIMD2(repeating: value(.scale))))) }
            if driven.contains(.rotation) { result = ViewNode(.modified(result, RotationEffect(angle: .degrees(value(.rotation))))) }
            if driven.contains(.x) || driven.contains(.y) { result = ViewNode(.modified(result, OffsetEffect(delta: SIMD2(value(.x), value(.y))))) }
            if driven.contains(.opacity) { result = ViewNode(.modified(result, OpacityEffect(value: min(max(value(.opacity), 0), 1)))) }
            return result
        }
        switch node.kind {
        case .shape, .image, .text, .spacer: return node
        case .stack(let children, let alignment): return ViewNode(.stack(children.map { applied(to: $0, at: time) }, alignment: alignment))
        case .stacked(let layout, let children): return ViewNode(.stacked(layout, children.map { applied(to: $0, at: time) }))
        case .grid(let layout, let children): return ViewNode(.grid(layout, children.map { applied(to: $0, at: time) }))
        case .modified(let child, let modifier): return ViewNode(.modified(applied(to: child, at: time), modifier))
        }
    }
}
