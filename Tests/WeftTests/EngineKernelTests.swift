import Testing
import WeftImage
import WeftShaders
@testable import Weft

@Test(arguments: EngineKernel.allCases, PixelFormat.allCases)
func engineKernelCompiles(kernel: EngineKernel, format: PixelFormat) throws {
    let compiled = try EngineKernelCache().kernel(kernel, outputFormat: format)
    #expect(compiled.spirv.first == 0x0723_0203)
    #expect(compiled.outputFormat == format)
}

@Test func argumentBlocksMatchTheDeclaredSizes() throws {
    // Each engine kernel's block is all vec4/ivec4 members: the interface size must be 16 × members.
    for kernel in EngineKernel.allCases {
        let source = kernel.source(outputFormat: .rgba8Unorm)
        guard let start = source.range(of: "uniform WeftArguments {"), let end = source[start.upperBound...].range(of: "}") else {
            Issue.record("\(kernel) declares no argument block")
            continue
        }
        let members = source[start.upperBound..<end.lowerBound].split(separator: ";").filter {
            $0.contains("vec4")
        }.count
        #expect(members * 16 == kernel.interface.argumentBlockSize, "\(kernel)")
    }
}
