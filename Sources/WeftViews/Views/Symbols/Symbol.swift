import WeftImage
import WeftText

/// A symbol as a view (what `Image(systemName:)` draws), `size` points square in `color`: a hand-drawn outline where
/// one exists (`SymbolCatalog`, stroked or filled and covered by exact area like every path), else the Material Icons
/// glyph its SF Symbols name maps to (`MaterialSymbolNames`), shaped and rasterised as text.
public struct Symbol: View {
    public let name: String
    public var size: Float
    public var color: Color
    let drawing: Drawing

    enum Drawing: Sendable {
        /// A hand-drawn outline on the catalog's grid.
        case outline(Path, filled: Bool)
        /// The icon font's character for the symbol, and the font's file.
        case glyph(Unicode.Scalar, fontFile: String)
    }

    /// The symbol called `name` (SF Symbols' name), `size` points square. An unknown name is an error naming the
    /// nearest known one; a name only the icon font draws needs it installed.
    public init(systemName name: String, size: Float = 17, color: Color = .black) throws(ViewError) {
        guard size > 0, size.isFinite else { throw .textSize(size) }
        self.drawing = try Self.drawing(named: name)
        self.name = name
        self.size = size
        self.color = color
    }

    /// Every name a symbol can be made from, sorted.
    public static var names: [String] { Set(SymbolCatalog.entries.keys).union(MaterialSymbolNames.bySystemName.keys).sorted() }

    /// Whether `name` is drawn from the icon font (not hand-drawn).
    public static func isDrawnFromIconFont(_ name: String) -> Bool {
        SymbolCatalog.entries[name] == nil && MaterialSymbolNames.bySystemName[name] != nil
    }

    private static func drawing(named name: String) throws(ViewError) -> Drawing {
        if let entry = SymbolCatalog.entries[name] {
            do {
                return .outline(try Path(svgData: entry.data), filled: entry.filled)
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

    public var node: ViewNode {
        switch drawing {
        case let .outline(outline, filled):
            let k = size / SymbolCatalog.gridSize
            let scaled = outline.applying(.scaling(SIMD2(k, k)))
            let shape = filled ? scaled.fill(color)
                : scaled.stroke(color, style: StrokeStyle(lineWidth: 2 * k, lineCap: .round, lineJoin: .round))
            return shape.frame(width: size, height: size).node
        case let .glyph(scalar, fontFile):
            // The icon fills the em square from the baseline up, so the text's box is the symbol's square.
            return Text(String(scalar), color: color).font(.file(fontFile, size: size)).frame(width: size, height: size).node
        }
    }
}
