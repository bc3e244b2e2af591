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
                let right = rightAligned.contains(column)
                // The last column, left-aligned, is not padded: its widest cell (a long list) would pad every row.
                guard right || column < row.count - 1 else { return row[column] }
                let pad = String(repeating: " ", count: widths[column] - row[column].count)
                return right ? pad + row[column] : row[column] + pad
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
