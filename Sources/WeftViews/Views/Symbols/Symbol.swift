import WeftImage
import WeftText

/// A symbol as a view (what `Image(systemName:)` draws), `size` points square in `color`: a hand-drawn outline where
/// one exists (`SymbolCatalog`, stroked or filled and covered by exact area like every path), else the Material Icons
/// glyph its SF Symbols name maps to (`MaterialSymbolNames`), shaped and rasterised as text.
///
/// A symbol sized by a font is a square `side(forFontSize:)` points wide, its outline stroked as heavy as the font's
/// weight (`strokeWidth(for:)`); a symbol with no size, font or color of its own takes them from the nearest container
/// that sets them (`View.font(_:)`, `View.foregroundStyle(_:)`), as SwiftUI's environment reaches SF Symbols.
public struct Symbol: View, Equatable {
    public let name: String
    /// The font that sizes the symbol when it has no size of its own (nil: the environment's, else `.body`).
    public var font: Font?
    /// Overrides the font's weight for the strokes.
    public var weight: Font.Weight?
    /// The side set where the symbol was made; nil: the font's.
    package private(set) var fixedSize: Float?
    /// The color set where the symbol was made or by its container; nil: the environment's, else black.
    package private(set) var fixedColor: Color?
    let drawing: Drawing

    enum Drawing: Sendable, Equatable {
        /// A hand-drawn outline on the catalog's grid.
        case outline(Path, filled: Bool)
        /// The icon font's character for the symbol, and the font's file.
        case glyph(Unicode.Scalar, fontFile: String)
    }

    /// The symbol called `name` (SF Symbols' name), `size` points square in `color`, set here. An unknown name is an
    /// error naming the nearest known one; a name only the icon font draws needs it installed.
    public init(systemName name: String, size: Float = 17, color: Color = .black) throws(ViewError) {
        guard size > 0, size.isFinite else { throw .textSize(size) }
        try self.init(systemName: name, font: nil)
        self.fixedSize = size
        self.fixedColor = color
    }

    /// The symbol called `name` sized by `font` (nil: the environment's, else `.body`), in the environment's color.
    package init(systemName name: String, font: Font?) throws(ViewError) {
        self.drawing = try Self.drawing(named: name)
        self.name = name
        self.font = font
    }

    /// The side in points.
    public var size: Float {
        get { fixedSize ?? Self.side(forFontSize: (font ?? .body).size) }
        set { fixedSize = newValue }
    }

    public var color: Color {
        get { fixedColor ?? .black }
        set { fixedColor = newValue }
    }

    /// The side of a symbol sized by a font of `size` points: 1.2 times it, as tall as a line of that font.
    public static func side(forFontSize size: Float) -> Float { size * 1.2 }

    /// The width of an outline's strokes, in points of the catalog's 24-point grid, for a font of `weight`: one point
    /// plus a point per 400 of CSS weight (regular: 2, semibold: 2.5, black: 3.25).
    public static func strokeWidth(for weight: Font.Weight) -> Float { 1 + Float(weight.value) / 400 }

    /// Every name a symbol can be made from, sorted.
    public static var names: [String] { Set(SymbolCatalog.entries.keys).union(MaterialSymbolNames.bySystemName.keys).sorted() }

    /// Whether `name` is drawn from the icon font (not hand-drawn).
    public static func isDrawnFromIconFont(_ name: String) -> Bool {
        SymbolCatalog.entries[name] == nil && MaterialSymbolNames.bySystemName[name] != nil
    }

    private static func drawing(named name: String) throws(ViewError) -> Drawing {
        if let entry = SymbolCatalog.entries[name] {
            do {
                return .outline(try SymbolOutlines.outline(named: name, data: entry.data), filled: entry.filled)
            } catch {
                preconditionFailure("the built-in symbol '\(name)' has malformed path data: \(error)")
            }
        }
        guard let icon = MaterialSymbolNames.bySystemName[name] else {
            throw .unknownSymbol(name, nearest: NameSuggestion.nearest(to: name, in: names))
        }
        let font: IconFont
        switch IconFont.installed {
        case .success(let installed): font = installed
        case .failure(let error): throw .symbolFont(name, error)
        }
        guard let scalar = font.codepoints[icon] else { throw .symbolFont(name, .missingIcon(icon)) }
        return .glyph(scalar, fontFile: font.path)
    }

    /// The symbol drawn, marked so that a container's font and foreground style can reach it (`SymbolMark`).
    public var node: ViewNode { ViewNode(.modified(drawn, SymbolMark(symbol: self))) }

    private var drawn: ViewNode {
        let size = size
        switch drawing {
        case let .outline(outline, filled):
            let k = size / SymbolCatalog.gridSize
            let scaled = SymbolOutlines.outline(outline, named: name, scaledBy: k)
            let lineWidth = Self.strokeWidth(for: weight ?? font?.weight ?? .regular) * k
            let shape = filled ? scaled.fill(color)
                : scaled.stroke(color, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
            return shape.frame(width: size, height: size).node
        case let .glyph(scalar, fontFile):
            // The icon fills the em square from the baseline up, so the text's box is the symbol's square.
            return Text(String(scalar), color: color).font(.file(fontFile, size: size)).frame(width: size, height: size).node
        }
    }
}
