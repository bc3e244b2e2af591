import Weft
import WeftShaders

/// An effect parameter the overlay shows and the keys (or the pointer) change: a ranged `float`, an `int`, a `vec2`
/// point dragged on the canvas, or one component of a `vec4` color.
public struct PreviewParameter: Sendable, Equatable {
    public enum Control: Sendable, Equatable {
        /// A `float` with an annotated range: a fiftieth of the range a step.
        case number
        /// An `int`: one a step, within its range if it has one.
        case integer
        /// A `vec2` position in points: set by dragging (or clicking) on the canvas.
        case point
        /// Component 0…3 (red, green, blue, alpha) of a `vec4` color, premultiplied as the effect reads it: a fiftieth of
        /// its range (0..1 without one) a step. A color is offered as four parameters with the same `id`.
        case colorComponent(Int)
    }

    /// Names the parameter among all the preview's effects; the key of an override.
    public var id: String
    /// `effect.parameter`, for the overlay.
    public var label: String
    public var annotation: ParameterAnnotation
    public var control: Control
    /// Every component of the parameter's value (one for a number or an int, two for a point, four for a color).
    public var values: [Float]

    public init(id: String, label: String, annotation: ParameterAnnotation, control: Control = .number, values: [Float]) {
        self.id = id
        self.label = label
        self.annotation = annotation
        self.control = control
        self.values = values
    }

    /// A ranged `float`.
    public init(id: String, label: String, annotation: ParameterAnnotation, value: Float) {
        self.init(id: id, label: label, annotation: annotation, values: [value])
    }

    /// The component the keys change.
    private var component: Int { if case .colorComponent(let c) = control { c } else { 0 } }

    /// The value the keys change.
    public var value: Float { values[component] }

    /// The changed component after `clicks` wheel clicks or arrow presses (a point does not move by keys).
    public func nudged(by clicks: Double) -> Float {
        switch control {
        case .point:
            return value
        case .integer:
            return annotation.clamped((value + Float(clicks)).rounded())
        case .number, .colorComponent:
            let range = annotation.range ?? (control == .number ? nil : 0...1)
            guard let range else { return value + Float(clicks) }
            let step = (range.upperBound - range.lowerBound) / 50
            return min(max(value + Float(clicks) * step, range.lowerBound), range.upperBound)
        }
    }

    /// The whole value after `clicks` (`nudged`, in place of its component).
    public func nudgedValues(by clicks: Double) -> [Float] {
        var values = values
        values[component] = nudged(by: clicks)
        return values
    }

    /// `ripple.amplitude = 8.00  (0..40)  wave height in points`; `ripple.center = (256.00, 192.00)  drag on the
    /// canvas`; `tint.color.g = 0.50 of (1.00, 0.50, 0.00, 1.00)`.
    public var overlayLine: String {
        var line: String
        switch control {
        case .number: line = "\(label) = \(Self.format(value))"
        case .integer: line = "\(label) = \(Int(value))"
        case .point: line = "\(label) = (\(values.map(Self.format).joined(separator: ", ")))  drag on the canvas"
        case .colorComponent(let c):
            line = "\(label).\(["r", "g", "b", "a"][c]) = \(Self.format(value)) of (\(values.map(Self.format).joined(separator: ", ")))"
        }
        if control != .point, let range = annotation.range {
            line += "  (\(Self.format(range.lowerBound))..\(Self.format(range.upperBound)))"
        }
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
    /// A click at a point (scene points) at a time, while the clock runs: taps the view's tap target there (a Swift
    /// view's `Button` or `onTapGesture`, `ViewPreviewSource`); whether it changed what the view shows. Nil for content
    /// that has no tap targets.
    public var tap: (@Sendable (_ point: SIMD2<Float>, _ seconds: Double) -> Bool)?

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
    /// Reads the files again; `overrides` are parameter values set in the window (every component), by
    /// `PreviewParameter.id`.
    func load(overrides: [String: [Float]]) throws -> PreviewContent
    /// What to print and show for an error of `load` or of a render: `path:line:col: error: …` for shaders.
    func messages(for error: any Error) -> [String]
}
