import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftVulkan

/// The preview window's loop: renders what a `PreviewSource` reads at the window's size, presents it through a
/// swapchain, reloads when the files change, and acts on keys. Run it on the main thread.
public final class PreviewSession {
    public struct Options: Sendable {
        /// Stop after this many presented frames (nil: until the window closes). Each frame is rendered, also while
        /// paused (then all at the paused time).
        public var frames: Int?
        /// Save the last presented frame, read back from the swapchain image, here.
        public var screenshotPath: String?
        public var clock: PreviewClock
        /// The device that presents (as `--device`; nil: automatic). The CPU evaluator renders, a Vulkan device shows.
        public var presentingDevice: String?
        public var validation: Bool
        /// FIFO presentation (waits for vertical blank); off: mailbox where the surface offers it.
        public var vsync: Bool = true
        /// Frames rendered on the presenting device go to the window on the device; off: read back and copied from the
        /// host, as the CPU evaluator's are (to compare the two).
        public var copyOnDevice: Bool = true
        /// Where S saves frames.
        public var saveFolder: String = "."
        /// Show frames over a checkerboard, so that transparent content shows (K toggles it).
        public var checkerboard = false
        /// Run the authors' kernels as their checked variants on the presenting device and print what they find
        /// (`VulkanExecutor.Options.checks`); the CPU evaluator always checks.
        public var checks = false

        public init(frames: Int? = nil, screenshotPath: String? = nil, clock: PreviewClock = PreviewClock(),
                    presentingDevice: String? = nil, validation: Bool = VulkanInstance.validationRequestedByEnvironment) {
            self.frames = frames
            self.screenshotPath = screenshotPath
            self.clock = clock
            self.presentingDevice = presentingDevice
            self.validation = validation
        }
    }

    private let source: any PreviewSource
    /// What renders: the given context, or (nil until `run`) an executor on the presenting device.
    private var context: RenderContext!
    /// Plans frames for `context`, running the last frame's plan again while the frame's structure stays the same.
    private var planning: PlanReuse?
    /// The executor on the presenting device, whose frames go to the window without a host copy.
    private var sharedExecutor: VulkanExecutor?
    private let options: Options
    private let print: (String) -> Void
    private let printError: (String) -> Void
    /// The line printed for an executor's report (a check's finding or a validation message).
    private let reportLine: (ExecutionReport) -> String

    private var content: PreviewContent
    private var overrides: [String: [Float]] = [:]
    /// Diagnostics of the last failed load or render, shown until a load succeeds.
    private var problems: [String] = []
    private var clock: PreviewClock
    private var selected = 0
    private var showBefore = false
    private var zoom = 1
    private var lastFrame: PixelBuffer?
    private var showTimes = false
    private var checkerboard = false
    private var times = FrameTimes()
    /// Executor reports already printed (each once), and whether any was the validation layer's.
    private var reported: Set<ExecutionReport> = []
    private var validationReported = false

    /// Reads the source once: a source that cannot be read is an error before any window opens. Without `context`, frames
    /// render on the presenting Vulkan device (`Options.presentingDevice`) and reach the window without a host copy.
    public init(source: any PreviewSource, context: RenderContext?, options: Options,
                print: @escaping (String) -> Void, printError: @escaping (String) -> Void,
                reportLine: @escaping (ExecutionReport) -> String = { "weft preview: warning: \($0)" }) throws {
        self.reportLine = reportLine
        self.source = source
        self.context = context
        self.options = options
        self.print = print
        self.printError = printError
        self.clock = options.clock
        self.checkerboard = options.checkerboard
        self.content = try source.load(overrides: [:])
    }

