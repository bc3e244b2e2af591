import WeftImage
import WeftRuntime
import WeftShaders

/// `weft.layer.batch.N`: N in-place `weft.layer` composites onto one canvas in one dispatch (`LayerBatching`). Item i's
/// layer is image i (binding 5 + i); its record in the array buffer is its `weft.layer` argument block as it was, then
/// its layer's origin and size (what the frame constants held) and the pixel rectangle its own pass ran over. Each pixel
/// applies, in order, the items whose rectangle holds it, rounding after each as its texture stored it, so the batch
/// writes exactly what the passes wrote one after another.
enum LayerBatchKernel {
    /// Items per batch at most: each is one image binding.
    static let capacity = 8
    /// Floats per item record: the 8 members of `weft.layer`'s block, then layer origin and size, then the rectangle.
    static let recordStride = 40

    static func name(count: Int) -> String { "weft.layer.batch.\(count)" }

    static func interface(count: Int) -> KernelInterface {
        KernelInterface(readsLayer: false, readsDestination: false, argumentBlockSize: 16, readsArrays: true, imageCount: count,
                        usesDerivatives: false, readsOutput: true)
    }

    static func source(count: Int, outputFormat: PixelFormat) -> String {
        precondition((1...capacity).contains(count))
        let images = (0..<count).map { "layout(binding = \(5 + $0)) uniform sampler2D weftImage\($0);\n" }.joined()
        let fetches = (0..<count).map { "    case \($0): return texelFetch(weftImage\($0), t, 0);\n" }.joined()
        return """
        #version 450
        layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;
        layout(binding = 0, \(outputFormat.glslQualifier)) uniform image2D weftOutput;
        \(FrameConstants.glslDeclaration)
        \(images)struct WeftArgumentsData {
            ivec4 counts; // items in the batch
        };
        layout(binding = 3, std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
        #define args weftArgumentLanes[weftLane]
        struct WeftLayerItem {
            vec4 toLayer;
            vec4 translationScale;
            ivec4 modes;
            vec4 toMask;
            vec4 maskTranslationSize;
            ivec4 mask;
            vec4 maskParams;
            vec4 bounds;
            vec4 layerOriginSize;
            ivec4 region; // pixels: min (xy), end (zw)
        };
        layout(binding = 4, std430) readonly buffer WeftArrays { WeftLayerItem weftItems[]; };

        """ + EngineKernel.compositingFunctions + KernelFusion.storedFunction(outputFormat) + """
        vec4 texel(int item, ivec2 t, vec2 layerSize) {
            if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, ivec2(layerSize)))) return vec4(0.0);
            switch (item) {
        \(fetches)    }
            return vec4(0.0);
        }
        vec4 sampleBilinear(int item, vec2 u, vec2 layerSize) {
            vec2 f = u - 0.5;
            vec2 base = floor(f);
            vec2 w = f - base;
            ivec2 i = ivec2(base);
            return mix(mix(texel(item, i, layerSize), texel(item, i + ivec2(1, 0), layerSize), w.x),
                       mix(texel(item, i + ivec2(0, 1), layerSize), texel(item, i + ivec2(1, 1), layerSize), w.x), w.y);
        }
        void main() {
            ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
            if (any(greaterThanEqual(pixel, weft.outputSize))) return;
            vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
            vec4 result = imageLoad(weftOutput, pixel);
            for (int i = 0; i < args.counts.x; i++) {
                ivec4 region = weftItems[i].region;
                if (any(lessThan(pixel, region.xy)) || any(greaterThanEqual(pixel, region.zw))) continue;
                vec4 bounds = weftItems[i].bounds;
                int flags = weftItems[i].modes.w;
                vec4 source = vec4(0.0);
                if (all(greaterThanEqual(position, bounds.xy)) && all(lessThan(position, bounds.zw))) {
                    vec4 toLayer = weftItems[i].toLayer;
                    vec4 translationScale = weftItems[i].translationScale;
                    vec4 layerOriginSize = weftItems[i].layerOriginSize;
                    vec2 q = mat2(toLayer.xy, toLayer.zw) * position + translationScale.xy;
                    vec2 u = (q - layerOriginSize.xy) * translationScale.z;
                    source = (flags & 1) != 0 ? texel(i, ivec2(floor(u)), layerOriginSize.zw) : sampleBilinear(i, u, layerOriginSize.zw);
                    if ((flags & 2) != 0) source = vec4(source.rgb, 1.0);
                    source = weftConvert(source, weftItems[i].modes.y, weftItems[i].modes.z);
                    vec4 toMask = weftItems[i].toMask;
                    vec4 maskTranslationSize = weftItems[i].maskTranslationSize;
                    float coverage = weftCoverage(weftItems[i].mask.x, mat2(toMask.xy, toMask.zw), maskTranslationSize.xy,
                                                  position, maskTranslationSize.zw, weftItems[i].maskParams.x, weft.scale);
                    source *= coverage * translationScale.w;
                }
                result = weftStored(weftStoreClamp(weftBlend(weftItems[i].modes.x, source, result), (flags & 4) != 0 ? 1 : 0));
            }
            imageStore(weftOutput, pixel, result);
        }

        """
    }
}

extension LayerBatchKernel {
    /// Bytes of `weft.layer.inPlace`'s argument block: the first members of an item's record.
    static let layerBlockSize = 16 * 8
}
