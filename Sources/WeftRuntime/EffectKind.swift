/// The five kinds of stitchable effect (docs/authoring.md, "Kinds"), read off a function's signature.
public enum EffectKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// `vec4 f(vec2 position, vec4 color, args…)`
    case color
    /// `vec4 f(vec2 position, Layer layer, args…)`
    case layer
    /// `vec2 f(vec2 position, args…)` returning the source position to sample.
    case distortion
    /// `vec4 f(vec2 position, args…)`
    case fill
    /// `vec4 f(vec2 position, vec4 source, vec4 destination, args…)`
    case blend

    /// Whether the generated kernel reads the input layer (binding 1).
    public var readsLayer: Bool { self != .fill }
    /// Whether the generated kernel reads a destination (binding 2).
    public var readsDestination: Bool { self == .blend }
    /// Whether the effect may sample away from the pixel, so `maxSampleOffset` padding applies.
    public var samplesNeighbourhood: Bool { self == .layer || self == .distortion }

    /// Why a `maxSampleOffset` given to an effect of this kind is refused; nil for layer and distortion effects. One
    /// sentence for the command line and scene files alike.
    public var maxSampleOffsetRefusal: String? {
        samplesNeighbourhood ? nil : "maxSampleOffset applies to layer and distortion effects; a \(rawValue) effect samples only its own pixel"
    }
}