    /// Opens the window and runs until it closes (Escape, Q) or the frame count is reached. Returns the exit status: 1
    /// when the Vulkan validation layer reported anything.
    public func run() throws -> Int32 {
        let initialScale = content.options.scale
        let window = try PreviewWindow(title: "weft preview — \(content.name)",
                                       width: Int((content.size.width * initialScale).rounded(.up)),
                                       height: Int((content.size.height * initialScale).rounded(.up)))
        var framebuffer = window.framebufferSize
        let instance = try VulkanInstance(.init(validation: options.validation, extensions: PreviewWindow.requiredInstanceExtensions()))
        // An optional so that it goes (with the window's surface) before the window does.
        var presenter: VulkanPresenter!
        do {
            if context == nil {
                let info = try DeviceSelector(requestedName: options.presentingDevice).select(from: instance.devices)
                let device = try VulkanDevice(instance: instance, device: info, presenting: true)
                let executor = try VulkanExecutor(device: device, checks: options.checks)
                sharedExecutor = executor
                context = RenderContext(executor: executor)
                presenter = try VulkanPresenter(sharing: device, width: framebuffer.width, height: framebuffer.height,
                                                vsync: options.vsync) { window.makeSurface(instance: $0) }
            } else {
                presenter = try VulkanPresenter(instance: instance, deviceName: options.presentingDevice,
                                                width: framebuffer.width, height: framebuffer.height, vsync: options.vsync) {
                    window.makeSurface(instance: $0)
                }
            }
        } catch {
            reportValidation(of: instance)
            throw error
        }
        var watcher = try? FileWatcher(paths: content.watchedFiles)
        let clockStart = ContinuousClock.now
        var lastTick = clockStart
        var lastTitle = clockStart - .seconds(1)
        var presented = 0
        var frameTime: Duration = .zero
        var renderTimes: [Duration] = []
        var firstPresented: ContinuousClock.Instant?
        var dirty = true
        var announced = false
        var lastCursor = window.cursor
        var hidden = false
        // Counting frames renders every one: a paused clock must not wait for an event to draw the next.
        let counting = options.frames != nil

        while !window.shouldClose {
            let idle = (clock.paused && !dirty && !counting) || hidden
            for input in window.poll(waiting: idle ? 0.01 : 0) {
                dirty = true
                handle(input, window: window)
            }
            if let changed = watcher?.waitForChanges(timeout: .zero), !changed.isEmpty {
                if reload() { watcher = (try? FileWatcher(paths: content.watchedFiles)) ?? watcher }
                dirty = true
            }
            let cursor = window.cursor
            if cursor != lastCursor {   // $mouse and the magnifier follow the pointer, paused or not
                lastCursor = cursor
                dirty = true
                if window.leftButtonDown { movePoint(to: cursor, scale: content.options.scale * window.pixelsPerPoint) }
            }
            framebuffer = window.framebufferSize
            hidden = framebuffer.width == 0 || framebuffer.height == 0   // minimized: nothing to render until restored
            guard !hidden else { continue }
            if presenter.extent != (framebuffer.width, framebuffer.height) {
                try presenter.remakeSwapchain(width: framebuffer.width, height: framebuffer.height)
                dirty = true
            }
            guard dirty || !clock.paused || counting else { continue }

            let scale = content.options.scale * window.pixelsPerPoint
            let isLast = options.frames.map { presented + 1 >= $0 } ?? false
            let wantsCapture = isLast && options.screenshotPath != nil
            let textScale = textScale(width: framebuffer.width)
            let (outcome, captured) = try present(on: presenter, width: framebuffer.width, height: framebuffer.height, scale: scale,
                                                  cursor: cursor, textScale: textScale, capture: wantsCapture)
            frameTime = times.render
            renderTimes.append(frameTime)
            guard outcome == .presented else {
                hidden = outcome == .surfaceHidden
                dirty = true
                continue
            }
            presented += 1
            dirty = false
            let now = ContinuousClock.now
            times.presented(at: now)
            if firstPresented == nil { firstPresented = now }
            clock.advance(by: Self.seconds(now - lastTick))
            lastTick = now
            if !announced {
                let path = sharedExecutor != nil && options.copyOnDevice && presenter.copiesOnDevice ? "copied on the device" : "copied from the host"
                print("weft preview: presenting \(content.name) at \(presenter.extent.width)x\(presenter.extent.height) on \(presenter.deviceName) (\(presenter.presentModeName)), rendered on \(context.executor.device.name), \(path)")
                announced = true
            }
            if now - lastTitle > .milliseconds(250) {
                window.setTitle("weft preview — \(content.name) — \(context.executor.device.name) — \(presenter.extent.width)x\(presenter.extent.height) — \(Self.milliseconds(frameTime)) — t \(PreviewParameter.format(Float(clock.time)))\(clock.paused ? " (paused)" : "")")
                lastTitle = now
            }
            if isLast {
                if let path = options.screenshotPath, let captured {
                    try PNGFile.write(captured, to: path)
                    print("weft preview: \(path): \(captured.width)x\(captured.height), frame \(presented) from the swapchain")
                }
                break
            }
        }
        presenter = nil
        withExtendedLifetime(window) {}
        let clean = reportValidation(of: instance)
        print(Self.summary(presented: presented, since: firstPresented, renderTimes: renderTimes))
        return clean && !validationReported ? 0 : 1
    }

