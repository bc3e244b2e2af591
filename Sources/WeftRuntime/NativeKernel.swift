/// An engine kernel that a host executor may run as native code instead of interpreting its SPIR-V: engine code whose
/// meaning is fixed here, not an author's shader (docs/cpu-evaluator.md, "Native kernels"). The SPIR-V stays the
/// definition; a native path must equal it within 1/255 and may decline a pass it does not cover (the executor then runs
/// the SPIR-V).
public enum NativeKernel: String, Sendable, Hashable, CaseIterable {
    /// `weft.blur` and its folded composites (`weft.blur+weft.layer.inPlace`, `.overSolid`): one direction of a separable
    /// Gaussian blur of the layer (binding 1, transparent beyond `layerSize`), `2·radius + 1` weights in the arrays
    /// (binding 4). Argument block: `vec4 params` (step in texels xy, radius in texels w), `vec4 tint` (premultiplied),
    /// `ivec4 flags` (x: tint the blurred alpha), then, folded, the composite's member (`FusionComposite`, 64 bytes:
    /// `ivec4 grid`, `ivec4 modes`, `vec4 fade`, `vec4 solid`).
    case separableBlur
    /// `weft.shape.overSolid`: a batch of shapes over a canvas of one color. Argument block: `ivec4 counts` (shapes, clamp),
    /// `vec4 solidDestination` (the color, as its texture stored it). Arrays: `shapeRecordStride` floats per shape, its
    /// bounds (canvas points: minimum x, y, maximum x, y, exclusive) at 8–11; no pixel outside every shape's bounds
    /// changes from the color. Native code may run the SPIR-V over the shapes' bounds only and store the color elsewhere.
    case shapesOverSolid
    /// `weft.glyph.overSolid`: a run of glyphs over a canvas of one color, with `shapesOverSolid`'s argument block
    /// (`ivec4 counts`, glyphs first; `vec4 solidDestination`). Arrays: `glyphRecordStride` floats per glyph, the canvas
    /// pixels it covers (x0, y0, x1, y1, exclusive) at 0–3; no pixel outside every glyph's rectangle changes from the
    /// color. Native code may run the SPIR-V over the glyphs' rectangles only and store the color elsewhere.
    case glyphsOverSolid

    /// Floats per shape record of a shape batch (ShapeBatch in WeftPlanner).
    public static let shapeRecordStride = 28
    /// Floats per glyph record of a glyph run (GlyphRun in WeftPlanner).
    public static let glyphRecordStride = 12
}
