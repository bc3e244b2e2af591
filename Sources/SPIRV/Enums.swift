/// SPIR-V enumerants that Weft reads. Each is open (`RawRepresentable` over the word) so that
/// values this file does not name still decode; they are reported by number where they matter.

public struct StorageClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let uniformConstant = StorageClass(rawValue: 0)
    public static let input = StorageClass(rawValue: 1)
    public static let uniform = StorageClass(rawValue: 2)
    public static let output = StorageClass(rawValue: 3)
    public static let workgroup = StorageClass(rawValue: 4)
    public static let crossWorkgroup = StorageClass(rawValue: 5)
    public static let `private` = StorageClass(rawValue: 6)
    public static let function = StorageClass(rawValue: 7)
    public static let generic = StorageClass(rawValue: 8)
    public static let pushConstant = StorageClass(rawValue: 9)
    public static let atomicCounter = StorageClass(rawValue: 10)
    public static let image = StorageClass(rawValue: 11)
    public static let storageBuffer = StorageClass(rawValue: 12)
    public static let physicalStorageBuffer = StorageClass(rawValue: 5349)
    public var description: String {
        let names: [UInt32: String] = [0: "UniformConstant", 1: "Input", 2: "Uniform", 3: "Output", 4: "Workgroup",
                                       5: "CrossWorkgroup", 6: "Private", 7: "Function", 8: "Generic", 9: "PushConstant",
                                       10: "AtomicCounter", 11: "Image", 12: "StorageBuffer", 5349: "PhysicalStorageBuffer"]
        return names[rawValue] ?? "StorageClass(\(rawValue))"
    }
}

public struct Decoration: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let relaxedPrecision = Decoration(rawValue: 0)
    public static let specId = Decoration(rawValue: 1)
    public static let block = Decoration(rawValue: 2)
    public static let bufferBlock = Decoration(rawValue: 3)
    public static let rowMajor = Decoration(rawValue: 4)
    public static let colMajor = Decoration(rawValue: 5)
    public static let arrayStride = Decoration(rawValue: 6)
    public static let matrixStride = Decoration(rawValue: 7)
    public static let builtIn = Decoration(rawValue: 11)
    public static let nonWritable = Decoration(rawValue: 24)
    public static let nonReadable = Decoration(rawValue: 25)
    public static let location = Decoration(rawValue: 30)
    public static let binding = Decoration(rawValue: 33)
    public static let descriptorSet = Decoration(rawValue: 34)
    public static let offset = Decoration(rawValue: 35)
    public static let noContraction = Decoration(rawValue: 42)
    public var description: String {
        let names: [UInt32: String] = [0: "RelaxedPrecision", 1: "SpecId", 2: "Block", 3: "BufferBlock", 4: "RowMajor",
                                       5: "ColMajor", 6: "ArrayStride", 7: "MatrixStride", 11: "BuiltIn", 24: "NonWritable",
                                       25: "NonReadable", 30: "Location", 33: "Binding", 34: "DescriptorSet", 35: "Offset",
                                       42: "NoContraction"]
        return names[rawValue] ?? "Decoration(\(rawValue))"
    }
}

public struct BuiltIn: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let numWorkgroups = BuiltIn(rawValue: 24)
    public static let workgroupSize = BuiltIn(rawValue: 25)
    public static let workgroupId = BuiltIn(rawValue: 26)
    public static let localInvocationId = BuiltIn(rawValue: 27)
    public static let globalInvocationId = BuiltIn(rawValue: 28)
    public static let localInvocationIndex = BuiltIn(rawValue: 29)
    public var description: String {
        let names: [UInt32: String] = [24: "NumWorkgroups", 25: "WorkgroupSize", 26: "WorkgroupId",
                                       27: "LocalInvocationId", 28: "GlobalInvocationId", 29: "LocalInvocationIndex"]
        return names[rawValue] ?? "BuiltIn(\(rawValue))"
    }
}

public struct ExecutionModel: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let fragment = ExecutionModel(rawValue: 4)
    public static let glCompute = ExecutionModel(rawValue: 5)
}

public struct ExecutionMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let localSize = ExecutionMode(rawValue: 17)
    public static let localSizeId = ExecutionMode(rawValue: 38)
    public static let derivativeGroupQuadsKHR = ExecutionMode(rawValue: 5289)
    public static let derivativeGroupLinearKHR = ExecutionMode(rawValue: 5290)
}

/// `OpTypeImage`'s Dim operand.
public struct Dim: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let dim1D = Dim(rawValue: 0)
    public static let dim2D = Dim(rawValue: 1)
    public static let dim3D = Dim(rawValue: 2)
    public static let cube = Dim(rawValue: 3)
    public static let buffer = Dim(rawValue: 5)
}

/// `OpTypeImage`'s Image Format operand.
public struct ImageFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let unknown = ImageFormat(rawValue: 0)
    public static let rgba32f = ImageFormat(rawValue: 1)
    public static let rgba16f = ImageFormat(rawValue: 2)
    public static let rgba8 = ImageFormat(rawValue: 4)
    public var description: String {
        switch rawValue {
        case 0: "Unknown"
        case 1: "Rgba32f"
        case 2: "Rgba16f"
        case 4: "Rgba8"
        default: "ImageFormat(\(rawValue))"
        }
    }
}
