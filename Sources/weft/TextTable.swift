/// Left-aligned columns separated by two spaces; numeric columns may be right-aligned.
struct TextTable {
    let headers: [String]
    var rightAligned: Set<Int> = []
    private(set) var rows: [[String]] = []

    init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    mutating func append(_ row: [String]) {
        precondition(row.count == headers.count, "row has \(row.count) cells, table has \(headers.count) columns")
        rows.append(row)
    }

    var rendered: String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let pad = String(repeating: " ", count: widths[column] - row[column].count)
                return rightAligned.contains(column) ? pad + row[column] : row[column] + (column == row.count - 1 ? "" : pad)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
