import WeftRuntime

/// Stock functions the planner may run as engine kernels instead (docs/fusion.md, "The tiled blur").
///
/// A function is recognised by its file's text, not its name: an author may write a `gaussianBlur` of their own. The
/// file must be byte for byte the stock file (SHA-256 of what the author wrote, GLSL only), so whatever library holds it
/// — the stock folder, a copy beside an author's own effects, a source string — the substitution computes what the
/// function computes. An edited stock file is no longer recognised and runs as the stitchable it is until its digest here
/// is updated (`StockFunctionIdentityTests` fails first). Not an annotation: one an author could copy would need the
/// front end to tell the stock library apart, which it cannot (`$WEFT_STOCK_SHADERS` may name any folder).
public enum StockFunction: String, Sendable, CaseIterable {
    /// Shaders/gaussianBlur.glsl: a separable Gaussian of `radius` points (3σ), one `float` parameter.
    case gaussianBlur

    /// SHA-256 of the stock file's text.
    public var fileDigest: String {
        switch self {
        case .gaussianBlur: "3ad81946f5c0c8c6438baea33cc7e5d1fb376cc4b91653835b1da26e44c9607f"
        }
    }
}

extension StockFunction {
    /// The stock functions among `functions`, by name: each named as one, in a GLSL file whose text is the stock file's.
    static func recognise(_ functions: [StitchableFunction], in files: [String: ShaderLibrary.ParsedFile]) -> [String: StockFunction] {
        var found = [String: StockFunction]()
        for function in functions {
            guard let stock = StockFunction(rawValue: function.name), let file = files[function.file], file.source.language == .glsl,
                  SHA256.hex(file.source.authorText) == stock.fileDigest else { continue }
            found[function.name] = stock
        }
        return found
    }
}

extension ShaderLibrary {
    /// The stock function `function` of this library is, or nil (an author's own function of a stock name included).
    public func stockFunction(_ function: StitchableFunction) -> StockFunction? {
        guard let stock = stockFunctions[function.name], (try? parsedFile(of: function)) != nil else { return nil }
        return stock
    }
}