    /// Prints the validation layer's failures about presenting on `instance`; whether there were none.
    @discardableResult
    private func reportValidation(of instance: VulkanInstance) -> Bool {
        let failures = instance.validationLog.failures
        for message in failures { printError("weft preview: validation: \(message)") }
        return failures.isEmpty
    }

    /// The content at the clock's time for a framebuffer of `width`×`height` pixels: its view, size in points and options.
    private func currentFrame(width: Int, height: Int, scale: Float, cursor: SIMD2<Float>) -> (view: ViewNode, size: Size, options: RenderOptions) {
        var options = content.options
        options.scale = scale
        options.frame = clock.frameContext(from: content.options.frame, mouse: cursor / scale)
        let size = Size(width: Float(width) / scale, height: Float(height) / scale)
        return (content.viewAt?(clock.time, size) ?? content.view, size, options)
    }

    /// Renders the current frame and presents it: on the presenting device, the render's texture is blitted into the
    /// swapchain image with the overlays drawn over it (no host copy); otherwise (the CPU evaluator, the magnifier, a
    /// failed plan) the pixels are read back, decorated and copied from the host. Device loss ends the preview.
    private func present(on presenter: VulkanPresenter, width: Int, height: Int, scale: Float, cursor: SIMD2<Float>, textScale: Int,
                         capture: Bool) throws -> (PresentOutcome, PixelBuffer?) {
        let started = ContinuousClock.now
        let (shown, size, renderOptions) = currentFrame(width: width, height: height, scale: scale, cursor: cursor)
        let view = showBefore ? (content.before ?? content.view) : shown
        // The magnifier and the checkerboard work on the host's copy of the frame.
        if let executor = sharedExecutor, options.copyOnDevice, presenter.copiesOnDevice, zoom == 1, !checkerboard {
            do {
                let planned = try framePlanning().plan(view, size: size, options: renderOptions)
                var plan = planned.plan
                plan.readbacks = []
                var rendered: ContinuousClock.Instant?
                let result = try presenter.present(renderedBy: { copy in
                    note(try executor.execute(plan, presenting: planned.output, into: copy).reports)
                    rendered = ContinuousClock.now
                }, overlays: overlays(width: width, height: height, textScale: textScale, marker: markerPosition(scale: scale)), capture: capture)
                times.rendered(planned: started, rendered: rendered ?? started, presented: ContinuousClock.now, onDevice: true)
                return result
            } catch {
                if let lost = Self.deviceLoss(error) { throw lost }
                show(source.messages(for: error))
            }
        }
        let frame = try renderFrame(view, size: size, options: renderOptions, width: width, height: height)
        let rendered = ContinuousClock.now
        do {
            let result = try presenter.present(decorate(frame, cursor: cursor, textScale: textScale, marker: markerPosition(scale: scale)),
                                               capture: capture)
            times.rendered(planned: started, rendered: rendered, presented: ContinuousClock.now, onDevice: false)
            return result
        } catch {
            throw Self.deviceLoss(error) ?? error
        }
    }

