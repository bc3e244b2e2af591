import Foundation
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftViews

/// A scene read from a JSON file (docs/scenes.md): a view tree and how to render it.
public struct Scene: Sendable {
    public var size: Size
    public var scale: Float
    public var background: Color
    /// `$frame` of the scene's effects, unless the caller gives another.
    public var frame: UInt32
    /// `$reduceMotion` of the scene's effects; a caller can only turn it on.
    public var reduceMotion: Bool
    /// Folders of stitchable shaders the scene's effects are found in, as written.
    public var shaderFolders: [String]
    /// The view tree; for a scene with states, the initial state.
    public var root: ViewNode
    /// The scene's states over time, when it has any.
    public var timeline: Timeline?

    /// `"duration"` as written, seconds; nil when the file gives none.
    public var playTime: Double?

    /// The named states (`"states"`) and the one the timeline starts in; empty and nil for a single `"root"`.
    public var states: [String: ViewNode] = [:]
    public var initialState: String?

    /// How long the scene plays, seconds: its `"duration"`, else until its timeline's last change
    /// has finished (0 for a still scene).
    public var duration: Double { playTime ?? timeline?.duration ?? 0 }

    /// The scene `time` seconds in, laid out at `size` (nil: its own): the state shown then (for a scene whose states
    /// have an `onGeometryChange`, the one its actions choose at that size), the faults found in laying it out, and
    /// the options to render it with (`options(at:index:caller:)`). The one place that turns "a scene at a time" into
    /// a frame.
    public func frame(at time: Double, size: Size? = nil, index: UInt32? = nil, caller: RenderOptions = RenderOptions()) -> SceneFrame {
        let size = size ?? self.size
        let (view, warnings, cycles) = shown(at: time, size: size)
        return SceneFrame(view: view, size: size, options: options(at: time, index: index, caller: caller),
                          warnings: warnings, geometryWarnings: cycles)
    }

    /// The options the scene renders with `time` seconds in for a caller that renders with `caller` and asks for frame
    /// `index` (nil: none). The one rule every caller follows (docs/scenes.md, "Scene options and the caller's"):
    /// - the scene's `scale` is multiplied by the caller's (whose default, 1, keeps the scene's);
    /// - the background is the scene's;
    /// - `$frame` is `index` when the caller gives one, else the scene's `frame`;
    /// - reduce-motion is on when the scene or the caller turns it on;
    /// - the rest is the caller's: `time` for `$time`, the pointer, the output format, the working color mode,
    ///   overflow, fusion, the engine's blur and layer batches.
    public func options(at time: Double, index: UInt32? = nil, caller: RenderOptions = RenderOptions()) -> RenderOptions {
        var options = caller
        options.scale = scale * caller.scale
        options.background = background
        options.frame = FrameContext(time: time, index: index ?? frame, reduceMotion: reduceMotion || caller.frame.reduceMotion,
                                     mouse: caller.frame.mouse)
        return options
    }

    /// The view shown `time` seconds in at `size`, and the faults of a timeline's states shown then. The planner reports
    /// the faults of the view it lays out; a scene adds only those of a timeline's states, which during a change include
    /// the old state's, not in the view shown.
    private func shown(at time: Double, size: Size) -> (ViewNode, [MatchedGeometryWarning], [GeometryCycleWarning]) {
        if let timeline, !timeline.changes.isEmpty || !timeline.animators.isEmpty, geometrySweep() != nil {
            // The timeline names the state; its onGeometryChanges choose again from it at this size.
            var cycles: [GeometryCycleWarning] = []
            let sized = timeline.replacingStates(initialName: initialState) { state, name in
                guard var sweep = sweep(of: state, named: name) else { return state }
                let chosen = sweep.root(for: size)
                for warning in sweep.warnings where !cycles.contains(warning) { cycles.append(warning) }
                return chosen
            }
            return (sized.view(at: time, size: size), sized.warnings(at: time, size: size), cycles)
        }
        if var sweep = geometrySweep() {
            let view = sweep.root(for: size)
            return (view, [], sweep.warnings)
        }
        guard let timeline else { return (root, [], []) }
        return (timeline.view(at: time, size: size), timeline.warnings(at: time, size: size), [])
    }

    /// A sweep over render sizes that switches between the scene's states, and its components' (`StateSwitch`), by their
    /// `onGeometryChange`s, starting from the initial states; nil when no view has one.
    public func geometrySweep() -> GeometrySweep? {
        guard let initialState else { return GeometrySweep.observes(root) ? GeometrySweep(root) : nil }
        guard states.values.contains(where: GeometrySweep.observes) else { return nil }
        // The reader made `initialState` one of `states`.
        return try? GeometrySweep(states: states, initial: initialState)
    }

    /// A sweep starting from `state`: the scene's state `name`, or, for a scene with a single root, that root.
    private func sweep(of state: ViewNode, named name: String?) -> GeometrySweep? {
        guard let name else { return initialState == nil ? GeometrySweep(state) : nil }
        return try? GeometrySweep(states: states, initial: name)
    }

    /// Reads a scene file's `data` (`SceneDescription.parse`) and resolves it: `shaders` is asked once for a provider
    /// of the folders the scene names (as written; relative ones are against `baseDirectory`), images are read
    /// relative to `baseDirectory`.
    public static func parse(_ data: Data, baseDirectory: String,
                             shaders: (_ folders: [String]) throws -> any SceneShaderProvider) throws(SceneError) -> Scene {
        try SceneDescription.parse(data, baseDirectory: baseDirectory).resolve(shaders: shaders)
    }

    /// Scene files are descriptions, not data: anything larger is refused before it is parsed.
    public static let maxFileBytes = 64 << 20

    /// Reads the scene file at `path` and resolves it (`SceneDescription.read`, then `resolve`), every file it names
    /// inside `confinement`'s folder when one is given.
    public static func load(contentsOf path: String, confinement: SceneConfinement? = nil,
                            shaders: (_ folders: [String]) throws -> any SceneShaderProvider) throws(SceneError) -> Scene {
        try SceneDescription.read(contentsOf: path).resolve(confinement: confinement, shaders: shaders)
    }
}

extension Scene {
    /// A still scene of one view at `size`, at scale 1 on a clear background (what a file with only `"size"` and
    /// `"root"` reads as).
    public init(root: ViewNode, size: Size) {
        self.init(size: size, scale: 1, background: .clear, frame: 0, reduceMotion: false, shaderFolders: [], root: root, timeline: nil)
    }

    /// A scene that plays `timeline` at `size` on `background`, from its start to the end of its last change: a Swift
    /// view driven by a script (`Timeline(_:size:environment:script:)`) as `RenderContext.renderSequence` renders it
    /// to frames or a video.
    public init(timeline: Timeline, size: Size, background: Color = .clear) {
        self.init(size: size, scale: 1, background: background, frame: 0, reduceMotion: false, shaderFolders: [],
                  root: timeline.initial, timeline: timeline)
    }
}

/// A scene at one time (`Scene.frame(at:)`): what to render, at which size, how.
public struct SceneFrame: Sendable {
    public var view: ViewNode
    public var size: Size
    public var options: RenderOptions
    /// The `matchedGeometryEffect` faults of a timeline's states shown (the old and the new one during a change); the
    /// planner reports those of `view` itself (`PlannedRender.warnings`).
    public var warnings: [MatchedGeometryWarning]
    /// The geometry ↔ state cycles of the scene's `onGeometryChange`s at this size.
    public var geometryWarnings: [GeometryCycleWarning] = []
}
