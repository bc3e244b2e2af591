import WeftImage

/// Names one texture of a `RenderPlan`: its index in `RenderPlan.textures`.
public struct TextureID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: TextureID, b: TextureID) -> Bool { a.index < b.index }
    public var description: String { "t\(index)" }
}

public struct TextureDescriptor: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var format: PixelFormat
    public init(width: Int, height: Int, format: PixelFormat) {
        self.width = width
        self.height = height
        self.format = format
    }
}

/// One kernel dispatch: `ceil(width / 16) × ceil(height / 16)` workgroups over `region` (the whole output when nil)
/// writing `output`, reading the inputs its kernel's interface names.
public struct KernelPass: Sendable, Equatable {
    public var kernel: CompiledKernel
    public var output: TextureID
    /// Binding 1; required when `kernel.interface.readsLayer`.
    public var layer: TextureID?
    /// Binding 2; required when `kernel.interface.readsDestination`.
    public var destination: TextureID?
    /// Bindings 5…; exactly `kernel.interface.imageCount` of them.
    public var images: [TextureID]
    public var frame: FrameConstants
    /// Contents of the std140 argument block (binding 3), `kernel.interface.argumentBlockSize` bytes.
    public var arguments: [UInt8]
    /// Contents of the array buffer (binding 4); empty when the kernel reads no arrays.
    public var arrayData: [Float]
    /// The effect's declared `maxSampleOffset` in points, for backends that check it
    /// (the CPU evaluator's sample-bound check); nil when the kernel declares none.
    public var maxSampleOffset: SIMD2<Float>?
    /// The pixels the pass runs over, when not its whole output: only for kernels that read their output
    /// (`KernelInterface.readsOutput`), which keep the rest. Set with `bounded(to:)`.
    public private(set) var region: PixelRegion?
    /// Output pixels one invocation writes along x and y (a kernel that sums a run of outputs, `weft.blur.tiled`): the
    /// dispatch covers the region with `workgroups(for:localSize:)`.
    public var outputsPerInvocation = SIMD2<Int>(1, 1)
    /// Whether the output holds premultiplied colour, as the render-time premultiplication check assumes; false for a
    /// pass that packs other data into its texture's bytes (a video's YUV planes), which the check then skips.
    public var outputIsColor = true

    public init(kernel: CompiledKernel, output: TextureID, layer: TextureID? = nil, destination: TextureID? = nil,
                images: [TextureID] = [], frame: FrameConstants, arguments: [UInt8] = [], arrayData: [Float] = [],
                maxSampleOffset: SIMD2<Float>? = nil) {
        self.kernel = kernel
        self.output = output
        self.layer = layer
        self.destination = destination
        self.images = images
        self.frame = frame
        self.arguments = arguments
        self.arrayData = arrayData
        self.maxSampleOffset = maxSampleOffset
    }

    /// The pass run over `region` of its output only: the push constants' dispatch origin and end follow it.
    public func bounded(to region: PixelRegion) -> KernelPass {
        var pass = self
        pass.region = region
        pass.frame.dispatchOrigin = region.origin
        pass.frame.outputSize = region.origin &+ region.size
        return pass
    }

    /// The pass run over the whole of its output again; the caller sets the constants' dispatch origin and end.
    public func unbounded() -> KernelPass {
        var pass = self
        pass.region = nil
        return pass
    }

    /// The textures the pass samples: its layer, destination and images, in binding order (one bound twice appears
    /// twice). A pass drawn in place also reads its output, which is not among them.
    public var inputs: [TextureID] { [layer, destination].compactMap { $0 } + images }

    /// Calls `body` with each of `inputs`, in their order, without making the list (planning visits thousands of passes).
    @inlinable public func forEachInput<E: Error>(_ body: (TextureID) throws(E) -> Void) throws(E) {
        if let layer { try body(layer) }
        if let destination { try body(destination) }
        for image in images { try body(image) }
    }

    /// The pixels the pass runs over in an output texture of `width × height`.
    public func dispatchRegion(width: Int, height: Int) -> PixelRegion {
        region ?? PixelRegion(origin: .zero, size: SIMD2(Int32(width), Int32(height)))
    }

    /// The workgroups of `localSize` invocations that cover `region`, each invocation writing `outputsPerInvocation`.
    public func workgroups(for region: PixelRegion, localSize: (x: Int, y: Int)) -> (x: Int, y: Int) {
        let span = SIMD2(localSize.x, localSize.y) &* outputsPerInvocation
        return ((Int(region.size.x) + span.x - 1) / span.x, (Int(region.size.y) + span.y - 1) / span.y)
    }
}

/// Everything one render does, in order: create textures, upload, run passes, read back.
/// An executor runs a whole plan as one submission.
public struct RenderPlan: Sendable {
    public var textures: [TextureDescriptor] = []
    public var uploads: [TextureID: PixelBuffer] = [:]
    /// Textures the executor keeps across plans, brought up to date before the passes run (`ResidentTexture`).
    public var residents: [TextureID: ResidentTexture] = [:]
    public var passes: [KernelPass] = []
    public var readbacks: [TextureID] = []

