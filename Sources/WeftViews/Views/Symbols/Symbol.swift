import WeftImage

/// A built-in symbol as a view (what `Image(systemName:)` draws): its outline scaled to a square of `size` points, stroked or filled
/// with `color`, covered by exact area like every path.
public struct Symbol: View {
    public let name: String
    public var size: Float
    public var color: Color
    let outline: Path
    let filled: Bool

    /// The symbol called `name` (SF Symbols' name), `size` points square; an unknown name is an error listing the known ones.
    public init(systemName name: String, size: Float = 17, color: Color = .black) throws(ViewError) {
        guard let entry = SymbolCatalog.entries[name] else { throw .unknownSymbol(name, known: SymbolCatalog.names) }
        guard size > 0, size.isFinite else { throw .textSize(size) }
        do {
            outline = try Path(svgData: entry.data)
        } catch {
            preconditionFailure("the built-in symbol '\(name)' has malformed path data: \(error)")
        }
        self.name = name
        self.size = size
        self.color = color
        self.filled = entry.filled
    }

    public var node: ViewNode {
        let k = size / SymbolCatalog.gridSize
        let scaled = outline.applying(.scaling(SIMD2(k, k)))
        let shape = filled ? scaled.fill(color)
            : scaled.stroke(color, style: StrokeStyle(lineWidth: 2 * k, lineCap: .round, lineJoin: .round))
        return shape.frame(width: size, height: size).node
    }
}

/// A symbol beside a title (`Label(_:systemImage:)`), the symbol as tall as the title's capitals.
public struct Label: View {
    public var title: String
    public var symbol: Symbol
    public var spacing: Float

    public init(_ title: String, systemImage: String, size: Float = 14, color: Color = .black, spacing: Float = 6) throws(ViewError) {
        self.title = title
        self.symbol = try Symbol(systemName: systemImage, size: size * 1.2, color: color)
        self.spacing = spacing
        self.textSize = size
        self.color = color
    }
    let textSize: Float
    let color: Color

    public var node: ViewNode {
        let text = (try? Text(title, size: textSize, color: color)) ?? Text(title, color: color)
        return HStack(spacing: spacing) {
            symbol
            text
        }.node
    }
}
