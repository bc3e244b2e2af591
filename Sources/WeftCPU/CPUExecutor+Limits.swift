extension CPUExecutor {
    /// The CPU evaluator's largest texture side, as lavapipe's maxImageDimension2D: a 16384×16384
    /// RGBA16F texture is already 2 GiB of host memory, and a render holds several.
    public static let maxTextureDimension = 16384

    public var maxTextureDimension: Int { Self.maxTextureDimension }
}
