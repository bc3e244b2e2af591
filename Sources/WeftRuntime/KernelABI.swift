import WeftImage

/// The binding interface every generated kernel shares (docs/kernel-abi.md).
///
/// Descriptor set 0:
/// - binding 0: output storage image, format qualifier per variant (`rgba8` or `rgba16f`)
/// - binding 1: layer / blend source, combined image sampler (linear, clamp-to-edge, normalized)
/// - binding 2: blend destination, combined image sampler (same sampler state)
/// - binding 3: argument block, uniform buffer, std140, two copies of which kernels read the first
/// - binding 4: array arguments, storage buffer of `float` (std430), read-only
/// - binding 5 + i: the i-th `image` argument, combined image sampler
/// Descriptor set 1, binding 0: `FrameConstants` (88 bytes), a dynamic uniform buffer, the same set for every pass of
/// a render, each pass's block at its own dynamic offset.
///
/// Kernels read both blocks at an index that no compiler can fold (`weftLane`, always 0) rather than at constant
/// offsets, so that Mesa 22's lavapipe never "inlines" their values: it compiles (and leaks) a new shader variant on
/// every dispatch whose branch or loop conditions depend only on uniform values at constant offsets (docs/kernel-abi.md).
public enum KernelABI {
    public static let outputBinding: UInt32 = 0
    public static let layerBinding: UInt32 = 1
    public static let destinationBinding: UInt32 = 2
    public static let argumentsBinding: UInt32 = 3
    public static let arraysBinding: UInt32 = 4
    public static let firstImageBinding: UInt32 = 5
    /// A checked kernel's counters (`CheckCounters`), a storage buffer bound only to checked passes.
    public static let checkBinding: UInt32 = 63
    /// The descriptor set and binding of the `FrameConstants` block.
    public static let frameSet: UInt32 = 1
    public static let frameBinding: UInt32 = 0
    public static let workgroupSize = (x: 16, y: 16)

    /// The argument block's declaration (`members` in GLSL, one a line), read as `instance.<member>`: the members are
    /// struct `WeftArgumentsData`, and the uniform block `WeftArguments` at binding 3 holds two copies of it (the
    /// descriptor spans twice the block) of which the kernel reads the first, at `weftLane` (`FrameConstants.glslDeclaration`).
    public static func argumentBlockDeclaration(members: String, instance: String) -> String {
        """
        struct WeftArgumentsData {
        \(members)};
        layout(binding = \(argumentsBinding), std140) uniform WeftArguments { WeftArgumentsData weftArgumentLanes[2]; };
        #define \(instance) weftArgumentLanes[weftLane]

        """
    }

    /// The vertex shader of the fragment-pass fallback (`CompiledKernel.fragmentSPIRV`):
    /// three vertices, no inputs, one triangle covering the whole viewport.
    public static let fragmentPassVertexSource = """
    #version 450
    void main() {
        vec2 corner = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
        gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    }
    """

    /// `fragmentPassVertexSource` as SPIR-V: what `GLSLCompiler.compile(fragmentPassVertexSource, stage: .vertex)`
    /// gives, checked in so that no backend needs a GLSL compiler. VertexShaderTests (WeftShadersTests) compiles the
    /// source and prints these words whenever the two differ.
    public static let fragmentPassVertexSPIRV: [UInt32] = FragmentPassVertexWords.words
}

/// What one compiled kernel reads, so an executor binds exactly that and nothing else.
public struct KernelInterface: Sendable, Hashable, Codable {
    public var readsLayer: Bool
    public var readsDestination: Bool
    /// Size of the std140 argument block in bytes; 0 when the function has no block arguments.
    public var argumentBlockSize: Int
    public var readsArrays: Bool
    public var imageCount: Int
    /// The kernel uses `dFdx`/`dFdy`/`fwidth` and needs 2×2 quads.
    public var usesDerivatives: Bool
    /// The kernel reads its output image (`imageLoad` of binding 0) before writing it, so the output keeps what it held:
    /// a pass drawn in place, which may run over part of its output (`KernelPass.region`).
    public var readsOutput: Bool

    public init(readsLayer: Bool, readsDestination: Bool, argumentBlockSize: Int, readsArrays: Bool, imageCount: Int, usesDerivatives: Bool,
                readsOutput: Bool = false) {
        self.readsOutput = readsOutput
        self.readsLayer = readsLayer
        self.readsDestination = readsDestination
        self.argumentBlockSize = argumentBlockSize
        self.readsArrays = readsArrays
        self.imageCount = imageCount
        self.usesDerivatives = usesDerivatives
    }
}

