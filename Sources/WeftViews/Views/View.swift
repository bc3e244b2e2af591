#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import WeftImage

/// A piece of a scene: an immutable value describing content, layout and compositing.
/// Nothing renders until a `RenderContext` is asked for pixels.
///
/// Written as SwiftUI writes it, a view is made of other views: its `body`. Weft's own views (shapes, text, stacks,
/// every modifier's result) are primitive: their `Body` is `Never` and they give their `node` directly.
public protocol View: Sendable {
    /// What the view is made of; `Never` for a primitive view.
    associatedtype Body: View = Never
    /// The view's content, built from other views (SwiftUI's `body`).
    @ViewBuilder var body: Body { get }
    /// The view as a node of Weft's view tree; a composite view's is its `body`'s.
    var node: ViewNode { get }
}

extension View {
    /// A view with state a host keeps by identity is built once its place is known (`Evaluation.unbuiltBody(of:)`).
    public var node: ViewNode { Evaluation.current?.unbuiltBody(of: self) ?? body.node }
}

extension View where Body == Never {
    /// A primitive view has no body: its `node` is what it is.
    public var body: Never { preconditionFailure("\(Self.self) is a primitive view: it has a node, not a body") }
}

/// The body of primitive views; never built.
extension Never: View {
    public var node: ViewNode { preconditionFailure("Never is no view") }
}

/// One node of a view tree. Opaque to users; the planner lowers it to a `RenderPlan`.
public struct ViewNode: Sendable, View {
    package enum Kind: Sendable {
        case shape(ShapeGeometry, FillStyle)
        case image(Image)
        /// Shaped text (`Text`), drawn by the glyph kernel.
        case text(Text)
        /// Children drawn on each other, each placed in the stack by `alignment` (`ZStack`).
        case stack([ViewNode], alignment: UnitPoint = .center)
        /// `HStack` / `VStack`.
        case stacked(StackLayout, [ViewNode])
        /// `LazyVGrid` / `Grid`: children in rows across columns.
        case grid(GridLayout, [ViewNode])
        /// `Spacer`: room in a stack, nothing drawn.
        case spacer(minLength: Float)
        /// A view under a modifier: what the modifier does is its rule's (`ModifierRule`).
        case modified(ViewNode, any ModifierRule)
    }
    /// The node's content, shared by every copy, what layout asks of it (`LayoutTraits`) and the layout's answers for
    /// it (`LayoutMemo`).
    ///
    /// What layout reads of every view it walks (traits, then answers) lies first, in the object's first cache line
    /// with its reference count: a tree built just before its frame is planned is read from memory view by view.
    fileprivate final class Storage: Sendable {
        let traits: LayoutTraits
        let layout = Mutex(LayoutMemo())
        let drawn = Mutex<(any AnyObject & Sendable)?>(nil)
        let kind: Kind
        let deferred: DeferredContent
        /// For a view deeper than `DeepRelease.deepestRecursive`, what lets go of its children once `kind` no longer
        /// holds them: stored properties are destroyed in order, so it goes after `kind`.
        private let deepRelease: DeepRelease.Token?
        init(_ kind: Kind, traits: LayoutTraits? = nil, deferred: DeferredContent? = nil) {
            let traits = traits ?? LayoutTraits(kind)
            self.traits = traits
            self.kind = kind
            self.deferred = deferred ?? DeferredContent(kind)
            deepRelease = traits.depth > DeepRelease.deepestRecursive ? DeepRelease.Token() : nil
        }

        deinit {
            if let deepRelease { DeepRelease.hold(kind.heldStorages, in: deepRelease) }
        }
    }
    fileprivate let storage: Storage
    package var kind: Kind { _read { yield storage.kind } }
    /// `body` of this node's content and `other`'s, read where they are kept rather than copied out.
    func withKinds<R>(and other: ViewNode, _ body: (Kind, Kind) -> R) -> R { body(storage.kind, other.storage.kind) }
    /// What the tree leaves for the render to settle: content built from the frame's time, effects from a view's place.
    package var deferred: DeferredContent { storage.deferred }
    var layoutTraits: LayoutTraits { storage.traits }
    /// What this view answered to the proposals it was asked (`FrameLayout` reads and fills it).
    func withLayoutMemo<R>(_ body: (inout LayoutMemo) -> R) -> R { storage.layout.withLock { body(&$0) } }
    /// What a planner kept of the view's last draw (its own type), so that drawing the view again in the same place
    /// finds what it found then without looking it up: like its layout, kept with the view for as long as it lives.
    package var drawnMemo: (any AnyObject & Sendable)? {
        get { storage.drawn.withLock { $0 } }
        nonmutating set { storage.drawn.withLock { $0 = newValue } }
    }
    /// The same for every copy of this node, different from any other node's while this one lives.
    package var identity: ObjectIdentifier { ObjectIdentifier(storage) }
    package init(_ kind: Kind) { self.storage = Storage(kind) }
    /// A node of `kind`, whose content equals `equal`'s (its children equal theirs): what layout asks of it and what
    /// it leaves for the render are `equal`'s, not worked out again.
    init(_ kind: Kind, equalTo equal: ViewNode) { self.storage = Storage(kind, traits: equal.storage.traits, deferred: equal.storage.deferred) }
    public var node: ViewNode { self }
}

