extension Layout {
    /// A grid's cells at `proposed`, from a layout of its own (a frame asks its `FrameLayout`).
    package static func arrange(_ children: [ViewNode], in grid: GridLayout, proposed: SIMD2<Float>) -> (size: SIMD2<Float>, children: [Placement]) {
        let arranged = FrameLayout().arrange(children, in: grid, proposed: proposed)
        return (arranged.size, arranged.children)
    }
}

extension FrameLayout {
    /// A grid's cells: columns resolved from the offered width, then rows of cells, each centred in its cell.
    func arrange(_ children: [ViewNode], in grid: GridLayout, proposed offer: SIMD2<Float>) -> Arrangement {
        // Columns share a finite width: unlimited room is the largest one.
        let proposed = pointwiseMin(offer, SIMD2(repeating: .greatestFiniteMagnitude))
        var rows: [[Int]] = []
        if let lengths = grid.rowLengths {
            var start = 0
            rows = lengths.map { n in
                let row = Array(start..<(start + n))
                start += n
                return row
            }
        }
        let columns = columnWidths(grid, children: children, rows: rows, proposed: proposed)
        guard !columns.isEmpty else { return Arrangement(size: .zero, children: []) }
        if grid.rowLengths == nil {
            rows = stride(from: 0, to: children.count, by: columns.count).map { Array($0..<min($0 + columns.count, children.count)) }
        }
        var placed: [Layout.Placement] = []
        var y: Float = 0
        for (r, row) in rows.enumerated() {
            let offers = row.indices.map { SIMD2(repeating: columns[$0].width) }
            let sizes = zip(row, offers).map { size(of: children[$0], proposed: $1) }
            let height = sizes.map(\.y).max() ?? 0
            var x: Float = 0
            for (i, child) in row.enumerated() {
                let cell = SIMD2(columns[i].width, height)
                placed.append(Layout.Placement(node: children[child], proposal: offers[i], transform: .translation(SIMD2(x, y) + (cell - sizes[i]) / 2)))
                x += columns[i].width + columns[i].spacing
            }
            y += height + (r < rows.count - 1 ? grid.rowSpacing : 0)
        }
        let width = columns.reduce(0) { $0 + $1.width + $1.spacing } - columns[columns.count - 1].spacing
        return Arrangement(size: SIMD2(width, y), children: placed)
    }

    /// Column widths for the offered width: fixed ones as they are, fitting ones as their widest cell, then the room
    /// left shared by the flexible items and the adaptive ones (each adaptive item becoming as many columns as fit).
    private func columnWidths(_ grid: GridLayout, children: [ViewNode], rows: [[Int]], proposed: SIMD2<Float>) -> [(width: Float, spacing: Float)] {
        let items = grid.columns
        guard !items.isEmpty else { return [] }
        let spacing = items.dropLast().reduce(0) { $0 + $1.spacing }
        var room = max(proposed.x - spacing, 0)
        var widths = [Float?](repeating: nil, count: items.count)
        for (i, item) in items.enumerated() {
            switch item.size {
            case .fixed(let w):
                widths[i] = max(w, 0)
            case .fitting:
                let column = rows.compactMap { $0.count > i ? $0[i] : nil }
                widths[i] = column.map { size(of: children[$0], proposed: proposed).x }.max() ?? 0
            case .flexible, .adaptive:
                continue
            }
            room -= widths[i]!
        }
        let sharing = items.indices.filter { widths[$0] == nil }
        var result: [(width: Float, spacing: Float)] = []
        var share = sharing.isEmpty ? 0 : max(room, 0) / Float(sharing.count)
        var remaining = sharing.count
        for (i, item) in items.enumerated() {
            if let w = widths[i] {
                result.append((w, item.spacing))
                continue
            }
            switch item.size {
            case .flexible(let lo, let hi):
                let w = min(max(share, lo), hi)
                result.append((w, item.spacing))
                remaining -= 1
                if remaining > 0 { share = max(room - w, 0) / Float(remaining) }
                room -= w
            case .adaptive(let lo, let hi):
                let minimum = max(lo, 1)
                // As many as fit, from 1 (unlimited room, or a spacing that cancels the minimum) to the limit.
                let fit = ((share + item.spacing) / (minimum + item.spacing)).rounded(.down)
                let n = fit.isFinite && fit >= 1 ? Int(min(fit, Float(GridItem.maximumAdaptiveColumns))) : 1
                let w = min(max((share - Float(n - 1) * item.spacing) / Float(n), minimum), hi)
                result += Array(repeating: (w, item.spacing), count: n)
                remaining -= 1
                room -= Float(n) * w + Float(n - 1) * item.spacing
                if remaining > 0 { share = max(room, 0) / Float(remaining) }
            case .fixed, .fitting:
                break
            }
        }
        return result
    }
}
