import WeftImage
import WeftRuntime
import WeftViews

/// The largest texture the executor of a render holds; every texture the planner asks for is
/// checked against it before its size becomes an integer, so absurd sizes and scales are
/// errors, not traps.
public struct TextureLimit: Sendable {
    public var maxDimension: Int
    public var device: DeviceDescription

    public init(maxDimension: Int, device: DeviceDescription) {
        self.maxDimension = maxDimension
        self.device = device
    }

    public init(of executor: any Executor) {
        maxDimension = executor.capabilities.maxTextureDimension
        device = executor.device
    }

    /// `pixels` as whole numbers, or the error naming the limit and what such a texture would take.
    func check(_ pixels: SIMD2<Float>, format: PixelFormat) throws(RenderError) -> (width: Int, height: Int) {
        let limit = Float(maxDimension)
        // Written so that NaN fails too.
        guard pixels.x <= limit, pixels.y <= limit, pixels.x >= 1, pixels.y >= 1 else {
            throw .textureTooLarge(width: Double(pixels.x), height: Double(pixels.y), format: format,
                                   limit: maxDimension, device: device.name, isCPUEvaluator: device.kind == .cpuEvaluator)
        }
        return (Int(pixels.x), Int(pixels.y))
    }
}