    public init() {}

    /// Adds a texture and returns its id.
    public mutating func addTexture(_ descriptor: TextureDescriptor) -> TextureID {
        textures.append(descriptor)
        return TextureID(textures.count - 1)
    }

    /// Adds a texture whose initial contents are `pixels`.
    public mutating func addUpload(_ pixels: PixelBuffer) -> TextureID {
        let id = addTexture(TextureDescriptor(width: pixels.width, height: pixels.height, format: pixels.format))
        uploads[id] = pixels
        return id
    }

    /// Adds a texture the executor keeps across plans.
    public mutating func addResident(_ resident: ResidentTexture) -> TextureID {
        let pixels = resident.pixels
        let id = addTexture(TextureDescriptor(width: pixels.width, height: pixels.height, format: pixels.format))
        residents[id] = resident
        return id
    }

    /// Checks the plan's internal consistency before anything runs, and that no texture is wider or taller than
    /// `maxTextureDimension` (the executor's `capabilities.maxTextureDimension`).
    public func validate(options: ExecutionOptions = ExecutionOptions(), maxTextureDimension: Int = .max) throws(ExecutionError) {
        func fail(_ message: String) -> ExecutionError { .invalidPlan(message) }
        func check(_ id: TextureID, _ role: @autoclosure () -> String) throws(ExecutionError) {
            guard textures.indices.contains(id.index) else { throw fail("\(role()) \(id) is not one of the plan's \(textures.count) textures") }
        }
        guard options.repetitions >= 1 else { throw fail("repetitions must be at least 1, not \(options.repetitions)") }
        for (index, d) in textures.enumerated() where d.width < 1 || d.height < 1 {
            throw fail("texture t\(index) is \(d.width)×\(d.height); both sides must be at least 1")
        }
        for (index, d) in textures.enumerated() where max(d.width, d.height) > maxTextureDimension {
            throw fail("texture t\(index) is \(d.width)×\(d.height), beyond the executor's limit of \(maxTextureDimension) pixels per side")
        }
        for (id, pixels) in uploads {
            try check(id, "upload")
            let d = textures[id.index]
            guard d.width == pixels.width && d.height == pixels.height && d.format == pixels.format else {
                throw fail("upload \(id) is \(pixels.width)×\(pixels.height) \(pixels.format), its texture \(d.width)×\(d.height) \(d.format)")
            }
        }
        for (id, resident) in residents {
            try check(id, "resident texture")
            let d = textures[id.index], pixels = resident.pixels
            guard d.width == pixels.width && d.height == pixels.height && d.format == pixels.format else {
                throw fail("resident texture \(id) is \(pixels.width)×\(pixels.height) \(pixels.format), its texture \(d.width)×\(d.height) \(d.format)")
            }
            guard uploads[id] == nil else { throw fail("texture \(id) is both an upload and resident") }
            guard resident.rowsUsed <= pixels.height, resident.plannedRows.upperBound <= pixels.height,
                  resident.firstChangedRows.allSatisfy({ 0 <= $0 && $0 <= resident.rowsUsed }) else {
                throw fail("resident texture \(id): its changed rows are not inside its \(pixels.height) rows")
            }
        }
        for id in readbacks { try check(id, "readback") }
        for (index, pass) in passes.enumerated() {
            var name: String { "pass \(index) (\(pass.kernel.name))" }
            let i = pass.kernel.interface
            try check(pass.output, "\(name): output")
            guard residents[pass.output] == nil else { throw fail("\(name): a pass cannot write the resident texture \(pass.output)") }
            try pass.forEachInput { input throws(ExecutionError) in
                try check(input, "\(name): input")
                if input == pass.output { throw fail("\(name): a pass cannot read its own output \(input)") }
            }
            guard textures[pass.output.index].format == pass.kernel.outputFormat else {
                throw fail("\(name): the kernel writes \(pass.kernel.outputFormat), its output texture is \(textures[pass.output.index].format)")
            }
            guard !i.readsLayer || pass.layer != nil else { throw fail("\(name): the kernel reads a layer, the pass gives none") }
            guard !i.readsDestination || pass.destination != nil else { throw fail("\(name): the kernel reads a destination, the pass gives none") }
            guard pass.images.count == i.imageCount else {
                throw fail("\(name): the kernel reads \(i.imageCount) images, the pass gives \(pass.images.count)")
            }
            guard pass.arguments.count == i.argumentBlockSize else {
                throw fail("\(name): the kernel's argument block is \(i.argumentBlockSize) bytes, the pass gives \(pass.arguments.count)")
            }
            if let r = pass.region {
                let d = textures[pass.output.index]
                guard i.readsOutput else { throw fail("\(name): only a kernel that reads its output can run over part of it") }
                guard r.origin.x >= 0, r.origin.y >= 0, r.size.x >= 1, r.size.y >= 1,
                      Int(r.origin.x) + Int(r.size.x) <= d.width, Int(r.origin.y) + Int(r.size.y) <= d.height else {
                    throw fail("\(name): region \(r) is not inside its \(d.width)×\(d.height) output")
                }
            }
        }
    }
}
