import WeftImage

/// A one-line label in Weft's built-in 5×7 bitmap font (`BitmapFont`, the HD44780 glyphs): each lit
/// font pixel is a square of `size / 7` points, so capitals are `size` points tall. Text takes its
/// natural size whatever it is offered and does not wrap. Drawn as filled rectangles (runs of lit
/// pixels, merged down the rows), anti-aliased like every shape, composed in a group of their own.
public struct Text: View {
    public var string: String
    public var size: Float
    public var color: Color

    public init(_ string: String, color: Color = .black) {
        self.string = string
        self.size = 14
        self.color = color
    }

    /// Text `size` points tall, which must be positive and finite.
    public init(_ string: String, size: Float, color: Color = .black) throws(ViewError) {
        guard size > 0, size.isFinite else { throw .textSize(size) }
        self.string = string
        self.size = size
        self.color = color
    }

    /// Points per font pixel.
    var pixel: Float { size / Float(BitmapFont.glyphHeight) }

    /// The label's size in points.
    public var naturalSize: Size {
        Size(width: Float(BitmapFont.width(of: string)) * pixel, height: size)
    }

    public var node: ViewNode {
        let bounds = naturalSize.vector
        var runs: [ViewNode] = [Color.clear.frame(width: bounds.x, height: bounds.y).node]
        for (i, character) in string.enumerated() {
            for run in Self.runs(of: character) {
                let origin = SIMD2(Float(i * BitmapFont.advance + run.column), Float(run.row)) * pixel
                let extent = SIMD2(Float(run.width), Float(run.height)) * pixel
                let centre = origin + extent / 2 - bounds / 2
                runs.append(Rectangle().fill(color).frame(width: extent.x, height: extent.y).offset(x: centre.x, y: centre.y).node)
            }
        }
        // Text of other characters is another view (it cross-fades); its color and size still animate.
        // Composed alone: the rectangles are drawn on a layer as large as the label, not over the whole canvas.
        let label = ViewNode(.modified(ViewNode(.stack(runs)), .compositingGroup))
        return ViewNode(.modified(label, .id(Self.identityPrefix + string)))
    }

    static let identityPrefix = "\u{1}text:"

    /// A rectangle of lit font pixels.
    struct Run: Hashable {
        var column, row, width, height: Int
    }

    /// The glyph's lit pixels as few rectangles: runs of lit pixels along each row, each merged with
    /// the same run in the rows below it.
    static func runs(of character: Character) -> [Run] {
        var open: [Run] = []
        var done: [Run] = []
        for row in 0..<BitmapFont.glyphHeight {
            var rowRuns: [Run] = []
            var column = 0
            while column < BitmapFont.glyphWidth {
                guard BitmapFont.isLit(character, x: column, y: row) else { column += 1; continue }
                var end = column
                while end + 1 < BitmapFont.glyphWidth && BitmapFont.isLit(character, x: end + 1, y: row) { end += 1 }
                rowRuns.append(Run(column: column, row: row, width: end - column + 1, height: 1))
                column = end + 1
            }
            var next: [Run] = []
            for run in rowRuns {
                if let i = open.firstIndex(where: { $0.column == run.column && $0.width == run.width }) {
                    var grown = open.remove(at: i)
                    grown.height += 1
                    next.append(grown)
                } else {
                    next.append(run)
                }
            }
            done += open
            open = next
        }
        return done + open
    }
}
