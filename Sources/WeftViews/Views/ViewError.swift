import WeftText

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
    /// `Image(systemName:)` with a name no symbol has; `nearest` is the closest one that does.
    case unknownSymbol(String, nearest: String?)
    /// A symbol drawn from the icon font, which cannot draw it (not installed, or without the icon).
    case symbolFont(String, TextError)

    public var description: String {
        switch self {
        case .imageScale(let s): "an image's scale must be positive and finite, got \(s)"
        case .textSize(let s): "a text size must be positive and finite, got \(s)"
        case .emptyGradient: "a gradient needs at least one stop"
        case let .timeline(index, message): "change \(index) of the timeline: \(message)"
        case let .keyframes(index, message): "keyframe animator \(index): \(message)"
        case let .unknownState(name, known): "no state named '\(name)'; the states are \(known.joined(separator: ", "))"
        case let .unknownSymbol(name, nearest):
            "no symbol named '\(name)'" + (nearest.map { "; the nearest is '\($0)'" } ?? "") + " (docs/symbols.md lists every symbol)"
        case let .symbolFont(name, error): "symbol '\(name)': \(error)"
        }
    }
}
