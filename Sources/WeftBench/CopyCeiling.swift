import WeftImage
import WeftRuntime
import WeftShaders

/// The bandwidth ceiling every benchmark row is compared with: a plain compute image copy
/// through the same kernel ABI (read binding 1 at the pixel, store to binding 0), 16×16 groups.
public enum CopyCeiling {
    public static let name = "ceiling:copy"

    public static func kernel(format: PixelFormat) throws -> CompiledKernel {
        let source = """
        #version 450
        layout(local_size_x = 16, local_size_y = 16) in;
        layout(binding = 0, \(format.glslQualifier)) uniform writeonly image2D weftOutput;
        layout(binding = 1) uniform sampler2D weftLayer;
        \(FrameConstants.glslDeclaration)
        void main() {
            ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
            if (any(greaterThanEqual(pixel, weft.outputSize))) return;
            imageStore(weftOutput, pixel, texelFetch(weftLayer, pixel, 0));
        }
        """
        let spirv: [UInt32]
        do {
            spirv = try GLSLCompiler.compileCompute(source)
        } catch {
            throw BenchError.kernelFailed(name: name, message: error.log)
        }
        return CompiledKernel(
            name: name, kind: .color, outputFormat: format, spirv: spirv,
            interface: KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 0,
                                       readsArrays: false, imageCount: 0, usesDerivatives: false),
            cacheKey: "weft.bench.copy.\(format.rawValue)")
    }
}
