import WeftImage

/// SwiftUI's environment values for drawing text and symbols: a container's `.font`, `.fontWeight`,
/// `.foregroundStyle`, `.multilineTextAlignment` and `.lineLimit` reach every `Text` and symbol inside it
/// (`Image(systemName:)`, a `Label`'s) that does not set its own.
extension View {
    /// The font of every text and symbol inside that sets none; a symbol is sized by it (`Symbol.side(forFontSize:)`).
    public func font(_ font: Font) -> ModifiedView {
        eachView { $0.inheriting(text: { if $0.font == nil { $0.font = font } },
                               symbol: { if $0.font == nil { $0.font = font } }) }
    }

    public func fontWeight(_ weight: Font.Weight) -> ModifiedView {
        eachView { $0.inheriting(text: { if $0.weight == nil { $0.weight = weight } },
                               symbol: { if $0.weight == nil { $0.weight = weight } }) }
    }

    /// The color of every text and symbol inside that sets none (SwiftUI's foreground style; a gradient or shader
    /// does not draw text here, so only a color is taken).
    public func foregroundStyle(_ color: Color) -> ModifiedView {
        eachView { $0.inheriting(text: { if $0.inheritsColor { $0.color = color } },
                               symbol: { if $0.fixedColor == nil { $0.color = color } }) }
    }

    public func foregroundColor(_ color: Color) -> ModifiedView { foregroundStyle(color) }

    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedView {
        eachView { $0.inheriting(text: { if $0.alignment == nil { $0.alignment = alignment } }) }
    }

    public func lineLimit(_ limit: Int) -> ModifiedView {
        eachView { $0.inheriting(text: { if $0.lineLimit == nil { $0.lineLimit = limit } }) }
    }
}

extension ViewNode {
    /// The tree with `text` applied to every text and `symbol` to every symbol (`SymbolMark`), decorations and
    /// component states included: how a container's environment reaches the views inside it. Inner settings were
    /// applied first, so a change that keeps what is set lets the innermost win.
    package func inheriting(text: @escaping @Sendable (inout Text) -> Void,
                            symbol: @escaping @Sendable (inout Symbol) -> Void = { _ in }) -> ViewNode {
        rewritten { node in
            switch node.kind {
            case .modified(_, let unbuilt as UnbuiltBody):
                return unbuilt.finished { $0.inheriting(text: text, symbol: symbol) }
            case .text(var value):
                text(&value)
                return ViewNode(.text(value))
            case .modified(_, let mark as SymbolMark):
                var value = mark.symbol
                symbol(&value)
                return value.node
            default:
                return nil
            }
        }
    }
}
