import Weft
import WeftRuntime

/// Many renders through one `RenderContext` on one executor, sampling resident memory, the executor's pools and its live
/// objects (`weft bench --soak`): render `i` draws view `i mod views.count` at size `i mod sizes.count`, at
/// `$time` = (i mod 600) / 60 s and `$frame` = i.
public struct SoakRun: Sendable {
    /// A view to render, with its name (for reports) and the options it renders with.
    public struct Item: Sendable {
        public var name: String
        public var view: ViewNode
        public var options: RenderOptions
        public init(name: String, view: ViewNode, options: RenderOptions) {
            self.name = name
            self.view = view
            self.options = options
        }
    }

    public var renders: Int
    public var sampleEvery: Int
    public var warmUpRenders: Int
    public var sizes: [Size]
    public var items: [Item]

    public init(renders: Int, sampleEvery: Int, warmUpRenders: Int, sizes: [Size], items: [Item]) {
        self.renders = renders
        self.sampleEvery = sampleEvery
        self.warmUpRenders = warmUpRenders
        self.sizes = sizes
        self.items = items
    }

    /// The sampled curve, and how many validation messages the renders reported.
    public func run(on executor: any Executor) throws -> (curve: SoakReport.Curve, validationMessages: Int) {
        let context = RenderContext(executor: executor)
        var samples = [Self.sample(executor, renders: 0)]
        var validationMessages = 0
        let clock = ContinuousClock()
        let start = clock.now
        for i in 0..<renders {
            let item = items[i % items.count]
            let size = sizes[i % sizes.count]
            var options = item.options
            options.frame.time = Double(i % 600) / 60
            options.frame.index = UInt32(i)
            let rendering = try context.render(item.view, size: size, options: options)
            validationMessages += rendering.reports.count { $0.check == "validation" }
            if (i + 1) % sampleEvery == 0 || i + 1 == renders { samples.append(Self.sample(executor, renders: i + 1)) }
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return (SoakReport.Curve(device: executor.device.name, warmUpRenders: warmUpRenders, samples: samples, seconds: seconds),
                validationMessages)
    }

    private static func sample(_ executor: any Executor, renders: Int) -> SoakReport.Sample {
        let counts = executor.resourceCounts
        return SoakReport.Sample(renders: renders, residentBytes: SoakReport.residentBytes() ?? 0, counters: counts.live, totals: counts.created)
    }
}
