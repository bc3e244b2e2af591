import Foundation
import Weft
import WeftRuntime
import WeftShaders
import WeftText

/// Every effect of a library shown on one picture, plus example scenes (`weft gallery`).
///
/// - color, layer and distortion effects modify the pattern image;
/// - fills draw a rectangle of the pattern's size;
/// - blends draw the pattern through the blend over `Gallery.backdrop`, a diagonal gradient;
/// every effect with the arguments of its preset (a missing preset is that item's failure).
public struct Gallery: Sendable {
    /// One picture to render.
    public struct Item: Sendable {
        public var name: String
        /// The effect kind, or "scene".
        public var kind: String
        /// The output's file name, without folder.
        public var fileName: String
        /// Builds what to render; throws when the item cannot be set up.
        public var make: @Sendable () throws -> (view: ViewNode, size: Size, options: RenderOptions)
        /// For an animated scene: the times (seconds) of the frames its picture shows as a contact
        /// strip, and how to build the frame at a time. Empty for still items.
        public var strip: [Double] = []
        public var makeFrame: (@Sendable (Double) throws -> (view: ViewNode, size: Size, options: RenderOptions))?
        /// For a scene that switches layout by its size (`onGeometryChange`): the sizes its picture shows side by side,
        /// and how to build it at a size. Empty for the others.
        public var sizes: [Size] = []
        public var makeAtSize: (@Sendable (Size) throws -> (view: ViewNode, size: Size, options: RenderOptions))?
    }

    /// The sizes a size-switching scene of `size` is shown at: half as wide and twice as tall, its own, half again as wide.
    public static func sweepSizes(around size: Size) -> [Size] {
        [Size(width: size.width / 2, height: size.height * 2), size, Size(width: size.width * 1.5, height: size.height)]
    }

    /// Frames in an animated scene's contact strip.
    public static let stripFrames = 6

    /// What became of one item.
    public struct Outcome: Sendable {
        public var name: String
        public var kind: String
        public var path: String
        /// Host milliseconds of the render (planning, compiling and running), when it ran.
        public var milliseconds: Double?
        /// Why it failed; nil when the picture was written.
        public var problem: String?
        public var pixels: PixelBuffer?
        /// The executor's findings: the CPU evaluator's checks, the validation layer's messages.
        public var reports: [ExecutionReport] = []
    }

    public var pattern: PixelBuffer
    public var catalog: EffectCatalog
    /// Scene files (docs/scenes.md).
    public var scenes: [String]
    public var scale: Float = 1
    /// `$frame` for every item; nil leaves each scene's own (0 for effects).
    public var frame: UInt32?
    /// `$reduceMotion` for every item (scenes that ask for it keep it).
    public var reduceMotion = false
    /// `RenderOptions.fusion` for every item.
    public var fusion = true

    public init(pattern: PixelBuffer, catalog: EffectCatalog, scenes: [String], scale: Float = 1,
                frame: UInt32? = nil, reduceMotion: Bool = false, fusion: Bool = true) {
        self.fusion = fusion
        self.pattern = pattern
        self.catalog = catalog
        self.scenes = scenes
        self.scale = scale
        self.frame = frame
        self.reduceMotion = reduceMotion
    }

    /// What blend effects draw over: a diagonal gradient from deep blue to amber (two colors, so `Gradient` cannot refuse).
    public static let backdrop = LinearGradient(gradient: try! Gradient(colors: [Color(red: 0.12, green: 0.23, blue: 0.54), Color(red: 0.96, green: 0.62, blue: 0.04)]),
                                                startPoint: .topLeading, endPoint: .bottomTrailing).node

