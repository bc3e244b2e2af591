/// A layer composite whose layer lands texel for texel on its canvas, with nothing between them that needs the layer
/// as a texture: no mask, no conversion, no filtering (`Lowering.emitLayer` records these).
struct CompositeFold: Equatable {
    /// The canvas pixel that layer texel (0, 0) lands on.
    var offset: SIMD2<Int32>
    var opacity: Float
    var blendCode: Int32
    var clamps: Bool
}
