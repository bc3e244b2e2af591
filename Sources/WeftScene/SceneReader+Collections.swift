import WeftImage
import WeftViews

/// `forEach`, `lazyVGrid` and `grid`, and the symbol, label and button views (docs/scenes.md).
extension SceneReader {
    static let collectionKeys: Set<String> = ["forEach", "lazyVGrid", "grid", "symbol", "label", "button"]

    /// A view's children: each view as written, a `forEach` entry being its views (they join the container, as in SwiftUI).
    func children(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> [ViewNode] {
        let items = try SceneValue<[JSONValue]>.array(json, at: path)
        var nodes: [ViewNode] = []
        for (i, item) in items.enumerated() {
            let at = path.index(i)
            if case .object(let fields) = item, let body = fields["forEach"], fields.count == 1 {
                nodes += try forEach(body, at: at.key("forEach"))
            } else {
                nodes.append(try view(item, at: at))
            }
        }
        return nodes
    }

    func collectionContent(_ key: String, _ json: JSONValue, at path: JSONPath) throws(SceneError) -> ViewNode {
        switch key {
        case "forEach":
            return ViewNode(.stack(try forEach(json, at: path)))
        case "lazyVGrid":
            var f = try SceneObject(json, at: path)
            let columns = try f.required("columns", SceneValue { json, path throws(SceneError) in try self.gridItem(json, at: path) }.array)
            let spacing = try f.optional("spacing", .nonNegative) ?? StackLayout.defaultSpacing
            let items = try f.required("children", .any)
            try f.finish()
            guard !columns.isEmpty else { throw .invalid(path: path.key("columns"), message: "a grid needs at least one column") }
            return ViewNode(.grid(GridLayout(columns: columns, rowSpacing: spacing), try children(items, at: path.key("children"))))
        case "grid":
            var f = try SceneObject(json, at: path)
            let horizontal = try f.optional("horizontalSpacing", .nonNegative) ?? StackLayout.defaultSpacing
            let vertical = try f.optional("verticalSpacing", .nonNegative) ?? StackLayout.defaultSpacing
            let rowsJSON = try f.required("rows", .array)
            try f.finish()
            var rows: [[ViewNode]] = []
            for (i, row) in rowsJSON.enumerated() { rows.append(try children(row, at: path.key("rows").index(i))) }
            let count = rows.map(\.count).max() ?? 0
            let layout = GridLayout(columns: Array(repeating: GridItem(.fitting, spacing: horizontal), count: count), rowSpacing: vertical,
                                    rowLengths: rows.map(\.count))
            return ViewNode(.grid(layout, rows.flatMap { $0 }))
        case "symbol":
            // "name" or {"name": N, "size": S, "color": C}; what it does not set, its container's font and foreground
            // style give (as `Image(systemName:)`'s).
            if case .string(let name) = json { return try made(at: path) { () throws(ViewError) in try Symbol(systemName: name, font: nil) }.node }
            var f = try SceneObject(json, at: path)
            let name = try f.required("name", .string)
            let size = try f.optional("size", .positive)
            let ink = try f.optional("color", .color)
            try f.finish()
            var symbol = try made(at: path.key("name")) { () throws(ViewError) in try Symbol(systemName: name, font: nil) }
            if let size { symbol.size = size }
            if let ink { symbol.color = ink }
            return symbol.node
        case "label":
            return try label(json, at: path).node
        default:
            // {"title": T, "systemImage": S?, "style": "automatic" | "borderless" | "plain" | "bordered" | "borderedProminent"}
            var f = try SceneObject(json, at: path)
            let title = try f.required("title", .string)
            let symbol = try f.optional("systemImage", .string)
            let styles: [String: any ButtonStyle] = ["automatic": DefaultButtonStyle(), "borderless": BorderlessButtonStyle(),
                                                     "plain": PlainButtonStyle(), "bordered": BorderedButtonStyle(),
                                                     "borderedProminent": BorderedProminentButtonStyle()]
            let style = try f.optional("style", .named("button style", styles)) ?? DefaultButtonStyle()
            try f.finish()
            let button = try made(at: path.key("systemImage")) { () throws(ViewError) -> Button in
                try symbol.map { s throws(ViewError) in try Button(title, systemImage: s) } ?? Button(title)
            }
            return button.buttonStyle(style).node
        }
    }

    /// `{"title": T, "systemImage": S, "font": F, "color": c}` (`size` alone: a system font of that size; neither: the
    /// environment's font, else `.body`).
    func label(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Label {
        var f = try SceneObject(json, at: path)
        let title = try f.required("title", .string), symbol = try f.required("systemImage", .string)
        let font = try f.optional("font", font)
        let size = try f.optional("size", .positive)
        let ink = try f.optional("color", .color)
        try f.finish()
        if font != nil && size != nil {
            throw .invalid(path: path.key("size"), message: "'size' is a shorthand for a font without one: give the size inside 'font'")
        }
        return try made(at: path.key("systemImage")) { () throws(ViewError) in
            try Label(title, systemImage: symbol, font: font ?? size.map { Font.system(size: $0) }, color: ink)
        }
    }

    /// `{"count": N, "view": V}` or `{"range": [a, b], "view": V}`: V once per index, with `{"$index": {"times": k, "plus":
    /// c}}` (k·index + c; both optional), `"$index"`, and `{"$cycle": [v0, v1, …]}` (v at index mod n) replaced in it.
    private func forEach(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> [ViewNode] {
        var f = try SceneObject(json, at: path)
        let count = try f.optional("count", .frameIndex)
        let range = try f.optional("range", .numbers(count: 2))
        let template = try f.required("view", .any)
        try f.finish()
        let indices: [Int]
        switch (count, range) {
        case (let n?, nil): indices = Array(0..<Int(n))
        case (nil, let r?):
            guard r[0] == r[0].rounded(), r[1] == r[1].rounded(), r[0] <= r[1], r[1] - r[0] <= 100_000 else {
                throw .invalid(path: path.key("range"), message: "a range is two whole numbers, the first not above the second, at most 100000 apart")
            }
            indices = Array(Int(r[0])..<Int(r[1]))
        default:
            throw .invalid(path: path, message: "a forEach has either \"count\" or \"range\"")
        }
        guard indices.count <= 100_000 else { throw .invalid(path: path.key("count"), message: "a forEach makes at most 100000 views") }
        var nodes: [ViewNode] = []
        for index in indices {
            nodes.append(try view(try substitute(template, index: index, at: path.key("view")), at: path.key("view")))
        }
        return nodes
    }

    private func substitute(_ json: JSONValue, index: Int, at path: JSONPath) throws(SceneError) -> JSONValue {
        switch json {
        case .string("$index"):
            return .number(Double(index))
        case .object(let fields):
            if let spec = fields["$index"], fields.count == 1 {
                var f = try SceneObject(spec, at: path.key("$index"))
                let times = try f.optional("times", .number) ?? 1, plus = try f.optional("plus", .number) ?? 0
                try f.finish()
                return .number(Double(times) * Double(index) + Double(plus))
            }
            if let cycle = fields["$cycle"], fields.count == 1 {
                let values = try SceneValue<[JSONValue]>.array(cycle, at: path.key("$cycle"))
                guard !values.isEmpty else { throw .invalid(path: path.key("$cycle"), message: "a cycle needs at least one value") }
                return values[((index % values.count) + values.count) % values.count]
            }
            var out: [JSONObject.Element] = []
            out.reserveCapacity(fields.count)
            for (k, v) in fields { out.append((k, try substitute(v, index: index, at: path.key(k)))) }
            return .object(JSONObject(uncheckedMembers: out))
        case .array(let items):
            var out: [JSONValue] = []
            for (i, v) in items.enumerated() { out.append(try substitute(v, index: index, at: path.index(i))) }
            return .array(out)
        default:
            return json
        }
    }

    /// `{"fixed": w}`, `{"flexible": {"minimum": a, "maximum": b}}` or `{"adaptive": {"minimum": a, "maximum": b}}`, with an
    /// optional `"spacing"`.
    private func gridItem(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> GridItem {
        var f = try SceneObject(json, at: path)
        let fixed = try f.optional("fixed", .nonNegative)
        let flexible = try f.optional("flexible", .any)
        let adaptive = try f.optional("adaptive", .any)
        let spacing = try f.optional("spacing", .nonNegative) ?? StackLayout.defaultSpacing
        try f.finish()
        func bounds(_ json: JSONValue, _ at: JSONPath, minimum: Float?) throws(SceneError) -> (Float, Float) {
            var g = try SceneObject(json, at: at)
            let lo = try g.optional("minimum", .nonNegative), hi = try g.optional("maximum", .nonNegative)
            try g.finish()
            guard let lo = lo ?? minimum else { throw .missingKey(path: at, key: "minimum") }
            return (lo, hi ?? .infinity)
        }
        switch (fixed, flexible, adaptive) {
        case (let w?, nil, nil): return GridItem(.fixed(w), spacing: spacing)
        case (nil, let j?, nil):
            let (lo, hi) = try bounds(j, path.key("flexible"), minimum: 10)
            return GridItem(.flexible(minimum: lo, maximum: hi), spacing: spacing)
        case (nil, nil, let j?):
            let (lo, hi) = try bounds(j, path.key("adaptive"), minimum: nil)
            return GridItem(.adaptive(minimum: lo, maximum: hi), spacing: spacing)
        default:
            throw .invalid(path: path, message: "a grid column is one of {\"fixed\": w}, {\"flexible\": {…}} or {\"adaptive\": {\"minimum\": m}}")
        }
    }
}