    /// The plan reuse of the current context (made with it; forgotten when content reloads).
    private func framePlanning() -> PlanReuse {
        if let planning, planning.planner === context.planner { return planning }
        let made = context.makePlanReuse()
        planning = made
        return made
    }

    /// The preview's error for `error` when it means the rendering or presenting device is lost.
    static func deviceLoss(_ error: any Error) -> PreviewError? {
        if let vulkan = error as? VulkanError, vulkan.losesDevice { return .deviceLost(vulkan.description) }
        if case .deviceLost(_, let message)? = error as? ExecutionError { return .deviceLost(message) }
        return nil
    }

    /// The frame for the window: the current content (or, after a failed render, the last good frame).
    private func renderFrame(_ view: ViewNode, size: Size, options renderOptions: RenderOptions, width: Int, height: Int) throws(PreviewError) -> PixelBuffer {
        do {
            let rendering = try context.run(try framePlanning().plan(view, size: size, options: renderOptions))
            note(rendering.reports)
            lastFrame = rendering.pixels
            return rendering.pixels
        } catch {
            if let lost = Self.deviceLoss(error) { throw lost }
            show(source.messages(for: error))
            return lastFrame ?? PixelBuffer.blank(width: width, height: height, format: .rgba8Unorm)
        }
    }

    /// Prints each executor report once.
    private func note(_ reports: [ExecutionReport]) {
        for report in reports where reported.insert(report).inserted {
            printError(reportLine(report))
            if report.check == "validation" { validationReported = true }
        }
    }

    /// The status line, the frame times (F) and any problems, as opaque boxes for a frame presented from the device.
    private func overlays(width: Int, height: Int, textScale: Int, marker: SIMD2<Int>?) -> [PresentOverlay] {
        var out: [PresentOverlay] = []
        if let marker {
            let origin = FrameOverlay.markerOrigin(marker, width: width, height: height)
            out.append(PresentOverlay(pixels: FrameOverlay.marker, x: origin.x, y: origin.y))
        }
        let status = statusLines(width: width, textScale: textScale)
        if let box = FrameOverlay.textBox(status, scale: textScale) { out.append(PresentOverlay(pixels: box, x: 4, y: 4)) }
        if let box = FrameOverlay.textBox(timeLines(width: width, textScale: textScale), scale: textScale) {
            let y = status.isEmpty ? 4 : 4 + FrameOverlay.boxSize(status, scale: textScale).height + 4
            out.append(PresentOverlay(pixels: box, x: max(0, width - box.width - 4), y: y))
        }
        if let box = FrameOverlay.textBox(problemLines(width: width, textScale: textScale), scale: textScale, color: FrameOverlay.errorColor) {
            out.append(PresentOverlay(pixels: box, x: 4, y: max(0, height - box.height - 4)))
        }
        return out
    }

    /// The frame-time overlay's lines (F): render, present and frame times, and how frames reach the window.
    private func timeLines(width: Int, textScale: Int) -> [String] {
        showTimes ? FrameOverlay.wrap([times.line], toWidth: width - 8, scale: textScale) : []
    }

    /// Glyph pixels twice as large on a window wide enough for the status line at that size, otherwise single.
    private func textScale(width: Int) -> Int {
        width >= 480 && FrameOverlay.wrap(statusParts, toWidth: width - 8, scale: 2).count <= 1 ? 2 : 1
    }

    /// As few lines as the window's width allows, so that the overlay covers as little as it can and is never cut off.
    private func statusLines(width: Int, textScale: Int) -> [String] {
        FrameOverlay.wrap(statusParts, toWidth: width - 8, scale: textScale)
    }

    private var statusParts: [String] {
        var status: [String] = []
        if showBefore { status.append("before (B)") }
        if zoom > 1 { status.append("zoom \(zoom)x") }
        if !content.parameters.isEmpty {
            let index = min(selected, content.parameters.count - 1)
            status.append("[\(index + 1)/\(content.parameters.count)] " + content.parameters[index].overlayLine)
        }
        return status
    }

