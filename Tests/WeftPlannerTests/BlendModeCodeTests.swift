import Testing
@testable import WeftPlanner
import WeftViews

/// Each blend mode keeps its own number in the engine kernels, distinct from the others and from the copy code.
@Test func blendModeKernelCodesAreDistinctAndBelowTheCopyCode() {
    let codes = BlendMode.allCases.map(\.kernelCode)
    #expect(Set(codes).count == codes.count)
    #expect(codes.allSatisfy { (0..<BlendMode.copyKernelCode).contains($0) })
    #expect(BlendMode.normal.kernelCode == 0 && BlendMode.plusLighter.kernelCode == 20)
}
