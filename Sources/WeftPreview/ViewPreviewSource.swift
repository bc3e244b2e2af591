import Weft

/// A Swift view in the preview window (`PreviewSession`), driven by the clicks it receives: a click while the clock
/// runs taps the topmost `Button` or `onTapGesture` view under the pointer at the clock's time, and the state change
/// animates as it would in a script (`InteractiveTimeline`). A click where no tap target is, or at a time before the
/// last tap's (after stepping the clock back or restarting it), changes nothing. A click while paused traces the
/// pixel, as it does for any content.
public struct ViewPreviewSource<Root: View>: PreviewSource {
    public let interactive: InteractiveTimeline<Root>
    public let size: Size
    public let name: String

    /// `root` at `size` points, its body built and its `onGeometryChange` actions run at that size.
    public init(_ root: Root, size: Size, name: String, environment: EnvironmentValues = EnvironmentValues()) throws(InteractionError) {
        interactive = try InteractiveTimeline(root, size: size, environment: environment)
        self.size = size
        self.name = name
    }

    public func load(overrides: [String: [Float]]) throws -> PreviewContent {
        let interactive = self.interactive
        var content = PreviewContent(view: interactive.timeline.initial, before: nil, size: size,
                                     options: RenderOptions(background: .white), name: name, watchedFiles: [], parameters: [],
                                     viewAt: { seconds, size in interactive.timeline.view(at: seconds, size: size) })
        content.tap = { point, seconds in
            (try? interactive.run(.tap(at: CGPoint(x: point.x, y: point.y), at: seconds))) ?? false
        }
        return content
    }

    public func messages(for error: any Error) -> [String] { ["\(name): \(error)"] }
}
