import Weft

/// Scenes at the size of real screens, as `Benchmarks/layout-scenes.py` writes them as scene files (which nest at most
/// 127 stacks: a scene file nests 256 arrays and objects), for `weft bench --planning` and the tests that count what
/// layout and planning do at scale.
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

extension ScaleScenes {
    /// The deepest `nested:N`: the deepest tree a render plans (`Planner.deepestViewTree`) holds stacks nested 500 deep
    /// with their labels.
    public static let deepestNesting = 500

    /// The scene a `weft bench --planning` name stands for: `nested:N` (stacks nested N deep, on a 390 × 844 screen) or
    /// `screen:RxC` (R rows of C cells, on a 1920 × 1080 screen); nil for any other name.
    public static func named(_ name: String) throws -> (view: ViewNode, size: Size)? {
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "nested":
            guard let depth = Int(parts[1]), (1...deepestNesting).contains(depth) else { return nil }
            return (try nested(depth: depth), Size(width: 390, height: 844))
        case "screen":
            let counts = parts[1].split(separator: "x").compactMap { Int($0) }
            guard counts.count == 2, (1...1000).contains(counts[0]), (1...1000).contains(counts[1]) else { return nil }
            return (try screen(rows: counts[0], cells: counts[1]), Size(width: 1920, height: 1080))
        default:
            return nil
        }
    }
}