    /// The diagnostics, each wrapped to the window's width.
    private func problemLines(width: Int, textScale: Int) -> [String] {
        problems.flatMap { FrameOverlay.wrap([$0], toWidth: width - 8, scale: textScale) }
    }

    /// The frame with the magnifier, the selected parameter and any problems drawn over it.
    private func decorate(_ frame: PixelBuffer, cursor: SIMD2<Float>, textScale: Int, marker: SIMD2<Int>?) -> PixelBuffer {
        var backed = checkerboard ? FrameOverlay.overCheckerboard(frame) : frame
        if let marker { FrameOverlay.drawMarker(into: &backed, at: marker) }
        var shown = FrameOverlay.magnify(backed, factor: zoom, around: SIMD2(Int(cursor.x), Int(cursor.y)))
        let status = statusLines(width: shown.width, textScale: textScale)
        FrameOverlay.drawText(status, into: &shown, at: SIMD2(4, 4), scale: textScale)
        let timeLines = timeLines(width: shown.width, textScale: textScale)
        if !timeLines.isEmpty {
            let box = FrameOverlay.boxSize(timeLines, scale: textScale)
            let y = status.isEmpty ? 4 : 4 + FrameOverlay.boxSize(status, scale: textScale).height + 4
            FrameOverlay.drawText(timeLines, into: &shown, at: SIMD2(max(0, shown.width - box.width - 4), y), scale: textScale)
        }
        FrameOverlay.drawText(problemLines(width: shown.width, textScale: textScale), into: &shown, at: SIMD2(4, -4), scale: textScale,
                              color: FrameOverlay.errorColor)
        return shown
    }

    /// Reads the source again; on failure keeps the last content, prints and shows why. Whether it succeeded.
    @discardableResult
    private func reload() -> Bool {
        let started = ContinuousClock.now
        do {
            content = try source.load(overrides: overrides)
            planning?.reset(keepingViews: true)
            if !problems.isEmpty { print("weft preview: fixed") }
            problems = []
            print("weft preview: reloaded \(content.name) in \(Self.milliseconds(ContinuousClock.now - started))")
            return true
        } catch {
            show(source.messages(for: error))
            return false
        }
    }

    private func show(_ messages: [String]) {
        if messages != problems { messages.forEach(printError) }
        problems = messages
    }

    private func handle(_ input: PreviewInput, window: PreviewWindow) {
        switch input {
        case .refresh: break
        case .click:
            let scale = content.options.scale * window.pixelsPerPoint
            if selectedParameter?.control == .point {
                movePoint(to: window.cursor, scale: scale)
            } else if clock.paused {
                traceClick(at: window.cursor, scale: scale, window: window)
            } else if let tap = content.tap {
                _ = tap(window.cursor / scale, clock.time)
            }
        case .scroll(let clicks): nudgeParameter(by: clicks)
        case .key(let key):
            switch key {
            case .quit: window.shouldClose = true
            case .space: clock.paused.toggle()
            case .left: clock.stepFrames(-1)
            case .right: clock.stepFrames(1)
            case .restart: clock.restart()
            case .reduceMotion: clock.reduceMotion.toggle()
            case .tab: if !content.parameters.isEmpty { selected = (selected + 1) % content.parameters.count }
            case .up: nudgeParameter(by: 1)
            case .down: nudgeParameter(by: -1)
            case .beforeAfter: showBefore.toggle()
            case .zoomIn: zoom = min(zoom * 2, 32)
            case .zoomOut: zoom = max(zoom / 2, 1)
            case .save: saveFrame(window: window)
            case .frameTimes: showTimes.toggle()
            case .checkerboard: checkerboard.toggle()
            }
        }
    }