/// Let go of, a view releases its children, which release theirs: a call a level, deeper than a thread's stack holds
/// for a tree a program can build (a view under 100,000 modifiers). A view deeper than `deepestRecursive` hands its
/// children to the thread's release in progress, or starts one once its content has let go of them; a release in
/// progress lets go of the views it was handed one at a time, so no release recurses deeper than `deepestRecursive`.
private enum DeepRelease {
    static let deepestRecursive = 64

    /// Where a deep view's children wait, when no release is in progress, for its content to let go of them.
    final class Token: @unchecked Sendable {
        /// Touched only as its view is let go of, on that thread.
        var held: [ViewNode.Storage] = []
        deinit {
            guard !held.isEmpty else { return }
            var children: [ViewNode.Storage] = []
            swap(&children, &held)
            DeepRelease.release(consume children)
        }
    }

    /// The list of views the calling thread's release in progress has yet to let go of.
    private static let inProgress: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for releasing deep view trees")
        return key
    }()

    /// `storages`, the children of a deep view being let go of: into the release in progress, or kept by `token`.
    static func hold(_ storages: [ViewNode.Storage], in token: Token) {
        if let list = pthread_getspecific(inProgress) {
            list.assumingMemoryBound(to: [ViewNode.Storage].self).pointee.append(contentsOf: storages)
        } else {
            token.held = storages
        }
    }

    /// Lets go of `storages` and of every deep view's children handed over meanwhile, one at a time.
    static func release(_ storages: consuming [ViewNode.Storage]) {
        withUnsafeMutablePointer(to: &storages) { list in
            pthread_setspecific(inProgress, list)
            while !list.pointee.isEmpty { _ = list.pointee.removeLast() }
            pthread_setspecific(inProgress, nil)
        }
    }
}

extension ViewNode.Kind {
    /// The storage of every view this content holds: its children, and the views its modifier holds.
    fileprivate var heldStorages: [ViewNode.Storage] {
        switch self {
        case .shape, .image, .text, .spacer: []
        case .stack(let children, _), .stacked(_, let children), .grid(_, let children): children.map(\.storage)
        case .modified(let child, let rule): [child.storage] + rule.heldViews.map(\.storage)
        }
    }
}

/// A view with modifiers applied; what every modifier returns. A modifier on a list of views (`Group`, `ForEach`, a
/// body of several views) modifies each of them (`eachView`), and the result is that list of modified views: stacked
/// under a `ModifiedList` mark, so that a `ModifiedView` stays one reference (a layout Swift 6.3.1 returns through
/// typed throws without over-releasing it, as `Timeline` notes).
public struct ModifiedView: View, ViewList {
    public let node: ViewNode
    init(_ node: ViewNode) { self.node = node }
    init(each children: [ViewNode]) {
        node = children.count == 1 ? children[0] : ViewNode(.modified(ViewNode(.stack(children)), ModifiedList()))
    }
    package var children: [ViewNode] {
        guard case .modified(let list, is ModifiedList) = node.kind, case .stack(let children, _) = list.kind else { return [node] }
        return children
    }
}

/// Children drawn in order, each placed in the stack by `alignment` (centred by default); the stack is as large as
/// its largest child.
public struct ZStack: View {
    public let children: [ViewNode]
    public var alignment: UnitPoint = .center
    public init(alignment: UnitPoint = .center, @ViewBuilder content: () throws -> [ViewNode]) rethrows {
        self.alignment = alignment
        self.children = try content()
    }
    public init(alignment: UnitPoint = .center, children: [any View]) {
        self.alignment = alignment
        self.children = children.map(\.node)
    }
    public var node: ViewNode { ViewNode(.stack(children, alignment: alignment)) }
}

/// One view per element. Inside a stack its views are the stack's children, lined up like any others (SwiftUI's
/// `ForEach` is no container); on its own it stacks them like a `ZStack`'s children. Each element's views are
/// identified by the element's id (`StructuralIdentity`): across states they are the views of the element of that
/// id, wherever it stands.
public struct ForEach<Data: Sequence>: View, ViewList where Data: Sendable {
    /// The views, one or more per element, in order.
    public let children: [ViewNode]

