/// Storage formats of Weft's textures.
///
/// `rgba8Unorm` holds sRGB-encoded (non-linear) or linear values in 8 bits per channel;
/// which of the two is the texture's color mode, not its format. `rgba16Float` holds
/// linear or extended-linear values. Both hold premultiplied alpha.
public enum PixelFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case rgba8Unorm = "rgba8"
    case rgba16Float = "rgba16f"

    /// Bytes per texel.
    public var bytesPerPixel: Int {
        switch self {
        case .rgba8Unorm: 4
        case .rgba16Float: 8
        }
    }

    /// The GLSL image format qualifier of a storage image in this format.
    public var glslQualifier: String {
        switch self {
        case .rgba8Unorm: "rgba8"
        case .rgba16Float: "rgba16f"
        }
    }
}
