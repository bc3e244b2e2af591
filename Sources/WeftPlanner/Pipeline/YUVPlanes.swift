import WeftImage
import WeftRuntime

/// The planes of a video frame in YUV (BT.709, limited range), as the engine kernel `weft.yuv` writes them from a frame
/// and ffmpeg reads them: Y, U and V one after another, then A where the format has alpha; 8-bit samples one byte
/// each, 10-bit ones two bytes, little-endian. Each case is ffmpeg's name for its pixel format. A side that the chroma
/// halves (4:2:0: both, 4:2:2: the width) is rounded up to even with transparent black.
public enum YUVPlanes: String, Sendable, CaseIterable {
    case yuv420p, yuva420p
    /// HEVC main10's.
    case yuv420p10le
    /// ProRes 422's.
    case yuv422p10le
    /// ProRes 4444's.
    case yuva444p10le

    /// Whether chroma has half the columns (4:2:0 and 4:2:2) and half the rows (4:2:0) of luma.
    public var halvesChroma: (columns: Bool, rows: Bool) {
        switch self {
        case .yuv420p, .yuva420p, .yuv420p10le: (true, true)
        case .yuv422p10le: (true, false)
        case .yuva444p10le: (false, false)
        }
    }

    public var hasAlpha: Bool { self == .yuva420p || self == .yuva444p10le }

    /// 8 or 10.
    public var bitDepth: Int { rawValue.hasSuffix("10le") ? 10 : 8 }

    /// The picture's size: `width × height` with each side the chroma halves rounded up to even.
    public func paddedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let halves = halvesChroma
        return (halves.columns ? width + width % 2 : width, halves.rows ? height + height % 2 : height)
    }

    /// Samples in one chroma plane of a padded `width × height` picture.
    private func chromaSamples(width: Int, height: Int) -> Int {
        let halves = halvesChroma
        return (halves.columns ? width / 2 : width) * (halves.rows ? height / 2 : height)
    }

    /// Bytes of one frame's planes.
    public func byteCount(width: Int, height: Int) -> Int {
        let padded = paddedSize(width: width, height: height)
        let luma = padded.width * padded.height
        let samples = luma * (hasAlpha ? 2 : 1) + 2 * chromaSamples(width: padded.width, height: padded.height)
        return samples * (bitDepth > 8 ? 2 : 1)
    }

    /// The RGBA8 texture the planes are written into, four bytes a texel: rows of the padded width in texels (at most
    /// twice the picture's rows, 8 bytes a pixel).
    public func packedTexture(width: Int, height: Int) -> TextureDescriptor {
        let rowTexels = paddedSize(width: width, height: height).width
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
        let padded = planes.paddedSize(width: source.width, height: source.height)
        let halves = planes.halvesChroma
        var block = ArgumentBlock()
        block.ivec4(Int32(padded.width), Int32(padded.height), planes.hasAlpha ? 1 : 0,
                    Int32(planes.byteCount(width: source.width, height: source.height)))
        block.ivec4(halves.columns ? 1 : 0, halves.rows ? 1 : 0, Int32(planes.bitDepth), 0)
        var frame = FrameConstants()
        frame.outputSize = SIMD2(Int32(packed.width), Int32(packed.height))
        frame.layerSize = SIMD2(Float(source.width), Float(source.height))
        frame.scale = 1
        let kernel = try kernels.kernel(.yuv, outputFormat: .rgba8Unorm)
        var pass = KernelPass(kernel: kernel, output: output, layer: planned.output, frame: frame, arguments: block.bytes)
        pass.outputIsColor = false
        converted.plan.passes.append(pass)
        converted.plan.readbacks = converted.plan.readbacks.map { $0 == planned.output ? output : $0 }
        converted.placements.append(nil)
        converted.output = output
        return converted
    }
}
