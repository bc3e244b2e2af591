import Synchronization

/// A namespace of `matchedGeometryEffect` ids, declared on a view with `namespace(_:)` (Weft's
/// reading of SwiftUI's `@Namespace`: the ids are shared inside the declaring view).
///
/// Written as SwiftUI writes it, `@Namespace private var ns` is a namespace of its own that needs no declaration:
/// every `matchedGeometryEffect` in it declares it. A host keeps it by the declaring view's identity, as it keeps
/// `@State` (`ViewStates`): a view that a body makes anew has the same namespace in every state while it stays.
@propertyWrapper
public struct Namespace: Sendable, Hashable {
    public let name: String
    /// Made by `@Namespace`: valid wherever it is used.
    let declaresItself: Bool
    /// `@Namespace`'s name as the host keeps it.
    private let kept: StateStorage<String>?
    public init(_ name: String) { (self.name, declaresItself, kept) = (name, false, nil) }
    /// SwiftUI's `@Namespace`: a namespace no other shares.
    public init() {
        (name, declaresItself) = ("@Namespace \(Self.made.wrappingAdd(1, ordering: .relaxed).newValue)", true)
        kept = StateStorage(name)
    }
    private init(declared name: String) { (self.name, declaresItself, kept) = (name, true, nil) }
    /// SwiftUI's `Namespace.ID`: the namespace itself.
    public typealias ID = Namespace
    public var wrappedValue: Namespace { kept.map { Namespace(declared: $0.value) } ?? self }
    private static let made = Atomic<Int>(0)

    public static func == (a: Namespace, b: Namespace) -> Bool { a.name == b.name && a.declaresItself == b.declaresItself }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(declaresItself)
    }
}

extension Namespace: PlaceKeptProperty {
    func bind(to states: ViewStates, at key: ViewStates.Key) {
        if let kept { states.bind(kept, at: key) }
    }
}

/// What a receiver adopts of its source's rectangle.
public struct MatchedGeometryProperties: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

/// A classic `matchedGeometryEffect` fault, found when a tree is laid out; the render goes on.
public struct MatchedGeometryWarning: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// More than one view is the source of the id at once; the first in drawing order wins.
        case twoSources
        /// No ancestor declares the id's namespace; the view is left where its layout puts it.
        case missingNamespace
        /// An ancestor (the canvas, an opaque drawing group) clips the receiver's adopted rectangle.
        case receiverClipped
    }
    public var kind: Kind
    public var id: String
    public var namespace: String
    public var description: String {
        switch kind {
        case .twoSources: "matchedGeometryEffect: id '\(id)' in namespace '\(namespace)' has more than one source at once; the first is used"
        case .missingNamespace: "matchedGeometryEffect: id '\(id)' names namespace '\(namespace)', which no enclosing view declares"
        case .receiverClipped: "matchedGeometryEffect: a receiver of id '\(id)' in namespace '\(namespace)' is clipped by an ancestor"
        }
    }
}

/// `matchedGeometryEffect(id:in:properties:anchor:isSource:)` as written, and, once the tree is laid out
/// (`resolve`), where the view's content goes in its own space.
package struct MatchedGeometry: ModifierRule, Equatable {
    var id: String
    var namespace: String
    var properties: MatchedGeometryProperties
    var anchor: UnitPoint
    var isSource: Bool
    var placement: Placement?

    package init(id: String, namespace: String, properties: MatchedGeometryProperties, anchor: UnitPoint, isSource: Bool) {
        self.id = id
        self.namespace = namespace
        self.properties = properties
        self.anchor = anchor
        self.isSource = isSource
    }

    /// The content is offered `offer` and placed with its anchor at `anchorPoint`; the view's own
    /// size in its parent's layout does not change (an effect, as in SwiftUI).
    struct Placement: Sendable, Hashable {
        var anchorPoint: SIMD2<Float>
        var offer: SIMD2<Float>
    }

    package static let sceneKeys = ["matchedGeometryEffect"]

    /// The view keeps its content's natural size in its parent's layout; the content, once placed, is offered and
    /// placed where the placement says.
    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        let natural = layout.size(of: child, proposed: proposed)
        guard let p = placement else {
            return FrameLayout.Arrangement(size: natural, children: [Layout.Placement(node: child, proposal: proposed, transform: .identity)])
        }
        let childSize = layout.size(of: child, proposed: p.offer)
        return FrameLayout.Arrangement(size: natural, children: [Layout.Placement(node: child, proposal: p.offer,
                                                                                  transform: .translation(p.anchorPoint - anchor.vector * childSize))])
    }

    package var keepsSpacer: Bool { false }

    /// The same id in the same namespace; placements, where both ends have one, interpolate.
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let y = other as? MatchedGeometry, id == y.id, namespace == y.namespace else { return nil }
        guard let px = placement, let py = y.placement else { return y }
        var m = y
        m.placement = Placement(anchorPoint: Interpolation.lerp(px.anchorPoint, py.anchorPoint, p),
                                offer: pointwiseMax(Interpolation.lerp(px.offer, py.offer, p), .zero))
        return m
    }

    package var drawing: ModifierDrawing { .child }
}

/// `namespace(_:)`: declares a namespace of `matchedGeometryEffect` ids for the view's content; changes nothing drawn.
package struct NamespaceDeclaration: ModifierRule, Hashable {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package static let sceneKeys = ["namespace"]

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? NamespaceDeclaration, other.name == name else { return nil }
        return other
    }

    package var drawing: ModifierDrawing { .child }
}

extension View {
    /// Declares `namespace` for this view's content: `matchedGeometryEffect` ids in it are shared inside.
    public func namespace(_ namespace: Namespace) -> ModifiedView { modified(NamespaceDeclaration(name: namespace.name)) }

    /// Joins the group of views sharing `id` in `namespace`. The group's source (at most one at a time) keeps its
    /// own layout; the others adopt its rectangle's position, size or both, aligned at `anchor`, without changing
    /// their own room in their parents' layout. When the source changes under an animation, the adopted rectangle
    /// interpolates like any animatable value.
    public func matchedGeometryEffect(id: String, in namespace: Namespace, properties: MatchedGeometryProperties = .frame,
                                      anchor: UnitPoint = .center, isSource: Bool = true) -> ModifiedView {
        let matched = modified(MatchedGeometry(id: id, namespace: namespace.name, properties: properties, anchor: anchor,
                                                 isSource: isSource))
        return namespace.declaresItself ? matched.namespace(namespace) : matched
    }

    /// SwiftUI's `matchedGeometryEffect` with any identifier (`foto.id`): its description is the id.
    public func matchedGeometryEffect(id: some Hashable & Sendable, in namespace: Namespace, properties: MatchedGeometryProperties = .frame,
                                      anchor: UnitPoint = .center, isSource: Bool = true) -> ModifiedView {
        matchedGeometryEffect(id: String(describing: id), in: namespace, properties: properties, anchor: anchor, isSource: isSource)
    }
}
