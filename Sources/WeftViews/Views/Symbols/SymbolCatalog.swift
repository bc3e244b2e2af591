/// The built-in symbols: SF Symbols' names for outlines drawn here on a 24-point grid as SVG path data, stroked with
/// round caps and joins two grid points wide, or filled.
package enum SymbolCatalog {
    package struct Entry: Sendable {
        package var data: String
        package var filled: Bool
    }

    package static let gridSize: Float = 24

    package static let entries: [String: Entry] = {
        var e: [String: Entry] = [:]
        func stroke(_ name: String, _ data: String) { e[name] = Entry(data: data, filled: false) }
        func fill(_ name: String, _ data: String) { e[name] = Entry(data: data, filled: true) }
        // The seeds' symbols.
        stroke("arrow.down", "M12 4 V20 M5 13 L12 20 L19 13")
        stroke("checkmark", "M4 12.5 L9.5 18 L20 6")
        stroke("square.and.arrow.down", "M8 10 H6 A2 2 0 0 0 4 12 V19 A2 2 0 0 0 6 21 H18 A2 2 0 0 0 20 19 V12 A2 2 0 0 0 18 10 H16 M12 2 V15 M8 11 L12 15 L16 11")
        stroke("plus.square.on.square", "M8 8 H18 A2 2 0 0 1 20 10 V20 A2 2 0 0 1 18 22 H8 A2 2 0 0 1 6 20 V10 A2 2 0 0 1 8 8 Z M4 16 A2 2 0 0 1 2 14 V4 A2 2 0 0 1 4 2 H14 A2 2 0 0 1 16 4 M13 12 V18 M10 15 H16")
        stroke("sidebar.right", "M5 4 H19 A2 2 0 0 1 21 6 V18 A2 2 0 0 1 19 20 H5 A2 2 0 0 1 3 18 V6 A2 2 0 0 1 5 4 Z M15 4 V20")
        stroke("wave.3.right", "M8.5 8.5 A5 5 0 0 1 8.5 15.5 M12 5 A10 10 0 0 1 12 19 M15.6 1.4 A15 15 0 0 1 15.6 22.6")
        // Common ones.
        stroke("arrow.up", "M12 20 V4 M5 11 L12 4 L19 11")
        stroke("arrow.left", "M20 12 H4 M11 5 L4 12 L11 19")
        stroke("arrow.right", "M4 12 H20 M13 5 L20 12 L13 19")
        stroke("xmark", "M5 5 L19 19 M19 5 L5 19")
        stroke("plus", "M12 4 V20 M4 12 H20")
        stroke("minus", "M4 12 H20")
        stroke("chevron.left", "M15 5 L8 12 L15 19")
        stroke("chevron.right", "M9 5 L16 12 L9 19")
        stroke("chevron.up", "M5 15 L12 8 L19 15")
        stroke("chevron.down", "M5 9 L12 16 L19 9")
        let star = "M12 2.5 L14.9 8.6 L21.5 9.4 L16.6 14 L17.9 20.6 L12 17.3 L6.1 20.6 L7.4 14 L2.5 9.4 L9.1 8.6 Z"
        stroke("star", star)
        fill("star.fill", star)
        let heart = "M12 20.5 C5 15.5 2.5 12.5 2.5 8.8 A4.8 4.8 0 0 1 12 6.7 A4.8 4.8 0 0 1 21.5 8.8 C21.5 12.5 19 15.5 12 20.5 Z"
        stroke("heart", heart)
        fill("heart.fill", heart)
        let circle = "M3 12 A9 9 0 1 0 21 12 A9 9 0 1 0 3 12 Z"
        stroke("circle", circle)
        fill("circle.fill", circle)
        stroke("square", "M5 3 H19 A2 2 0 0 1 21 5 V19 A2 2 0 0 1 19 21 H5 A2 2 0 0 1 3 19 V5 A2 2 0 0 1 5 3 Z")
        stroke("trash", "M3 6 H21 M8 6 V4 A1 1 0 0 1 9 3 H15 A1 1 0 0 1 16 4 V6 M5 6 L6 20 A1.5 1.5 0 0 0 7.5 21.5 H16.5 A1.5 1.5 0 0 0 18 20 L19 6 M10 10 V17 M14 10 V17")
        stroke("magnifyingglass", "M10.5 3.5 A7 7 0 1 0 10.5 17.5 A7 7 0 1 0 10.5 3.5 Z M15.5 15.5 L21 21")
        stroke("house", "M3 11 L12 3 L21 11 M5 9.5 V21 H10 V15 H14 V21 H19 V9.5")
        stroke("bell", "M6 16 V11 A6 6 0 0 1 18 11 V16 L20 18 H4 Z M10 21 H14")
        fill("play.fill", "M7 4 L20 12 L7 20 Z")
        fill("pause.fill", "M6 4 H10 V20 H6 Z M14 4 H18 V20 H14 Z")
        stroke("info.circle", circle + " M12 11 V17 M12 7.5 V7.5")
        stroke("exclamationmark.triangle", "M12 3 L22 20 H2 Z M12 9 V14 M12 17.5 V17.5")
        return e
    }()

    package static var names: [String] { entries.keys.sorted() }
}
