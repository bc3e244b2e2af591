import WeftShaders
import WeftViews

/// Stock effects lowered to engine kernels (docs/fusion.md, "The tiled blur").
extension Lowering {
    /// The radius in pixels of the engine blur that stands in for `bound`, a layer effect on a layer of `scale` pixels
    /// per point, or nil to run it as the stitchable it is. `gaussianBlur` — the stock function, recognised by its file
    /// (`ShaderLibrary.stockFunction`), not by its name — runs as the engine's two blur passes when its taps land on whole
    /// pixels (radius × scale a whole number, the stitchable's own paired-tap case): the same taps, with the weights
    /// `Blur.weights` gives for σ = taps / 3, which are the function's. Its input is always on the layer's grid (the
    /// layer's own texture, or a read-through source a whole number of texels away), as the engine blur needs. Fractional
    /// radii keep the stitchable, and so do radii under `engineGaussianMinimumRadius` (none with
    /// `$WEFT_ENGINE_GAUSSIAN=0`).
    func engineGaussianRadius(_ bound: BoundEffect, scale: Float) -> Int? {
        guard let minimum = engineGaussianMinimumRadius, let stage = bound.stage, stage.library.stockFunction(stage.function) == .gaussianBlur,
              let offset = stage.function.parameters.first(where: { $0.name == "radius" && $0.type == .float })?.blockOffset,
              offset + 4 <= bound.arguments.count else { return nil }
        let radius = bound.arguments[offset..<offset + 4].withUnsafeBytes { Float(bitPattern: UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
        // As the function computes it, in 32-bit floats: taps = ceil(pixels), paired when pixels == taps.
        let pixels = max(radius, 0) * scale
        guard pixels >= Float(max(minimum, 1)), pixels <= Self.engineGaussianMaxRadius, pixels == pixels.rounded(.up) else { return nil }
        return Int(pixels)
    }

    /// Beyond it (pixels), the stitchable: the weights are an array of 2·radius + 1.
    static let engineGaussianMaxRadius: Float = 4096
}
