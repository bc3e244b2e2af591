/// A view, gradient or timeline that cannot be made as asked: what a caller of the library got wrong.
public enum ViewError: Error, Sendable, Hashable, CustomStringConvertible {
    case imageScale(Float)
    case textSize(Float)
    case emptyGradient
    /// Change `index` of a timeline cannot follow the ones before it.
    case timeline(index: Int, message: String)
    /// Keyframe animator `index` of a timeline cannot play.
    case keyframes(index: Int, message: String)
    /// A geometry sweep starting in a state it does not have.
    case unknownState(String, known: [String])
    /// `Image(systemName:)` with a name the built-in symbols do not have.
    case unknownSymbol(String, known: [String])

    public var description: String {
        switch self {
        case .imageScale(let s): "an image's scale must be positive and finite, got \(s)"
        case .textSize(let s): "a text size must be positive and finite, got \(s)"
        case .emptyGradient: "a gradient needs at least one stop"
        case let .timeline(index, message): "change \(index) of the timeline: \(message)"
        case let .keyframes(index, message): "keyframe animator \(index): \(message)"
        case let .unknownState(name, known): "no state named '\(name)'; the states are \(known.joined(separator: ", "))"
        case let .unknownSymbol(name, known): "no symbol named '\(name)'; the built-in symbols are \(known.joined(separator: ", "))"
        }
    }
}
