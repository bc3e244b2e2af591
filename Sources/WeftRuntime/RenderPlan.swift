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

/// One kernel dispatch: `ceil(output.width / 16) × ceil(output.height / 16)` workgroups
/// writing `output`, reading the inputs its kernel's interface names.
public struct KernelPass: Sendable {
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
}

/// Everything one render does, in order: create textures, upload, run passes, read back.
/// An executor runs a whole plan as one submission.
public struct RenderPlan: Sendable {
    public var textures: [TextureDescriptor] = []
    public var uploads: [TextureID: PixelBuffer] = [:]
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

    /// Checks the plan's internal consistency; a violation is a programming error.
    public func checkInvariants() {
        for (id, pixels) in uploads {
            let d = textures[id.index]
            precondition(d.width == pixels.width && d.height == pixels.height && d.format == pixels.format,
                         "upload \(id) does not match its texture")
        }
        for pass in passes {
            let i = pass.kernel.interface
            precondition(textures[pass.output.index].format == pass.kernel.outputFormat, "\(pass.kernel.name): output format mismatch")
            precondition(!i.readsLayer || pass.layer != nil, "\(pass.kernel.name): missing layer input")
            precondition(!i.readsDestination || pass.destination != nil, "\(pass.kernel.name): missing destination input")
            precondition(pass.images.count == i.imageCount, "\(pass.kernel.name): wrong number of image inputs")
            precondition(pass.arguments.count == i.argumentBlockSize, "\(pass.kernel.name): argument block size mismatch")
            for input in [pass.layer, pass.destination].compactMap({ $0 }) + pass.images {
                precondition(input != pass.output, "\(pass.kernel.name): a pass cannot read its own output")
            }
        }
    }
}
