import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// The radar seal of examples/radar-seal.json, written with the Swift API.
func radarSeal() throws -> some View {
    let blue = Color(hex: "#64d2ff")!, deep = Color(hex: "#0a84ff")!, navy = Color(hex: "#002a66")!
    return try ZStack {
        Circle()
            .fill(try RadialGradient(colors: [blue, deep, navy], center: .center, startRadius: 0, endRadius: 90))
            .frame(width: 180, height: 180)
            .shadow(color: Color(hex: "#000000b3")!, radius: 18, x: 0, y: 10)
        Circle()
            .fill(try AngularGradient(colors: [Color(hex: "#ffffff00")!, Color(hex: "#64d2ffaa")!, Color(hex: "#ffffff00")!],
                                  startAngle: .degrees(0), endAngle: .degrees(360)))
            .frame(width: 170, height: 170)
            .blendMode(.screen)
        ForEach(0..<72) { i in
            Capsule()
                .fill(i % 6 == 0 ? Color(hex: "#ffd60a")! : Color(hex: "#ffffffcc")!)
                .frame(width: 5, height: i % 6 == 0 ? 30 : 20)
                .offset(y: -112)
                .frame(width: 260, height: 260)
                .rotationEffect(.degrees(Float(i * 5)))
        }
        try Image(systemName: "wave.3.right", size: 56, color: Color(hex: "#ffffffe6")!)
    }
    .drawingGroup(colorMode: .linear)
}

@Test(arguments: [Backend.vulkan])
func theSwiftAPIAndTheSceneFileBuildTheSameSeal(backend: Backend) throws {
    let scene = try Examples.load("radar-seal.json")
    let context = try backend.makeContext()
    let frame = scene.frame(at: 0)
    let fromFile = try context.render(frame.view, size: frame.size, options: frame.options).pixels
    let fromSwift = try context.render(radarSeal(), size: frame.size, options: frame.options).pixels
    #expect(fromFile == fromSwift)
}