    /// One element's views after another, each element's named by `id(element, offset)`.
    init<ID: Hashable>(_ data: Data, id: (Data.Element, Int) -> ID, content: (Data.Element) throws -> [ViewNode]) rethrows {
        children = try data.enumerated().flatMap { offset, element in
            StructuralIdentity.named(try content(element), at: StructuralIdentity.element(id(element, offset)))
        }
    }

    /// The elements identified by their place in `data` (SwiftUI asks for `Identifiable` elements or an `id:`).
    public init(_ data: Data, @ViewBuilder content: (Data.Element) throws -> [ViewNode]) rethrows {
        try self.init(data, id: { $1 }, content: content)
    }
    public var node: ViewNode { ViewNode(.stack(children)) }
}

/// Builds a container's children, or a `body`, from views written one after another, `if`/`else`, `switch`, `if let`
/// and `for` loops.
@resultBuilder
public enum ViewBuilder {
    /// A view's children in the container: its node, or the views of a `ForEach`, `Group`, `EmptyView` or of a body
    /// of several views, which join the container's children.
    public static func buildExpression(_ view: some View) -> [ViewNode] { view.containerChildren }
    /// The views of each statement; the named ones (`StructuralIdentity`) named in their statement's slot.
    public static func buildBlock(_ parts: [ViewNode]...) -> [ViewNode] {
        parts.enumerated().flatMap { slot, views in StructuralIdentity.slot(slot, views) }
    }
    /// An `if` without `else`: its views are present or absent at one place.
    public static func buildOptional(_ part: [ViewNode]?) -> [ViewNode] { part.map { StructuralIdentity.named($0, at: "?") } ?? [] }
    /// An `if`'s branch, or a `switch`'s case (nested branches): each branch its own views.
    public static func buildEither(first: [ViewNode]) -> [ViewNode] { StructuralIdentity.named(first, at: "T") }
    public static func buildEither(second: [ViewNode]) -> [ViewNode] { StructuralIdentity.named(second, at: "F") }
    /// A `for` loop's views: unnamed ones match by position (SwiftUI's builders have no `for`; `ForEach` names its
    /// elements' views), named ones are named in their pass.
    public static func buildArray(_ parts: [[ViewNode]]) -> [ViewNode] {
        parts.enumerated().flatMap { pass, views in StructuralIdentity.slot(pass, views) }
    }
    public static func buildLimitedAvailability(_ part: [ViewNode]) -> [ViewNode] { part }
    /// A container's children.
    public static func buildFinalResult(_ parts: [ViewNode]) -> [ViewNode] { parts }
    /// A `body` or a `@ViewBuilder` property: the views as one.
    public static func buildFinalResult(_ parts: [ViewNode]) -> BuiltViews { BuiltViews(parts) }
}

/// A bitmap as a view: `pixels.width / scale × pixels.height / scale` points, not resizable.
///
/// RGBA8 pixels are taken as premultiplied sRGB-encoded values (`.nonLinear`); RGBA16F pixels
/// as premultiplied extended-linear values.
public struct Image: View, Equatable {
    public let pixels: PixelBuffer
    /// Pixels per point.
    public let scale: Float
    /// A built-in symbol drawn instead of pixels (`init(systemName:)`).
    package var symbol: Symbol?

    public init(_ pixels: PixelBuffer) {
        self.pixels = pixels
        self.scale = 1
    }

    /// SwiftUI's `Image(systemName:)`: a built-in symbol (`Symbol`), `size` points square, drawn as a path in `color`; an
    /// unknown name is an error listing the known ones.
    public init(systemName name: String, size: Float = 17, color: Color = .black) throws(ViewError) {
        self.symbol = try Symbol(systemName: name, size: size, color: color)
        self.pixels = PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)
        self.scale = 1
    }

    /// `pixels` at `scale` pixels per point, which must be positive and finite.
    public init(_ pixels: PixelBuffer, scale: Float) throws(ViewError) {
        guard scale > 0, scale.isFinite else { throw .imageScale(scale) }
        self.pixels = pixels
        self.scale = scale
    }

    /// The image's size in points.
    public var size: Size {
        if let symbol { return Size(width: symbol.size, height: symbol.size) }
        return Size(width: Float(pixels.width) / scale, height: Float(pixels.height) / scale)
    }

    package var colorMode: ColorMode { pixels.format == .rgba8Unorm ? .nonLinear : .extendedLinear }

    public var node: ViewNode { symbol?.node ?? ViewNode(.image(self)) }
}