/// A rectangle of an output texture's pixels.
public struct PixelRegion: Sendable, Hashable, CustomStringConvertible {
    public var origin: SIMD2<Int32>
    public var size: SIMD2<Int32>
    public init(origin: SIMD2<Int32>, size: SIMD2<Int32>) {
        self.origin = origin
        self.size = size
    }
    public var description: String { "\(origin.x),\(origin.y) \(size.x)x\(size.y)" }
}

/// A compute kernel ready to run: SPIR-V for Vulkan 1.2, entry point `main`, 16×16 workgroups.
///
/// A value, with its parts held once for all copies: planning copies a pass (and its kernel) many times while it
/// makes and rewrites a plan, and a copy costs one reference, not one per array and string.
public struct CompiledKernel: Sendable, Hashable {
    @usableFromInline struct Parts: Sendable, Hashable {
        @usableFromInline var name: String
        @usableFromInline var kind: EffectKind
        @usableFromInline var outputFormat: PixelFormat
        @usableFromInline var spirv: [UInt32]
        @usableFromInline var interface: KernelInterface
        @usableFromInline var cacheKey: String
        @usableFromInline var fragmentSPIRV: [UInt32]?
        @usableFromInline var native: NativeKernel?
        @usableFromInline var checked: CheckedKernel?
    }
    @usableFromInline final class Shared: Sendable {
        @usableFromInline let parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }
    @usableFromInline var shared: Shared

    private mutating func change(_ edit: (inout Parts) -> Void) {
        var parts = shared.parts
        edit(&parts)
        shared = Shared(parts)
    }

    /// The stitchable function (or internal kernel) it wraps, for reports.
    public var name: String { @inlinable get { shared.parts.name } set { change { $0.name = newValue } } }
    public var kind: EffectKind { @inlinable get { shared.parts.kind } set { change { $0.kind = newValue } } }
    /// Format of the output storage image (binding 0).
    public var outputFormat: PixelFormat { @inlinable get { shared.parts.outputFormat } set { change { $0.outputFormat = newValue } } }
    public var spirv: [UInt32] { @inlinable get { shared.parts.spirv } set { change { $0.spirv = newValue } } }
    public var interface: KernelInterface { @inlinable get { shared.parts.interface } set { change { $0.interface = newValue } } }
    /// Hash of everything that produced `spirv`; equal keys mean interchangeable kernels.
    public var cacheKey: String { @inlinable get { shared.parts.cacheKey } set { change { $0.cacheKey = newValue } } }
    /// For kernels that use derivatives, on devices without compute-shader derivatives: the
    /// same effect as a fragment shader (entry `main`), drawn with
    /// `KernelABI.fragmentPassVertexSPIRV` as one full-screen triangle into a colour
    /// attachment (location 0) of `outputFormat` over the output texture, bindings 1… and
    /// the frame block as the kernel's (visible to the fragment stage). nil otherwise.
    public var fragmentSPIRV: [UInt32]? { @inlinable get { shared.parts.fragmentSPIRV } set { change { $0.fragmentSPIRV = newValue } } }
    /// The engine kernel this is, for executors that run it as native code (`NativeKernel`); nil for every other kernel.
    public var native: NativeKernel? { @inlinable get { shared.parts.native } set { change { $0.native = newValue } } }
    /// The same kernel with the render-time checks compiled in, for executors asked to check (an author's effect; nil
    /// for the engine's kernels).
    public var checked: CheckedKernel? { @inlinable get { shared.parts.checked } set { change { $0.checked = newValue } } }

    public init(name: String, kind: EffectKind, outputFormat: PixelFormat, spirv: [UInt32], interface: KernelInterface, cacheKey: String,
                fragmentSPIRV: [UInt32]? = nil, native: NativeKernel? = nil, checked: CheckedKernel? = nil) {
        shared = Shared(Parts(name: name, kind: kind, outputFormat: outputFormat, spirv: spirv, interface: interface, cacheKey: cacheKey,
                              fragmentSPIRV: fragmentSPIRV, native: native, checked: checked))
    }

    public static func == (a: CompiledKernel, b: CompiledKernel) -> Bool {
        a.shared === b.shared || a.shared.parts == b.shared.parts
    }

