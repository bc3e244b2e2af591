import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews
import WeftVulkan

/// Every engine kernel, run through the validation layer on one scene that uses them all.
@Test func engineKernelsPassVulkanValidation() throws {
    let context = try Backend.vulkan.makeContext()
    guard let vulkan = context.executor as? VulkanExecutor else {
        Issue.record("the vulkan backend is not a VulkanExecutor")
        return
    }
    let scene = try ZStack {
        Circle().fill(try RadialGradient(colors: [.white, .blue], endRadius: 20)).frame(width: 40, height: 40).shadow(radius: 4, x: 2, y: 2)
        Capsule().fill(Color.orange).frame(width: 30, height: 10).rotationEffect(.degrees(20)).blendMode(.hue)
        Image(testImage()).scaleEffect(3).opacity(0.5)
    }.drawingGroup(opaque: true, colorMode: .linear)
    _ = try context.render(scene, size: Size(width: 64, height: 48), options: RenderOptions(scale: 1.5, outputFormat: .rgba16Float))
    let problems = vulkan.validationMessages.filter { $0.severity >= .warning }
    #expect(problems.isEmpty, "\(problems)")
}
