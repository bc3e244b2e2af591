import WeftImage
import WeftViews

/// Scenes at the size of real screens, as `Benchmarks/layout-scenes.py` writes them for the benchmarks.
public enum ScaleScenes {
    /// Stacks nested `depth` deep: an hstack of a label, a capsule and the next stack, in a vstack of a label and it,
    /// and so on, as a settings screen nests its groups. With `symbol`, each label is a `Label` with that symbol.
    public static func nested(depth: Int, symbol: String? = nil) throws -> ViewNode {
        var view = Text("Leaf").node
        for level in 0..<depth {
            let label = symbol.map { Label("Level \(level)", systemImage: $0).node } ?? Text("Level \(level)").node
            view = level.isMultiple(of: 2)
                ? HStack { label; Capsule().fill(Color.blue).frame(width: 24, height: 12); view }.node
                : VStack(alignment: .leading) { label; view }.node
        }
        return view
    }

    /// The symbols of `screen`'s cells, in turn.
    public static let screenSymbols = ["star.fill", "heart", "bell", "house"]

    /// A screen of `rows` rows of `cells` cells, each a text, a symbol and a rounded rectangle.
    public static func screen(rows: Int, cells: Int) throws -> ViewNode {
        try VStack(spacing: 2) {
            for row in 0..<rows {
                try HStack(spacing: 2) {
                    for cell in 0..<cells {
                        try VStack(spacing: 1) {
                            Text("\(row).\(cell)")
                            try Image(systemName: screenSymbols[(row + cell) % screenSymbols.count], size: 12)
                            RoundedRectangle(cornerRadius: 3).fill(Color.green).frame(height: 4)
                        }
                    }
                }
            }
        }.node
    }
}