    /// A click while paused: `weft debug`'s traces of every effect at the clicked pixel, on standard output. The
    /// frame is rendered at the framebuffer's size, so the pointer's framebuffer pixel is the output pixel (the
    /// magnifier zooms around the pointer, which stays on the pixel it shows).
    private func traceClick(at cursor: SIMD2<Float>, scale: Float, window: PreviewWindow) {
        let framebuffer = window.framebufferSize
        let (view, size, traceOptions) = currentFrame(width: framebuffer.width, height: framebuffer.height, scale: scale, cursor: cursor)
        let pixel = (x: Int(cursor.x), y: Int(cursor.y))
        do {
            // On the CPU evaluator's threads when it renders the preview.
            let debugger = PixelDebugger(libraries: content.libraries, threads: context.executor.capabilities.hostThreads)
            let traces = try debugger.traceAll(view, size: size, options: traceOptions, pixel: pixel)
            print(String(traces.text.dropLast()))
        } catch {
            printError("weft preview: pixel \(pixel.x),\(pixel.y): \(error)")
        }
    }

    private var selectedParameter: PreviewParameter? {
        content.parameters.isEmpty ? nil : content.parameters[min(selected, content.parameters.count - 1)]
    }

    private func nudgeParameter(by clicks: Double) {
        guard let parameter = selectedParameter else { return }
        let values = parameter.nudgedValues(by: clicks)
        guard values != parameter.values else { return }
        overrides[parameter.id] = values
        reload()
    }

    /// A drag (or click) with a point parameter selected: the point goes under the pointer, in the window's points.
    private func movePoint(to cursor: SIMD2<Float>, scale: Float) {
        guard let parameter = selectedParameter, parameter.control == .point else { return }
        let point = cursor / scale
        let values = [point.x, point.y]
        guard values != parameter.values else { return }
        overrides[parameter.id] = values
        reload()
    }

    /// Where the selected point parameter's marker goes, in framebuffer pixels.
    private func markerPosition(scale: Float) -> SIMD2<Int>? {
        guard let parameter = selectedParameter, parameter.control == .point, parameter.values.count == 2 else { return nil }
        let p = SIMD2(parameter.values[0], parameter.values[1]) * scale
        return SIMD2(Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
    }

    /// S: the current frame at full resolution, without the overlay, named with the content and the time (rendered
    /// again and read back when frames go to the window on the device).
    private func saveFrame(window: PreviewWindow) {
        if sharedExecutor != nil {
            let framebuffer = window.framebufferSize
            let scale = content.options.scale * window.pixelsPerPoint
            let (shown, size, saveOptions) = currentFrame(width: framebuffer.width, height: framebuffer.height, scale: scale, cursor: window.cursor)
            _ = try? renderFrame(showBefore ? (content.before ?? content.view) : shown, size: size, options: saveOptions,
                                 width: framebuffer.width, height: framebuffer.height)
        }
        guard let frame = lastFrame else { return }
        let safeName = String(content.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        let path = "\(options.saveFolder)/\(safeName)-t\(PreviewParameter.format(Float(clock.time))).png"
        do {
            try PNGFile.write(frame, to: path)
            print("weft preview: saved \(path)")
        } catch {
            printError("weft preview: cannot save \(path): \(error)")
        }
    }

    /// `weft preview: 120 frames, 33.10 frames/s after the first, render median 21.30 ms`: how fast frames were
    /// presented once the first was (setup excluded), and the median time to render one (overlay and copy excluded).
    static func summary(presented: Int, since first: ContinuousClock.Instant?, renderTimes: [Duration]) -> String {
        var line = "weft preview: \(presented) frames"
        if let first, presented > 1 {
            let rate = Float(Double(presented - 1) / seconds(ContinuousClock.now - first))
            line += ", \(PreviewParameter.format(rate)) frames/s after the first"
        }
        if !renderTimes.isEmpty {
            line += ", render median \(milliseconds(renderTimes.sorted()[renderTimes.count / 2]))"
        }
        return line
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    static func milliseconds(_ d: Duration) -> String {
        PreviewParameter.format(Float(seconds(d) * 1000)) + " ms"
    }
}