    /// The items in order: every effect by name, then the scenes by file name; `only` keeps
    /// those whose name (effect name, or `scene-NAME`) it contains.
    public func items(only: Set<String>? = nil) -> [Item] {
        let pattern = self.pattern
        let size = Size(width: Float(pattern.width), height: Float(pattern.height))
        let options = RenderOptions(scale: scale, frame: FrameContext(index: frame ?? 0, reduceMotion: reduceMotion), fusion: fusion)
        var items: [Item] = []
        var seen: Set<String> = []
        for folder in catalog.folders {
            for function in folder.library.functions.sorted(by: { $0.name < $1.name }) where seen.insert(function.name).inserted {
                let catalog = self.catalog
                let name = function.name
                items.append(Item(name: name, kind: function.kind.rawValue, fileName: name + ".png") {
                    let (shader, offset) = try catalog.presetShader(named: name)
                    return (try Self.view(of: EffectStep(shader: shader, maxSampleOffset: offset), over: pattern), size, options)
                })
            }
        }
        for path in scenes.sorted() {
            let name = "scene-" + URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let frame = self.frame
            let load: @Sendable () throws -> Scene = {
                try Scene.loadWithLibraries(contentsOf: path).scene
            }
            let frameAt: @Sendable (Scene, Double, Size?) -> (view: ViewNode, size: Size, options: RenderOptions) = { scene, time, size in
                let shown = scene.frame(at: time, size: size, index: frame, caller: options)
                return (shown.view, shown.size, shown.options)
            }
            var item = Item(name: name, kind: "scene", fileName: name + ".png") { frameAt(try load(), 0, nil) }
            // A scene that plays for a while shows as a strip of frames from its start to its end.
            if let duration = (try? load())?.duration, duration > 0 {
                item.strip = (0..<Self.stripFrames).map { duration * Double($0) / Double(Self.stripFrames - 1) }
                item.makeFrame = { time in frameAt(try load(), time, nil) }
            }
            // A scene whose layout follows its size shows as renders at three sizes.
            if let scene = try? load(), scene.geometrySweep() != nil {
                item.sizes = Self.sweepSizes(around: scene.size)
                item.makeAtSize = { size in frameAt(try load(), 0, size) }
            }
            items.append(item)
        }
        guard let only else { return items }
        return items.filter { only.contains($0.name) }
    }

    /// How the gallery shows one effect: modifying `pattern`, filling its size, or blending it over the backdrop.
    public static func view(of step: EffectStep, over pattern: PixelBuffer) throws(EffectSetupError) -> ViewNode {
        switch step.kind {
        case .fill: try EffectChain.fill(step, then: [])
        case .blend: try EffectChain.apply([step], to: Image(pattern), backdrop: backdrop)
        case .color, .layer, .distortion: try EffectChain.apply([step], to: Image(pattern))
        }
    }

    /// Renders each item into `folder/FILE.png`, going on after failures; `report` sees each outcome as it comes.
    public func render(_ items: [Item], with context: RenderContext, into folder: String,
                       report: (Outcome) -> Void = { _ in }) -> [Outcome] {
        items.map { item in
            let path = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + item.fileName
            var outcome = Outcome(name: item.name, kind: item.kind, path: path)
            do {
                let start = ContinuousClock.now
                var picture: PixelBuffer
                if let makeAtSize = item.makeAtSize, !item.sizes.isEmpty {
                    var frames: [ContactSheet.Item] = []
                    for size in item.sizes {
                        let (view, size, options) = try makeAtSize(size)
                        let rendering = try context.render(view, size: size, options: options)
                        frames.append(ContactSheet.Item(name: "\(Int(size.width))x\(Int(size.height))", image: rendering.pixels))
                        outcome.reports += rendering.reports
                    }
                    picture = try Self.strip(frames)
                } else if let makeFrame = item.makeFrame, !item.strip.isEmpty {
                    var frames: [ContactSheet.Item] = []
                    for time in item.strip {
                        let (view, size, options) = try makeFrame(time)
                        let rendering = try context.render(view, size: size, options: options)
                        frames.append(ContactSheet.Item(name: String(format: "t=%.2f s", time), image: rendering.pixels))
                        outcome.reports += rendering.reports
                    }
                    picture = try Self.strip(frames)
                } else {
                    let (view, size, options) = try item.make()
                    let rendering = try context.render(view, size: size, options: options)
                    picture = rendering.pixels
                    outcome.reports = rendering.reports
                }
                let elapsed = ContinuousClock.now - start
                outcome.milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
                try PNGFile.write(picture, to: path)
                outcome.pixels = picture
            } catch {
                outcome.problem = "\(error)"
            }
            report(outcome)
            return outcome
        }
    }

    /// Frames side by side, each at its own size, labelled with its time or size.
    static func strip(_ frames: [ContactSheet.Item]) throws(TextError) -> PixelBuffer {
        var sheet = ContactSheet()
        sheet.thumbnailWidth = frames.map(\.image.width).max() ?? 1
        sheet.thumbnailHeight = frames.map(\.image.height).max() ?? 1
        sheet.columns = frames.count
        return try sheet.render(frames)
    }

    /// A labelled sheet of every written picture.
    public static func contactSheet(_ outcomes: [Outcome]) throws(TextError) -> PixelBuffer {
        var sheet = ContactSheet()
        sheet.thumbnailWidth = 256
        sheet.thumbnailHeight = 192
        sheet.columns = 6
        return try sheet.render(outcomes.compactMap { o in o.pixels.map { ContactSheet.Item(name: o.name, image: $0) } })
    }
}
