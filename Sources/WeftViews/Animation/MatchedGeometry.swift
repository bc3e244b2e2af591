/// A namespace of `matchedGeometryEffect` ids, declared on a view with `namespace(_:)` (Weft's
/// reading of SwiftUI's `@Namespace`: the ids are shared inside the declaring view).
public struct Namespace: Sendable, Hashable {
    public let name: String
    public init(_ name: String) { self.name = name }
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
package struct MatchedGeometry: Sendable {
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

    /// Places every group member of `root`, laid out at `size`, that is not placed yet: a source where its own
    /// layout puts it, a receiver on its source's rectangle (per `properties`, at `anchor`). With `other`, the
    /// sources are `other`'s (another state laid out at the same size) and every member of `root` that has one
    /// there, source or not, is placed on it: where a view entering or leaving in a change starts or ends.
    package static func resolve(_ root: ViewNode, size: SIMD2<Float>, sourcesIn other: ViewNode? = nil)
        -> (root: ViewNode, warnings: [MatchedGeometryWarning]) {
        guard hasMembers(root) else { return (root, []) }
        let members = collect(root, size: size)
        var warnings: [MatchedGeometryWarning] = []
        var sources: [Key: Member] = [:]
        for member in other.map({ collect($0, size: size) }) ?? members where member.geometry.isSource && member.namespaceDeclared {
            if sources[member.key] == nil { sources[member.key] = member } else { warnings.append(member.warning(.twoSources)) }
        }
        var placements: [[Int]: MatchedGeometry] = [:]
        for member in members {
            guard member.namespaceDeclared else {
                warnings.append(member.warning(.missingNamespace))
                continue
            }
            var m = member.geometry
            let own = Placement(anchorPoint: m.anchor.vector * member.size, offer: member.proposal)
            let source = other != nil || !m.isSource ? sources[member.key] : nil
            if m.placement == nil {
                if let source {
                    let target = source.frame.applying(member.transform.inverse)
                    let anchorPoint = m.properties.contains(.position) ? target.origin + m.anchor.vector * target.size : own.anchorPoint
                    m.placement = Placement(anchorPoint: anchorPoint, offer: m.properties.contains(.size) ? target.size : member.proposal)
                    // Placed on another state's source, the view is that state's receiver.
                    if other != nil { m.isSource = false }
                } else {
                    m.placement = own
                }
                placements[member.place] = m
            }
            if !m.isSource, source != nil, let p = m.placement {
                let adoptedSize = Layout.size(of: member.content, proposed: p.offer)
                let adopted = Rect(origin: p.anchorPoint - m.anchor.vector * adoptedSize, size: adoptedSize).applying(member.transform)
                if adopted.intersection(member.clip) != adopted { warnings.append(member.warning(.receiverClipped)) }
            }
        }
        return (placed(root, placements, place: []), other == nil ? warnings : [])
    }

    /// Whether `node` has a `matchedGeometryEffect` anywhere, without laying it out.
    private static func hasMembers(_ node: ViewNode) -> Bool {
        switch node.kind {
        case .shape, .image, .spacer: false
        case .stack(let children), .stacked(_, let children): children.contains(where: hasMembers)
        case .modified(_, .matchedGeometry): true
        case .modified(let child, _): hasMembers(child)
        }
    }

    private static func collect(_ root: ViewNode, size: SIMD2<Float>) -> [Member] {
        var members: [Member] = []
        collect(root, proposal: size, transform: Layout.rootTransform(root, size: size), namespaces: [], clip: Rect(size: size),
                place: [], into: &members)
        return members
    }

    private struct Key: Hashable { var id: String; var namespace: String }

    private struct Member {
        var geometry: MatchedGeometry
        /// The view inside the effect.
        var content: ViewNode
        var place: [Int]
        var proposal: SIMD2<Float>
        var size: SIMD2<Float>
        /// From the view's space to the scene's.
        var transform: Affine
        var clip: Rect
        var namespaceDeclared: Bool
        var key: Key { Key(id: geometry.id, namespace: geometry.namespace) }
        var frame: Rect { Rect(size: size).applying(transform) }
        func warning(_ kind: MatchedGeometryWarning.Kind) -> MatchedGeometryWarning {
            MatchedGeometryWarning(kind: kind, id: geometry.id, namespace: geometry.namespace)
        }
    }

    private static func collect(_ node: ViewNode, proposal: SIMD2<Float>, transform: Affine, namespaces: Set<String>, clip: Rect,
                                place: [Int], into members: inout [Member]) {
        let (size, children) = Layout.arrange(node, proposed: proposal)
        var namespaces = namespaces
        var clip = clip
        if case .modified(_, let modifier) = node.kind {
            switch modifier {
            case .namespace(let name):
                namespaces.insert(name)
            case .matchedGeometry(let m):
                members.append(Member(geometry: m, content: children[0].node, place: place, proposal: proposal, size: size, transform: transform, clip: clip,
                                      namespaceDeclared: namespaces.contains(m.namespace)))
            case .drawingGroup(let opaque, _):
                if opaque { clip = clip.intersection(Rect(size: size).applying(transform)) }
            case .frame, .flexibleFrame, .offset, .padding, .rotation, .scale, .opacity, .blendMode, .shadow, .compositingGroup, .effect,
                 .blendEffect, .id, .transition, .relativeOffset, .leaving, .geometryChange, .geometryGroup, .groupAnchor:
                break
            }
        }
        for (i, child) in children.enumerated() {
            collect(child.node, proposal: child.proposal, transform: transform * child.transform, namespaces: namespaces, clip: clip,
                    place: place + [i], into: &members)
        }
    }

    /// `node` with the members at the given places replaced.
    private static func placed(_ node: ViewNode, _ placements: [[Int]: MatchedGeometry], place: [Int]) -> ViewNode {
        guard placements.keys.contains(where: { $0.starts(with: place) }) else { return node }
        switch node.kind {
        case .shape, .image, .spacer:
            return node
        case .stack(let children):
            return ViewNode(.stack(children.enumerated().map { placed($1, placements, place: place + [$0]) }))
        case .stacked(let layout, let children):
            return ViewNode(.stacked(layout, children.enumerated().map { placed($1, placements, place: place + [$0]) }))
        case .modified(let child, var modifier):
            if case .matchedGeometry = modifier, let m = placements[place] { modifier = .matchedGeometry(m) }
            return ViewNode(.modified(placed(child, placements, place: place + [0]), modifier))
        }
    }
}

extension View {
    /// Declares `namespace` for this view's content: `matchedGeometryEffect` ids in it are shared inside.
    public func namespace(_ namespace: Namespace) -> ModifiedView { modified(.namespace(namespace.name)) }

    /// Joins the group of views sharing `id` in `namespace`. The group's source (at most one at a time) keeps its
    /// own layout; the others adopt its rectangle's position, size or both, aligned at `anchor`, without changing
    /// their own room in their parents' layout. When the source changes under an animation, the adopted rectangle
    /// interpolates like any animatable value.
    public func matchedGeometryEffect(id: String, in namespace: Namespace, properties: MatchedGeometryProperties = .frame,
                                      anchor: UnitPoint = .center, isSource: Bool = true) -> ModifiedView {
        modified(.matchedGeometry(MatchedGeometry(id: id, namespace: namespace.name, properties: properties, anchor: anchor,
                                                  isSource: isSource)))
    }
}
