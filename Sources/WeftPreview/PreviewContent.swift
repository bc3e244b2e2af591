import Weft
import WeftShaders

/// An effect parameter the overlay shows and the keys change: a `float` parameter with an annotated range.
public struct PreviewParameter: Sendable, Equatable {
    /// Names the parameter among all the preview's effects; the key of an override.
    public var id: String
    /// `effect.parameter`, for the overlay.
    public var label: String
    public var annotation: ParameterAnnotation
    public var value: Float

    public init(id: String, label: String, annotation: ParameterAnnotation, value: Float) {
        self.id = id
        self.label = label
        self.annotation = annotation
        self.value = value
    }

    /// The value after `clicks` wheel clicks or arrow presses: a fiftieth of the range each, kept in the range.
    public func nudged(by clicks: Double) -> Float {
        guard let range = annotation.range else { return value + Float(clicks) }
        let step = (range.upperBound - range.lowerBound) / 50
        return annotation.clamped(value + Float(clicks) * step)
    }

    /// `ripple.amplitude = 8.00  (0..40)  wave height in points`
    public var overlayLine: String {
        var line = "\(label) = \(Self.format(value))"
        if let range = annotation.range { line += "  (\(Self.format(range.lowerBound))..\(Self.format(range.upperBound)))" }
        if !annotation.meaning.isEmpty { line += "  \(annotation.meaning)" }
        return line
    }

    static func format(_ value: Float) -> String {
        let hundredths = (Double(value) * 100).rounded()
        let sign = hundredths < 0 ? "-" : ""
        let whole = Int(abs(hundredths)) / 100, fraction = Int(abs(hundredths)) % 100
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// What the preview shows, as read from its files.
public struct PreviewContent: Sendable {
    public var view: ViewNode
    /// The content without its effects (B), when there is such a thing (an input image).
    public var before: ViewNode?
    /// Points.
    public var size: Size
    public var options: RenderOptions
    /// The effects' names or the scene file's, for the title and saved file names.
    public var name: String
    /// Files whose change reloads the preview: the scene or input, and the shader files.
    public var watchedFiles: [String]
    public var parameters: [PreviewParameter]
    /// A scene's view at a time of its timeline (docs/animation.md), laid out at a size (the window's, in points, so
    /// its `onGeometryChange` size classes follow); nil where only `$time` changes.
    public var viewAt: (@Sendable (_ seconds: Double, _ size: Size) -> ViewNode)?
    /// Where the content's effects come from, for the pixel debugger (a click while paused).
    public var libraries: [ShaderLibrary] = []

    public init(view: ViewNode, before: ViewNode?, size: Size, options: RenderOptions, name: String, watchedFiles: [String],
                parameters: [PreviewParameter], viewAt: (@Sendable (_ seconds: Double, _ size: Size) -> ViewNode)? = nil) {
        self.view = view
        self.viewAt = viewAt
        self.before = before
        self.size = size
        self.options = options
        self.name = name
        self.watchedFiles = watchedFiles
        self.parameters = parameters
    }
}

/// Reads what the preview shows: from a scene file, or an input and effects named on the command line.
public protocol PreviewSource {
    /// Reads the files again; `overrides` are parameter values set in the window, by `PreviewParameter.id`.
    func load(overrides: [String: Float]) throws -> PreviewContent
    /// What to print and show for an error of `load` or of a render: `path:line:col: error: …` for shaders.
    func messages(for error: any Error) -> [String]
}
