import SPIRV

/// A sampled or storage image as the compiler resolves it: a binding, its texture slot, and for
/// sampled images the slot of the sampler state used.
struct ImageRef: Hashable {
    var binding: UInt32
    var slot: Int
    var samplerSlot: Int?
}

/// What an id stands for after translation.
enum Value {
    /// Registers: `rows` consecutive rows from `base` (composites flattened in declaration order,
    /// matrices column-major).
    case rows(Int)
    case pointer(Pointer)
    case image(ImageRef)
    case sampler(binding: UInt32)
    /// The result of an instruction without a usable value (e.g. a non-semantic extended instruction).
    case none
}

struct Pointer {
    enum Space {
        /// A variable in registers (function, private or built-in input): `root` rows from `rootBase`.
        case registers(rootBase: Int, rootSize: Int)
        /// A buffer in a resource slot; offsets in bytes.
        case buffer(slot: Int)
        /// A variable holding an image or sampler; loading it gives the value.
        case resource(ImageOrSampler)
    }
    enum ImageOrSampler { case image(ImageRef), sampler(UInt32) }

    var space: Space
    /// Static part of the offset: rows (registers) or bytes (buffers), from the root.
    var offset: Int
    /// Row holding a per-lane Int32 offset added to `offset`, when an index is not constant.
    var dynamic: Int?
    var pointee: TypeID
    /// Column stride of a matrix pointee in a buffer (`MatrixStride`).
    var matrixStride: Int?
}
