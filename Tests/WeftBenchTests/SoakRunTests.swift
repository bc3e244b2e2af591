import Testing
import Weft
import WeftBench

/// The soak's render loop on its own, on the CPU evaluator: one context, samples at the start and every N renders.
@Test func aSoakRunSamplesEveryNRendersThroughOneContext() throws {
    let (executor, _) = try DeviceChoice.cpu.makeExecutor()
    let run = SoakRun(renders: 10, sampleEvery: 4, warmUpRenders: 4, sizes: [Size(width: 8, height: 8), Size(width: 12, height: 6)],
                      items: [.init(name: "red", view: Color.red.node, options: RenderOptions()),
                              .init(name: "faded", view: Color.blue.opacity(0.5).node, options: RenderOptions())])
    let (curve, validationMessages) = try run.run(on: executor)
    #expect(curve.samples.map(\.renders) == [0, 4, 8, 10], "the start, every 4 renders, and the last")
    #expect(curve.device == executor.device.name && curve.warmUpRenders == 4)
    #expect(validationMessages == 0)
    #expect(curve.samples.allSatisfy { $0.residentBytes > 0 }, "resident memory is read on Linux")
}
