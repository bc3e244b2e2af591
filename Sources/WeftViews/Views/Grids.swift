/// How wide a grid column is (SwiftUI's `GridItem.Size`), with the spacing after it.
public struct GridItem: Sendable, Hashable {
    public enum Size: Sendable, Hashable {
        /// Exactly this wide.
        case fixed(Float)
        /// A share of the room the fixed columns leave, within bounds.
        case flexible(minimum: Float = 10, maximum: Float = .infinity)
        /// As many columns of at least `minimum` as fit in a share of the room (at most `maximumAdaptiveColumns`; one
        /// when the room is unlimited), each within bounds.
        case adaptive(minimum: Float, maximum: Float = .infinity)
        /// As wide as the widest cell in the column (`Grid`'s columns).
        case fitting
    }
    public var size: Size
    public var spacing: Float
    /// The most columns one adaptive item makes, however much room it has.
    public static let maximumAdaptiveColumns = 1024

    public init(_ size: Size = .flexible(), spacing: Float = StackLayout.defaultSpacing) {
        self.size = size
        self.spacing = spacing
    }
}

/// A grid's columns and spacing; its children fill it row by row.
public struct GridLayout: Sendable, Hashable {
    public var columns: [GridItem]
    /// Between rows.
    public var rowSpacing: Float
    /// Each row's own count when rows are written out (`Grid`); nil: the children wrap at the column count.
    public var rowLengths: [Int]?

    public init(columns: [GridItem], rowSpacing: Float = StackLayout.defaultSpacing, rowLengths: [Int]? = nil) {
        self.columns = columns
        self.rowSpacing = rowSpacing
        self.rowLengths = rowLengths
    }
}

/// SwiftUI's `LazyVGrid`: the children in rows across `columns` (fixed, flexible or adaptive), each cell offered its
/// column's width and as much height, centred in its cell; a row is as tall as its tallest cell. (Nothing is lazy in a
/// render: every cell is drawn.)
public struct LazyVGrid: View {
    public let layout: GridLayout
    public let children: [ViewNode]
    public init(columns: [GridItem], spacing: Float? = nil, @ViewBuilder content: () throws -> [ViewNode]) rethrows {
        layout = GridLayout(columns: columns, rowSpacing: spacing ?? StackLayout.defaultSpacing)
        children = try content()
    }
    public var node: ViewNode { ViewNode(.grid(layout, children)) }
}

/// One row of a `Grid`.
public struct GridRow: Sendable {
    public let cells: [ViewNode]
    public init(@ViewBuilder content: () throws -> [ViewNode]) rethrows { cells = try content() }
}

@resultBuilder
public enum GridBuilder {
    public static func buildExpression(_ row: GridRow) -> [GridRow] { [row] }
    public static func buildBlock(_ parts: [GridRow]...) -> [GridRow] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[GridRow]]) -> [GridRow] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [GridRow]?) -> [GridRow] { part ?? [] }
    public static func buildEither(first: [GridRow]) -> [GridRow] { first }
    public static func buildEither(second: [GridRow]) -> [GridRow] { second }
}

/// SwiftUI's `Grid`: rows written out, each column as wide as its widest cell, each row as tall as its tallest.
public struct Grid: View {
    public let layout: GridLayout
    public let children: [ViewNode]
    public init(horizontalSpacing: Float? = nil, verticalSpacing: Float? = nil, @GridBuilder content: () throws -> [GridRow]) rethrows {
        let rows = try content()
        let count = rows.map(\.cells.count).max() ?? 0
        layout = GridLayout(columns: Array(repeating: GridItem(.fitting, spacing: horizontalSpacing ?? StackLayout.defaultSpacing), count: count),
                            rowSpacing: verticalSpacing ?? StackLayout.defaultSpacing, rowLengths: rows.map(\.cells.count))
        children = rows.flatMap(\.cells)
    }
    public var node: ViewNode { ViewNode(.grid(layout, children)) }
}