    /// Hashes the name and cache key only (equal kernels have equal ones): a plan's passes hash their kernels often.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shared.parts.name)
        hasher.combine(shared.parts.cacheKey)
    }
}

/// The frame block every kernel declares (`WeftFrame` in GLSL, descriptor set 1, binding 0).
///
/// Origins are user-space points (y down) at the top-left corner of texel (0, 0) of
/// each texture; `scale` is pixels per point. A pixel (i, j) of the output is evaluated at
/// `position = outputOrigin + (vec2(i, j) + 0.5) / scale`.
public struct FrameConstants: Sendable, Hashable {
    public var outputOrigin: SIMD2<Float> = .zero      // offset 0
    public var layerOrigin: SIMD2<Float> = .zero       // offset 8
    public var layerSize: SIMD2<Float> = .zero         // offset 16, in pixels
    public var destinationOrigin: SIMD2<Float> = .zero // offset 24
    public var destinationSize: SIMD2<Float> = .zero   // offset 32, in pixels
    public var viewSize: SIMD2<Float> = .zero          // offset 40, in points
    /// The end (exclusive) of the pixels the pass runs over: the output's size, or the far corner of a bounded pass.
    public var outputSize: SIMD2<Int32> = .zero        // offset 48, in pixels (dispatch bounds)
    public var scale: Float = 1                        // offset 56
    public var time: Float = 0                         // offset 60, seconds
    public var frame: UInt32 = 0                       // offset 64
    public var reduceMotion: UInt32 = 0                // offset 68
    /// The first pixel the pass runs over (`KernelPass.region`): invocation (x, y) evaluates pixel dispatchOrigin + (x, y).
    public var dispatchOrigin: SIMD2<Int32> = .zero    // offset 72
    public var mouse: SIMD2<Float> = .zero             // offset 80, points, top-left origin (the preview's pointer)

    /// The block's members in the order and std140 layout kernels read them; `bytes` and the GLSL follow it.
    public static let layout = UniformBlock([
        ("outputOrigin", .vec2), ("layerOrigin", .vec2), ("layerSize", .vec2),
        ("destinationOrigin", .vec2), ("destinationSize", .vec2), ("viewSize", .vec2),
        ("outputSize", .ivec2), ("scale", .float), ("time", .float), ("frame", .uint), ("reduceMotion", .uint),
        ("dispatchOrigin", .ivec2), ("mouse", .vec2),
    ])

    public static let byteCount = layout.end

    public init() {}

    /// The block's bytes, little-endian, at `layout`'s offsets.
    public var bytes: [UInt8] {
        let m = Self.layout.members
        var out = UniformWriter(size: Self.byteCount)
        out.write(outputOrigin, at: m[0].offset)
        out.write(layerOrigin, at: m[1].offset)
        out.write(layerSize, at: m[2].offset)
        out.write(destinationOrigin, at: m[3].offset)
        out.write(destinationSize, at: m[4].offset)
        out.write(viewSize, at: m[5].offset)
        out.write(outputSize, at: m[6].offset)
        out.write(scale, at: m[7].offset)
        out.write(time, at: m[8].offset)
        out.write(frame, at: m[9].offset)
        out.write(reduceMotion, at: m[10].offset)
        out.write(dispatchOrigin, at: m[11].offset)
        out.write(mouse, at: m[12].offset)
        return out.bytes
    }

    /// The GLSL declaration matching `bytes`: a uniform block at set 1, binding 0, holding two copies of the frame
    /// (`blockRange` bytes, std140, whose offsets inside a copy are std430's) of which kernels read the first, through
    /// `weftLane`: an index that is always 0 but that no compiler can fold (`reduceMotion` is 0 or 1), so no uniform
    /// load that a branch or loop condition depends on has a constant offset (docs/kernel-abi.md says why).
    public static let glslDeclaration = """
    struct WeftFrameData {
    \(layout.glslMembers)
    };
    layout(set = \(KernelABI.frameSet), binding = \(KernelABI.frameBinding), std140) uniform WeftFrame { WeftFrameData weftFrames[2]; };
    #define weftLane int(weftFrames[0].reduceMotion >> 1u)
    #define weft weftFrames[weftLane]
    """

    /// Bytes the frame block's descriptor spans: two std140 copies of the 88 bytes, 96 apart.
    public static let blockRange = 2 * layout.size
}
