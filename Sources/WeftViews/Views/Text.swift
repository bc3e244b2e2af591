import WeftImage
import WeftText

/// SwiftUI's `Text`: a string shaped by HarfBuzz in a font found by fontconfig, wrapped to the width it is offered
/// (at spaces; newlines always break), drawn from FreeType's glyph coverage by the `weft.glyph` kernel.
/// Its font, weight, color, alignment and line limit, when not set on the text, come from the nearest container that
/// sets them (`View.font(_:)`, `View.foregroundStyle(_:)` and friends); otherwise `.body`, black, leading, no limit.
public struct Text: View, Equatable {
    public var string: String
    /// Nil: the environment's font, else `.body`.
    public var font: Font?
    /// Overrides the font's weight.
    public var weight: Font.Weight?
    /// The color set on the text or by its container; black until one is.
    public var color: Color = .black { didSet { inheritsColor = false } }
    /// Whether no color was set on the text: a container's foreground style reaches it.
    package private(set) var inheritsColor = true
    public var alignment: TextAlignment?
    public var lineLimit: Int?

    /// Text in the environment's font and foreground style.
    public init(_ string: String) {
        self.string = string
    }

    /// Text in `color`, whatever its container's foreground style.
    public init(_ string: String, color: Color) {
        self.string = string
        self.color = color
        inheritsColor = false
    }

    /// Text in the system font at `size` points, which must be positive and finite; in `color` when given, else the
    /// environment's foreground style.
    public init(_ string: String, size: Float, color: Color? = nil) throws(ViewError) {
        guard size > 0, size.isFinite else { throw .textSize(size) }
        self.string = string
        self.font = .system(size: size)
        if let color {
            self.color = color
            inheritsColor = false
        }
    }

    /// The font the text is drawn in.
    public var resolvedFont: Font {
        var resolved = font ?? .body
        if let weight { resolved.weight = weight }
        return resolved
    }

    /// The em size in points.
    public var size: Float { resolvedFont.size }

    /// The face the font resolves to, and a warning when its family is not installed; `TextError.noFont` when no font
    /// can draw it (planning a render with the text throws it as `RenderError.font`).
    public var face: (face: FontFace, warning: TextWarning?) {
        get throws(TextError) { try FontLibrary.shared.faceOrFallback(for: resolvedFont.request) }
    }

    /// The lines laid out for an offer of `width` points; none, of size zero, when no font can draw the text.
    public func layout(width: Float = .infinity) -> TextLayout { layout(width: width, natural: nil) }

    /// The lines at `width`, given the text's layout at an unbounded width (`natural`) when the caller has it.
    package func layout(width: Float, natural: TextLayout?) -> TextLayout {
        guard let face = try? face.face else { return .empty(pointSize: size) }
        return FontLibrary.shared.layout(string, face: face, size: size, width: width, lineLimit: lineLimit,
                                         alignment: alignment ?? .leading, natural: natural)
    }

    /// What drawing the text warns of: a family not installed, characters no installed font has.
    public var warnings: [TextWarning] { warnings(width: .infinity) }

    /// What drawing the text offered `width` points warns of.
    public func warnings(width: Float) -> [TextWarning] { warnings(of: layout(width: width)) }

    /// What drawing the text as `lines` (its layout at some width) warns of.
    package func warnings(of lines: TextLayout) -> [TextWarning] {
        ((try? face.warning).flatMap { $0 }.map { [$0] } ?? []) + lines.warnings
    }

    /// The text's size in points when nothing limits its width.
    public var naturalSize: Size {
        let size = layout().size
        return Size(width: size.x, height: size.y)
    }

    public var node: ViewNode { ViewNode(.text(self)) }

    // SwiftUI's modifiers on Text, which return Text.

    // Non-optional, so that on a `Text` these win over `View`'s environment versions and keep it a `Text`.
    public func font(_ font: Font) -> Text { with { $0.font = font } }
    public func fontWeight(_ weight: Font.Weight) -> Text { with { $0.weight = weight } }
    public func bold() -> Text { fontWeight(.bold) }
    public func foregroundStyle(_ color: Color) -> Text { with { $0.color = color } }
    public func foregroundColor(_ color: Color) -> Text { foregroundStyle(color) }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text { with { $0.alignment = alignment } }
    public func lineLimit(_ limit: Int) -> Text { with { $0.lineLimit = limit } }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        return copy
    }
}

public typealias TextAlignment = WeftText.TextAlignment
