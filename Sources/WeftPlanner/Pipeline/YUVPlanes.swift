import WeftImage
import WeftRuntime

/// The planes of a video frame in YUV 4:2:0, 8 bits a sample (BT.709, limited range), as the engine kernel `weft.yuv`
/// writes them from a frame: Y, U and V one after another (I420, ffmpeg's `yuv420p`), then A for `yuva420p`. A side of
/// odd length is rounded up to even with transparent black.
public enum YUVPlanes: String, Sendable, CaseIterable {
    case yuv420p, yuva420p

    /// The pictures's size: `width × height` rounded up to even sides.
    public static func evenSize(width: Int, height: Int) -> (width: Int, height: Int) { (width + width % 2, height + height % 2) }

    /// Bytes of one frame's planes.
    public func byteCount(width: Int, height: Int) -> Int {
        let even = Self.evenSize(width: width, height: height)
        return even.width * even.height * (self == .yuva420p ? 5 : 3) / 2
    }

    /// The RGBA8 texture the planes are written into, four bytes a texel: rows of twice the even width in bytes.
    public func packedTexture(width: Int, height: Int) -> TextureDescriptor {
        let rowTexels = Self.evenSize(width: width, height: height).width / 2
        let texels = (byteCount(width: width, height: height) + 3) / 4
        return TextureDescriptor(width: rowTexels, height: (texels + rowTexels - 1) / rowTexels, format: .rgba8Unorm)
    }

    /// The planes' bytes in a read back packed texture (`packedTexture`).
    public func bytes(ofPacked pixels: PixelBuffer, width: Int, height: Int) -> ArraySlice<UInt8> {
        pixels.bytes[..<byteCount(width: width, height: height)]
    }
}

extension Planner {
    /// `planned` with one pass more, `weft.yuv`, that writes its output's `planes` into a texture of its own
    /// (`YUVPlanes.packedTexture`), read back instead of the output. Only for RGBA8 frames in sRGB-encoded (non-linear)
    /// color, as 8-bit PNG files hold them.
    public func convertingToYUV(_ planned: PlannedRender, planes: YUVPlanes) throws(RenderError) -> PlannedRender {
        let source = planned.plan.textures[planned.output.index]
        precondition(source.format == .rgba8Unorm, "YUV planes are written from RGBA8 frames")
        var converted = planned
        let packed = planes.packedTexture(width: source.width, height: source.height)
        let output = converted.plan.addTexture(packed)
        let even = YUVPlanes.evenSize(width: source.width, height: source.height)
        var block = ArgumentBlock()
        block.ivec4(Int32(even.width), Int32(even.height), planes == .yuva420p ? 1 : 0,
                    Int32(planes.byteCount(width: source.width, height: source.height)))
        var frame = FrameConstants()
        frame.outputSize = SIMD2(Int32(packed.width), Int32(packed.height))
        frame.layerSize = SIMD2(Float(source.width), Float(source.height))
        frame.scale = 1
        let kernel = try kernels.kernel(.yuv, outputFormat: .rgba8Unorm)
        converted.plan.passes.append(KernelPass(kernel: kernel, output: output, layer: planned.output, frame: frame, arguments: block.bytes))
        converted.plan.readbacks = converted.plan.readbacks.map { $0 == planned.output ? output : $0 }
        converted.placements.append(nil)
        converted.output = output
        return converted
    }
}
