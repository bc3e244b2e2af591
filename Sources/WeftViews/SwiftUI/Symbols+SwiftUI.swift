import WeftImage

extension Image {
    /// SwiftUI's `Image(systemName:)`, which does not throw: sized and colored by its container's font and foreground
    /// style (`Symbol`). An unknown name is a `ViewError` that the host building
    /// the view throws (`InteractionError.view`); built outside a host it stops the program with the error's message.
    public init(systemName name: String) {
        pixels = PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)
        scale = 1
        do {
            symbol = try Symbol(systemName: name, font: nil)
        } catch {
            Evaluation.fail(error)
        }
    }
}

extension Label {
    /// SwiftUI's `Label(_:systemImage:)`, which does not throw: an unknown symbol as `Image(systemName:)`'s.
    public init(_ title: String, systemImage: String) {
        do {
            // `font: nil` names the throwing initializer (the environment's font, as SwiftUI's label has).
            try self.init(title, systemImage: systemImage, font: nil)
        } catch {
            Evaluation.fail(error)
            // The failure above stops or is thrown by the host; the label is built only to be discarded.
            self = try! Label(title, systemImage: SymbolCatalog.names[0], font: nil)
        }
    }
}
